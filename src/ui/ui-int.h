/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-int: what the parts of the front end share. */
#ifndef GROGNARD_UI_INT_H
#define GROGNARD_UI_INT_H

#include <curses.h>
#include <stdbool.h>
#include <wchar.h>

#include "engine/game.h"
#include "engine/order.h"
#include "ui.h"

#define MIN_COLS 80
#define MIN_ROWS 24

#define ESC 27 /* the Esc key */
/* Pivoting with < > and , . turns by these (degrees): the interface's
 * steps, not the rules'. */
#define UI_TURN_STEP 15
#define UI_TURN_FINE 1
#define UI_STR_(x) #x
#define UI_STR(x) UI_STR_(x)

/* Colour pairs. */
enum {
	CP_SIDE_A = 1, CP_SIDE_B, CP_WATER, CP_WOOD, CP_VILLAGE, CP_HILL, CP_ROAD,
	CP_OBSTACLE, CP_OVERLAY, CP_CURSOR, CP_COUNT
};

enum ui_mode {
	MODE_NORMAL,
	MODE_MOVE,   /* choosing how far to move */
	MODE_PIVOT,  /* choosing a facing */
	MODE_CMOVE,  /* choosing a command stand's way */
	MODE_MEASURE,
	MODE_TARGET, /* choosing a charge's or a shot's target */
};

enum overlay {
	OV_RANGE = 1 << 0,
	OV_COMMAND = 1 << 1,
	OV_REACH = 1 << 2,
	OV_THREAT = 1 << 3,
};

/* A map cell's terrain, computed once per view. */
struct tcell {
	wchar_t wide;
	char ascii;
	int pair;
	attr_t attr;
};

struct ui {
	SCREEN *screen;
	struct game *g;
	struct ui_options opt;
	bool colour, utf8;
	int rows, cols;
	bool too_small;

	int map_w, map_h;          /* map area (cells), at the top left */
	int side_x, side_w;        /* the right-hand column */
	int panel_h;               /* unit panel rows; the log is below */
	int status_y, msg_y;

	double zoom;               /* cm per column; a row is twice that */
	bool zoomed;               /* the player chose the zoom (not the fit) */
	double ox, oy;             /* cm at the map's top-left corner */
	double cx, cy;             /* the cursor (cm) */
	int sel_unit, sel_cmdr;
	int sel_sx, sel_sy;        /* the cell the selection was drawn in, or -1 */
	int follow;                /* the unit last ordered: the cursor goes back to it */
	unsigned overlays;

	struct tcell *tcache;
	int tcache_w, tcache_h;
	double tcache_zoom, tcache_ox, tcache_oy;
	int tcache_version;
	bool tcache_ok;

	enum ui_mode mode;
	struct order pending;      /* the order being shaped in a mode */
	struct preview ghost;      /* where it would leave the unit */
	bool ghost_on;
	bool zone_on;              /* draw a zone of fire */
	struct vec2 zone[3];
	char entry[16];            /* digits typed in a mode */
	double move_max;           /* move mode: as far as the unit can go (cm) */
	double stop_short;         /* move mode: where it could stop clear of bad ground, or -1 */

	char msg[300];
	bool msg_error;

	enum side acting;          /* the side whose order is awaited */
	int viewer;                /* the side at the keyboard now (its enemies threaten), or -1 */
	bool watch, paused;
	bool ai_turn;              /* the computer is playing (shown as it goes) */
	int ahead[16], nahead;     /* keys typed while it played, for the player's turn */
	struct controller *advisor[SIDE_COUNT]; /* each side's "decide for me" */
	struct order out;
	bool have_order, quit;
	char history[16][256];     /* ':' command history */
	int nhistory;
	struct ui_hooks hooks;
	bool hangup;               /* stopped by a signal */
	int log_limit;             /* show only this many log lines (replays), -1 all */
	int end_all;               /* the initiative whose phases are being ended, or -1 */
	/* A key for the map while a dialog waits (pan, zoom, the log); true
	 * if it was one. */
	bool (*map_key)(struct ui *ui, int ch);
};

/* Lines of text in a growing array. */
struct ui_text {
	char **lines;
	int n;
};

/* ui-text.c */
void ui_text_add(struct ui_text *t, const char *fmt, ...) GAME_PRINTF(2, 3);
void ui_text_emit(void *ctx, const char *line); /* adds a line; for ui_wrap */
void ui_text_free(struct ui_text *t);
int ui_wrap(const struct ui *ui, const char *text, int width, int indent,
            void (*emit)(void *ctx, const char *line), void *ctx);
void ui_put_text(struct ui *ui, int y, int x, int width, const char *text, attr_t attr, int pair);
int ui_text_width(const struct ui *ui, const char *text);
void ui_flash(struct ui *ui, bool error, const char *fmt, ...) GAME_PRINTF(3, 4);
attr_t ui_side_attr(const struct ui *ui, int side, int *pair);

/* ui-map.c */
/* The view: the whole table fitted; the cursor kept on the table and in
 * sight (scrolling by half a screen); the view centred on a point; one
 * zoom level in (dir -1) or out (+1), which the player then keeps. */
void ui_fit_zoom(struct ui *ui);
void ui_keep_in_view(struct ui *ui);
void ui_centre_on(struct ui *ui, struct vec2 p);
void ui_set_zoom(struct ui *ui, int dir);
/* The terminal changed size: lay out again, and fit the table to the new
 * view unless the player chose a zoom (then keep the cursor in the
 * middle). */
void ui_resized(struct ui *ui);
void ui_sx_sy(const struct ui *ui, double x, double y, int *sx, int *sy);
void ui_cell_centre(const struct ui *ui, int sx, int sy, double *x, double *y);
int ui_unit_at(const struct ui *ui, double x, double y);
int ui_cmdr_at(const struct ui *ui, double x, double y);
/* The side whose charge reach the threat overlay shows. */
enum side ui_threat_side(const struct ui *ui);
/* The map into curses' virtual screen; the terminal's cursor on the
 * map's cursor. */
void ui_map_draw(struct ui *ui);
void ui_map_cursor(struct ui *ui);
/* The map's legend, as drawn in this terminal. */
void ui_legend(const struct ui *ui, struct ui_text *t);
/* Is the cell's centre on the table (not the blank beyond its edge)? */
bool ui_on_table(const struct ui *ui, int sx, int sy);
/* A glyph in a map cell (the wide one in UTF-8, else the ASCII one). */
void ui_put_glyph(struct ui *ui, int sy, int sx, char ascii, wchar_t wide, attr_t attr, int pair);

/* ui-units.c */
/* Units (letters and marks), objectives and a previewed order's ghost,
 * marking the cells they take; the selection's cell in sel_sx, sel_sy. */
void ui_draw_units(struct ui *ui, bool *taken);
/* The legend's lines for units, their marks and objectives. */
void ui_legend_units(const struct ui *ui, struct ui_text *t);
/* The letter that names who holds an objective: the side's initial, upper
 * case for side A and lower for side B; '-' for nobody. */
char ui_holder_letter(const struct game *g, int holder);

/* ui-panel.c */
void ui_layout(struct ui *ui);
/* A side's score in width columns: "French: obj 1/5 lost 2/12" (the
 * objectives it holds of all there are; the units it has lost of those
 * whose loss breaks it). */
void ui_score_line(const struct ui *ui, int side, int width, char *line, size_t size);
/* Compose the whole screen (not sent); send it; both at once. */
void ui_compose(struct ui *ui);
void ui_show(void);
void ui_draw(struct ui *ui);
/* Frame characters: line drawing in UTF-8, plain ASCII otherwise. */
struct frame_chars {
	chtype v, h, tee, ul, ur, ll, lr;
};
const struct frame_chars *ui_frame(const struct ui *ui);

/* ui-keys.c */
/* The action a key is bound to (arrows, Shift-arrows and Enter too), or
 * -1. */
int ui_key_action(const struct ui *ui, int ch);
/* The name of the key an action is on ("m", "Space", "Ctrl-P"): what
 * the screen says is the keymap, not the defaults. */
const char *ui_key(const struct ui *ui, enum action a, char buf[16]);
/* Move the cursor if the action is a cursor key; true when it was one. */
bool ui_cursor_action(struct ui *ui, int act);
/* Hand an order to the controller: the mode ends. */
void ui_give(struct ui *ui, const struct order *o);
/* The selected unit (or the one under the cursor, selected), or -1 with
 * a message saying how to select one. */
int ui_my_unit(struct ui *ui);
/* Put the cursor on a unit that can still act, unless the selection is
 * one: when a side's turn to act begins. */
void ui_focus(struct ui *ui);
/* The division stands of the side acting that may still move before its
 * brigade is chosen, by name ("Friant, Gudin"), or "". */
void ui_division_stands(struct ui *ui, char *buf, size_t size);
/* A key at the map, in whatever mode the player is. */
void ui_handle_key(struct ui *ui, int ch);
/* A key for the map while a dialog waits (the cursor, zoom, centring,
 * overlays, the log); true if it was one.  ui->map_key points here. */
bool ui_map_key(struct ui *ui, int ch);

/* ui-modes.c: start a mode (it says what is wrong if it cannot); a key in
 * the mode the player is in (move, pivot, command stand or target). */
void ui_start_move(struct ui *ui);
void ui_start_moveto(struct ui *ui);
void ui_start_pivot(struct ui *ui);
void ui_start_cmove(struct ui *ui);
void ui_start_target(struct ui *ui, enum order_kind kind);
void ui_mode_key(struct ui *ui, int ch, int act);

/* ui-roster.c: the roster on pages of its own, starting on a side (-1:
 * the player's), Enter going to a unit; the cursor's place in words. */
void ui_roster(struct ui *ui, int side);
void ui_describe(struct ui *ui);

/* ui-term.c: a hang-up or termination stops the game (the program saves
 * it), Ctrl-C asks first; -1 to stop. */
int ui_signals(struct ui *ui);

/* ui-dialog.c */
/* A menu of items (key and label); returns the chosen index or -1. */
int ui_menu(struct ui *ui, const char *title, const char *const *keys,
            const char *const *labels, int n, const char *hint);
/* The same, with the map's keys working while it waits (decisions). */
int ui_menu_map(struct ui *ui, const char *title, const char *const *keys,
                const char *const *labels, int n, const char *hint);
bool ui_confirm(struct ui *ui, const char *question);
/* Ask for a number; false on Esc. */
bool ui_ask_number(struct ui *ui, const char *question, double dflt, double *out);
/* Ask for a number from lo to hi (of unit); out of range is refused. */
bool ui_ask_range(struct ui *ui, const char *question, double lo, double hi, const char *unit,
                  double dflt, double *out);
/* Ask for a line of text (buf holds the default); false on Esc. */
bool ui_ask_text(struct ui *ui, const char *question, char *buf, size_t size);
/* A page of lines; with tag, the lines tagged >= 0 may be picked. */
struct ui_page {
	const char *title;
	char **lines;
	int n;
	const int *tag;
};
/* Pages to scroll through, search and pick a line from (j k go from one
 * line that may be picked to the next, Enter picks, Tab turns the page):
 * the tag picked, or -1; *at the page to start on, and the one left. */
int ui_pager_pick(struct ui *ui, struct ui_page *pages, int npages, int *at);
/* A full-screen page of text to scroll through (and search). */
void ui_pager(struct ui *ui, const char *title, char **lines, int n, int start_at_end);
void ui_help(struct ui *ui);
void ui_log_history(struct ui *ui);
/* The ':' command line; returns true when it produced an order. */
bool ui_command_line(struct ui *ui, struct order *o);
int ui_getch(struct ui *ui);
bool ui_is_enter(int ch);

#endif
