/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-child: a program run as a child for the benchmarks, its output
 * thrown away, with the CPU time and peak memory it took. */
#ifndef GROGNARD_BENCH_CHILD_H
#define GROGNARD_BENCH_CHILD_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run argv (argv[0] a path, at most 15 words): its user and system CPU
 * time (ms) and peak RSS (KB); false unless it ran to a clean exit. */
static inline bool bench_child(const char *const argv[], double *user_ms, double *sys_ms, long *rss)
{
	struct rusage ru;
	int status;
	pid_t pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		FILE *in = freopen("/dev/null", "r", stdin), *out = freopen("/dev/null", "w", stdout);
		char *args[16] = { NULL };
		(void)in, (void)out;
		for (int i = 0; i < 15 && argv[i]; i++)
			memcpy(&args[i], &argv[i], sizeof args[i]); /* execv's array is not const */
		execv(args[0], args);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return false;
	*rss = ru.ru_maxrss;
	*user_ms = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3;
	*sys_ms = ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3;
	return true;
}

#endif
