/* bench-ui: how much the game writes to the terminal per keystroke, and
 * how long it takes.  Runs grognard in a pseudo-terminal of 80x24, types a
 * fixed sequence of keys, and reports the median and the maximum of the
 * bytes written and of the time until the screen settled, for cursor keys
 * alone and for all keys.  A figure to watch over SSH, not a pass/fail test.
 *
 *     bench-ui [PATH-TO-GROGNARD]
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define QUIET_MS 150 /* no output for this long: the screen has settled */

struct key {
	const char *bytes;
	const char *what;
	int cursor; /* a plain cursor movement */
};

static const struct key keys[] = {
	{ "l", "cursor east", 1 }, { "l", "cursor east", 1 }, { "l", "cursor east", 1 },
	{ "j", "cursor south", 1 }, { "j", "cursor south", 1 }, { "k", "cursor north", 1 },
	{ "h", "cursor west", 1 }, { "y", "cursor north-west", 1 }, { "n", "cursor south-east", 1 },
	{ "\033[C", "arrow right", 1 }, { "\033[D", "arrow left", 1 }, { "\033[A", "arrow up", 1 },
	{ "\033[B", "arrow down", 1 }, { "L", "cursor east fast", 1 }, { "H", "cursor west fast", 1 },
	{ "g", "brigade menu", 0 }, { "1", "choose a brigade", 0 }, { "\t", "next unit", 0 },
	{ "\t", "next unit", 0 }, { "m", "move preview", 0 }, { "k", "shorten the move", 0 },
	{ "\r", "give the move", 0 }, { "l", "cursor east", 1 }, { "l", "cursor east", 1 },
	{ "2", "command radii overlay", 0 }, { "2", "overlay off", 0 }, { "+", "zoom in", 0 },
	{ "-", "zoom out", 0 }, { "j", "cursor south", 1 }, { "j", "cursor south", 1 },
	{ "?", "help", 0 }, { "q", "leave help", 0 }, { "k", "cursor north", 1 },
};
#define NKEYS ((int)(sizeof keys / sizeof keys[0]))

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

/* Read until the terminal has been quiet for QUIET_MS; returns the bytes
 * read, and in *last the time the last byte arrived. */
static long drain(int fd, double *last)
{
	char buf[65536];
	long total = 0;
	*last = now_ms();
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int r = poll(&p, 1, QUIET_MS);
		ssize_t n;
		if (r <= 0)
			return total;
		n = read(fd, buf, sizeof buf);
		if (n <= 0)
			return total;
		total += n;
		*last = now_ms();
	}
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void report(const char *what, long *bytes, double *ms, int n)
{
	qsort(bytes, (size_t)n, sizeof *bytes, cmp_long);
	qsort(ms, (size_t)n, sizeof *ms, cmp_double);
	printf("%-12s %3d keys: bytes per key median %5ld max %5ld;  ms per key median %5.1f max %5.1f\n",
	       what, n, bytes[n / 2], bytes[n - 1], ms[n / 2], ms[n - 1]);
}

int main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "src/grognard";
	struct winsize ws = { .ws_row = 24, .ws_col = 80 };
	long bytes_all[NKEYS], bytes_cur[NKEYS], first;
	double ms_all[NKEYS], ms_cur[NKEYS], last;
	int fd, ncur = 0, status;
	pid_t pid = forkpty(&fd, NULL, NULL, &ws);

	if (pid < 0) {
		perror("forkpty");
		return 1;
	}
	if (pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		execl(prog, prog, "--seed", "3", (char *)NULL);
		perror(prog);
		_exit(127);
	}
	first = drain(fd, &last);
	printf("first screen: %ld bytes\n", first);
	for (int i = 0; i < NKEYS; i++) {
		double t0 = now_ms();
		if (write(fd, keys[i].bytes, strlen(keys[i].bytes)) < 0) {
			perror("write");
			return 1;
		}
		bytes_all[i] = drain(fd, &last);
		ms_all[i] = last - t0;
		if (keys[i].cursor) {
			bytes_cur[ncur] = bytes_all[i];
			ms_cur[ncur++] = ms_all[i];
		}
		if (getenv("BENCH_VERBOSE"))
			printf("  %-22s %5ld bytes %6.1f ms\n", keys[i].what, bytes_all[i], ms_all[i]);
	}
	report("cursor keys", bytes_cur, ms_cur, ncur);
	report("all keys", bytes_all, ms_all, NKEYS);
	/* Leave: quit and confirm. */
	if (write(fd, "qy", 2) < 0)
		perror("write");
	drain(fd, &last);
	close(fd);
	waitpid(pid, &status, 0);
	return 0;
}
