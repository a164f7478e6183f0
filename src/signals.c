/* SPDX-License-Identifier: GPL-3.0-or-later */
/* signals: a hang-up, a request to stop or an interrupt only raises a flag;
 * the loops save and stop. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/victory.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "main-int.h"
#include "random-cli.h"
#include "ui/ui.h"

volatile sig_atomic_t got_hangup, got_interrupt;

static void on_hangup(int sig)
{
	(void)sig;
	got_hangup = 1;
}

static void on_interrupt(int sig)
{
	(void)sig;
	got_interrupt = 1;
}

/* The handlers only raise flags; the game loop saves and stops. */
void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_hangup; /* no SA_RESTART: a blocked read wakes up */
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
}
