/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ui: how much the game writes to the terminal per keystroke, and
 * how long it takes.  Runs grognard in a pseudo-terminal of 80x24 with a
 * private HOME (no options file, no autosave to continue), plays a fixed
 * sequence of keys in stages, and reports per stage the median and the
 * maximum of the bytes written and of the time until the screen settled.
 * A small terminal emulator follows the output, so that each stage first
 * checks that the screen shows what the stage expects: a sequence that
 * gets out of step stops with a message instead of giving false figures.
 * A figure to watch over SSH, not a pass/fail test.
 *
 *     bench-ui [PATH-TO-GROGNARD]      (BENCH_VERBOSE=1: every key)
 */
#include "config.h"

#include <errno.h>
#include <ftw.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define QUIET_MS 150 /* no output for this long: the screen has settled */
#define ROWS 24
#define COLS 80

/* ------------------------------------------------------------------ */
/* Just enough of a terminal (what ncurses sends for xterm-256color) to
 * know the text on the screen. */

static struct term {
	char cell[ROWS][COLS][5]; /* one UTF-8 character each */
	int y, x, top, bot, sy, sx;
	bool wrap;                /* at the last column, the next character wraps */
	char last[5];             /* the last character written (for REP) */
	int state;                /* 0 text, 1 ESC, 2 CSI, 3 charset, 4 OSC */
	char params[64];
	size_t np;
	unsigned char u8[4];
	int u8n, u8want;
} T;

static void t_clear_cells(int y, int x0, int x1)
{
	for (int x = x0; x < x1 && x < COLS; x++)
		if (y >= 0 && y < ROWS && x >= 0)
			strcpy(T.cell[y][x], " ");
}

static void t_scroll(int top, int bot, int n)
{
	/* n > 0: up (lines leave at the top); n < 0: down. */
	for (; n > 0; n--) {
		memmove(T.cell[top], T.cell[top + 1], sizeof T.cell[0] * (size_t)(bot - top));
		t_clear_cells(bot, 0, COLS);
	}
	for (; n < 0; n++) {
		memmove(T.cell[top + 1], T.cell[top], sizeof T.cell[0] * (size_t)(bot - top));
		t_clear_cells(top, 0, COLS);
	}
}

static void t_reset(void)
{
	memset(&T, 0, sizeof T);
	T.bot = ROWS - 1;
	for (int y = 0; y < ROWS; y++)
		t_clear_cells(y, 0, COLS);
}

static void t_linefeed(void)
{
	if (T.y == T.bot)
		t_scroll(T.top, T.bot, 1);
	else if (T.y < ROWS - 1)
		T.y++;
}

static void t_put(const char *ch)
{
	if (T.wrap) {
		T.x = 0;
		t_linefeed();
		T.wrap = false;
	}
	snprintf(T.cell[T.y][T.x], sizeof T.cell[0][0], "%s", ch);
	snprintf(T.last, sizeof T.last, "%s", ch);
	if (T.x == COLS - 1)
		T.wrap = true;
	else
		T.x++;
}

static int t_param(int i, int dflt)
{
	const char *p = T.params;
	if (*p == '?' || *p == '>')
		p++;
	for (int k = 0; k < i && p; k++) {
		p = strchr(p, ';');
		if (p)
			p++;
	}
	if (!p || *p == '\0' || *p == ';')
		return dflt;
	return atoi(p);
}

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void t_csi(char f)
{
	int n = t_param(0, 1);
	T.wrap = false;
	switch (f) {
	case 'H':
	case 'f':
		T.y = clampi(t_param(0, 1) - 1, 0, ROWS - 1);
		T.x = clampi(t_param(1, 1) - 1, 0, COLS - 1);
		break;
	case 'A': T.y = clampi(T.y - n, 0, ROWS - 1); break;
	case 'B': T.y = clampi(T.y + n, 0, ROWS - 1); break;
	case 'C': T.x = clampi(T.x + n, 0, COLS - 1); break;
	case 'D': T.x = clampi(T.x - n, 0, COLS - 1); break;
	case 'G':
	case '`': T.x = clampi(n - 1, 0, COLS - 1); break;
	case 'd': T.y = clampi(n - 1, 0, ROWS - 1); break;
	case 'K': {
		int m = t_param(0, 0);
		t_clear_cells(T.y, m == 0 ? T.x : 0, m == 1 ? T.x + 1 : COLS);
		break;
	}
	case 'J': {
		int m = t_param(0, 0);
		for (int y = 0; y < ROWS; y++)
			if ((m == 0 && y > T.y) || (m == 1 && y < T.y) || m == 2)
				t_clear_cells(y, 0, COLS);
		if (m == 0)
			t_clear_cells(T.y, T.x, COLS);
		else if (m == 1)
			t_clear_cells(T.y, 0, T.x + 1);
		break;
	}
	case 'X': t_clear_cells(T.y, T.x, T.x + n); break;
	case '@':
		for (int x = COLS - 1; x >= T.x + n; x--)
			memcpy(T.cell[T.y][x], T.cell[T.y][x - n], sizeof T.cell[0][0]);
		t_clear_cells(T.y, T.x, T.x + n);
		break;
	case 'P':
		for (int x = T.x; x < COLS; x++) {
			if (x + n < COLS)
				memcpy(T.cell[T.y][x], T.cell[T.y][x + n], sizeof T.cell[0][0]);
			else
				strcpy(T.cell[T.y][x], " ");
		}
		break;
	case 'L':
		if (T.y >= T.top && T.y <= T.bot)
			t_scroll(T.y, T.bot, -n);
		break;
	case 'M':
		if (T.y >= T.top && T.y <= T.bot)
			t_scroll(T.y, T.bot, n);
		break;
	case 'S': t_scroll(T.top, T.bot, n); break;
	case 'T': t_scroll(T.top, T.bot, -n); break;
	case 'r':
		T.top = clampi(t_param(0, 1) - 1, 0, ROWS - 1);
		T.bot = clampi(t_param(1, ROWS) - 1, T.top, ROWS - 1);
		T.y = T.x = 0;
		break;
	case 'b':
		for (int k = 0; k < n; k++)
			t_put(T.last);
		break;
	case 'h':
		if (strcmp(T.params, "?1049") == 0 || strcmp(T.params, "?47") == 0)
			for (int y = 0; y < ROWS; y++)
				t_clear_cells(y, 0, COLS);
		break;
	case 's': T.sy = T.y, T.sx = T.x; break;
	case 'u': T.y = T.sy, T.x = T.sx; break;
	default: break; /* colours, modes, reports */
	}
}

static void t_feed(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];
		switch (T.state) {
		case 1: /* after ESC */
			T.state = 0;
			if (c == '[') {
				T.state = 2;
				T.np = 0;
				T.params[0] = '\0';
			} else if (c == '(' || c == ')') {
				T.state = 3;
			} else if (c == ']') {
				T.state = 4;
			} else if (c == '7') {
				T.sy = T.y, T.sx = T.x;
			} else if (c == '8') {
				T.y = T.sy, T.x = T.sx;
			} else if (c == 'M') {
				if (T.y == T.top)
					t_scroll(T.top, T.bot, -1);
				else if (T.y > 0)
					T.y--;
			} else if (c == 'D') {
				t_linefeed();
			} else if (c == 'E') {
				T.x = 0;
				t_linefeed();
			}
			continue;
		case 2: /* CSI */
			if (c >= 0x40 && c <= 0x7e) {
				T.state = 0;
				t_csi((char)c);
			} else if (T.np + 1 < sizeof T.params) {
				T.params[T.np++] = (char)c;
				T.params[T.np] = '\0';
			}
			continue;
		case 3: /* the charset's name */
			T.state = 0;
			continue;
		case 4: /* OSC, to BEL or ST */
			if (c == 7)
				T.state = 0;
			else if (c == 27)
				T.state = 1;
			continue;
		default:
			break;
		}
		if (T.u8want) {
			T.u8[T.u8n++] = c;
			if (T.u8n == T.u8want) {
				char ch[5] = { 0 };
				memcpy(ch, T.u8, (size_t)T.u8n);
				t_put(ch);
				T.u8want = 0;
			}
			continue;
		}
		if (c == 27) {
			T.state = 1;
		} else if (c == '\r') {
			T.x = 0;
			T.wrap = false;
		} else if (c == '\n' || c == 11 || c == 12) {
			t_linefeed();
			T.wrap = false;
		} else if (c == '\b') {
			T.x = T.x > 0 ? T.x - 1 : 0;
			T.wrap = false;
		} else if (c == '\t') {
			T.x = clampi((T.x / 8 + 1) * 8, 0, COLS - 1);
		} else if (c >= 0xc0) {
			T.u8[0] = c;
			T.u8n = 1;
			T.u8want = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
		} else if (c >= 32 && c < 127) {
			char ch[2] = { (char)c, 0 };
			t_put(ch);
		}
	}
}

/* The screen as text, one line per row. */
static void t_text(char *out, size_t size)
{
	size_t o = 0;
	for (int y = 0; y < ROWS; y++) {
		for (int x = 0; x < COLS; x++)
			for (const char *p = T.cell[y][x]; *p && o + 2 < size; p++)
				out[o++] = *p;
		if (o + 2 < size)
			out[o++] = '\n';
	}
	out[o] = '\0';
}

/* ------------------------------------------------------------------ */
/* The keys, in stages; each stage names what the screen must show
 * before its keys are timed. */

struct key {
	const char *bytes;
	const char *what;
	const char *then; /* the screen must show this afterwards (or NULL) */
};

struct stage {
	const char *name;
	const char *expect; /* shown on screen before the stage */
	struct key keys[16];
};

static const struct stage stages[] = {
	{ "cursor", "have the initiative", {
		{ "l", "cursor east", NULL }, { "l", "cursor east", NULL }, { "l", "cursor east", NULL },
		{ "j", "cursor south", NULL }, { "j", "cursor south", NULL }, { "k", "cursor north", NULL },
		{ "h", "cursor west", NULL }, { "y", "cursor north-west", NULL },
		{ "n", "cursor south-east", NULL }, { "\033OC", "arrow right", NULL },
		{ "\033OD", "arrow left", NULL }, { "\033OA", "arrow up", NULL },
		{ "\033OB", "arrow down", NULL }, { "L", "cursor east fast", NULL },
		{ "H", "cursor west fast", NULL } } },
	{ "brigade", "| - | initiative", {
		{ "g", "brigade menu", "Give the initiative to:" },
		{ "1", "choose a brigade", "10e Leger" } } },
	{ "units", "10e Leger", {
		{ "\t", "next unit", NULL }, { "\t", "next unit", NULL },
		{ "\033[Z", "previous unit", NULL }, { "\033[Z", "previous unit", NULL } } },
	{ "move", "10e Leger, 1st battalion", {
		{ "m", "move preview", "Move 10L1" }, { "2", "type 2 cm", "Move 10L1 2.0 cm" },
		{ "\r", "give the move", "10L1 moves 2.0 cm" } } },
	{ "overlays", "10L1 moves", {
		{ "2", "command radii overlay", "radii on" }, { "2", "overlay off", "radii off" },
		{ "+", "zoom in", NULL }, { "-", "zoom out", NULL },
		{ "j", "cursor south", NULL }, { "j", "cursor south", NULL } } },
	{ "dialogs", "10L1 moves", {
		{ "o", "formation menu", "Change formation to:" }, { "\033OB", "menu: down", NULL },
		{ "\033OB", "menu: down", NULL }, { "\033OA", "menu: up", NULL },
		{ "\033", "cancel it", NULL }, { ":", "command line", NULL },
		{ "d", "type a letter", ":d" }, { "u", "type a letter", ":du" },
		{ "\025", "Ctrl-U", NULL }, { "\033", "cancel it", NULL },
		{ "e", "end phase?", "End the manoeuvre phase?" }, { "n", "no", NULL },
		{ "?", "help", "Help: keys" }, { "q", "leave help", NULL },
		{ "k", "cursor north", NULL } } },
};
#define NSTAGES ((int)(sizeof stages / sizeof stages[0]))

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
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
		t_feed(buf, (size_t)n);
		total += n;
		*last = now_ms();
	}
}

static bool shows(const char *what)
{
	static char text[ROWS * (COLS * 4 + 1) + 1];
	t_text(text, sizeof text);
	return strstr(text, what) != NULL;
}

static void dump_screen(void)
{
	static char text[ROWS * (COLS * 4 + 1) + 1];
	t_text(text, sizeof text);
	fprintf(stderr, "the screen was:\n%s", text);
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
	if (n == 0)
		return;
	qsort(bytes, (size_t)n, sizeof *bytes, cmp_long);
	qsort(ms, (size_t)n, sizeof *ms, cmp_double);
	printf("%-10s %3d keys: bytes per key median %5ld max %5ld;  ms per key median %5.1f max %5.1f\n",
	       what, n, bytes[(n - 1) / 2], bytes[n - 1], ms[(n - 1) / 2], ms[n - 1]);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

int main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "src/grognard";
	struct winsize ws = { .ws_row = ROWS, .ws_col = COLS };
	long bytes_all[256], first;
	double ms_all[256], last;
	int fd, nall = 0, status, failed = 0;
	char home[] = "/tmp/bench-ui.XXXXXX", data[64];
	pid_t pid;

	if (!mkdtemp(home)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(data, sizeof data, "%s/data", home);
	t_reset();
	pid = forkpty(&fd, NULL, NULL, &ws);
	if (pid < 0) {
		perror("forkpty");
		return 1;
	}
	if (pid == 0) {
		/* A private home: no options file, no battle to continue, and
		 * the autosave goes nowhere that matters. */
		setenv("HOME", home, 1);
		setenv("XDG_DATA_HOME", data, 1);
		setenv("XDG_CONFIG_HOME", home, 1);
		unsetenv("NO_COLOR");
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		execl(prog, prog, "--seed", "3", "default", (char *)NULL);
		perror(prog);
		_exit(127);
	}
	first = drain(fd, &last);
	printf("first screen: %ld bytes\n", first);
	for (int s = 0; s < NSTAGES && !failed; s++) {
		const struct stage *st = &stages[s];
		long bytes[16];
		double ms[16];
		int n = 0;
		if (!shows(st->expect)) {
			fprintf(stderr, "bench-ui: out of step before stage '%s': the screen does not show '%s'\n",
			        st->name, st->expect);
			dump_screen();
			failed = 1;
			break;
		}
		for (int i = 0; i < 16 && st->keys[i].bytes; i++) {
			const struct key *k = &st->keys[i];
			double t0 = now_ms();
			if (write(fd, k->bytes, strlen(k->bytes)) < 0) {
				perror("write");
				failed = 1;
				break;
			}
			bytes[n] = drain(fd, &last);
			ms[n] = last - t0;
			if (getenv("BENCH_VERBOSE"))
				printf("  %-10s %-22s %5ld bytes %6.1f ms\n", st->name, k->what, bytes[n], ms[n]);
			bytes_all[nall] = bytes[n];
			ms_all[nall++] = ms[n];
			n++;
			if (k->then && !shows(k->then)) {
				fprintf(stderr, "bench-ui: out of step in stage '%s': after '%s' the screen does not "
				        "show '%s'\n", st->name, k->what, k->then);
				dump_screen();
				failed = 1;
				break;
			}
		}
		report(st->name, bytes, ms, n);
	}
	if (!failed)
		report("all", bytes_all, ms_all, nall);
	/* Leave: quit and confirm. */
	for (const char *k = "q"; *k; k = k[0] == 'q' ? "y" : "") {
		if (write(fd, k, 1) < 0)
			break;
		drain(fd, &last);
	}
	if (waitpid(pid, &status, WNOHANG) == 0) {
		kill(pid, SIGTERM);
		waitpid(pid, &status, 0);
	}
	close(fd);
	nftw(home, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
	return failed;
}
