/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-keymap: every action a key can be bound to, with its name in the
 * options file, its default key and what it does.  Data only, no curses:
 * the options loader reads the names and default keys through ui_keymap
 * (struct options_keymap), and test-options links it. */
#ifndef GROGNARD_UI_KEYMAP_H
#define GROGNARD_UI_KEYMAP_H

/* id, name in the options file, default key, what it does (the help). */
#define ACTION_LIST(X) \
	X(ACT_LEFT, "left", 'h', "cursor west (arrow keys too)") \
	X(ACT_DOWN, "down", 'j', "cursor south") \
	X(ACT_UP, "up", 'k', "cursor north") \
	X(ACT_RIGHT, "right", 'l', "cursor east") \
	X(ACT_UPLEFT, "up_left", 'y', "cursor north-west") \
	X(ACT_UPRIGHT, "up_right", 'u', "cursor north-east") \
	X(ACT_DOWNLEFT, "down_left", 'b', "cursor south-west") \
	X(ACT_DOWNRIGHT, "down_right", 'n', "cursor south-east") \
	X(ACT_FLEFT, "fast_left", 'H', "cursor west, 8 cells") \
	X(ACT_FDOWN, "fast_down", 'J', "cursor south, 8 cells") \
	X(ACT_FUP, "fast_up", 'K', "cursor north, 8 cells") \
	X(ACT_FRIGHT, "fast_right", 'L', "cursor east, 8 cells") \
	X(ACT_FUPLEFT, "fast_up_left", 'Y', "cursor north-west, 8 cells") \
	X(ACT_FUPRIGHT, "fast_up_right", 'U', "cursor north-east, 8 cells") \
	X(ACT_FDOWNLEFT, "fast_down_left", 'B', "cursor south-west, 8 cells") \
	X(ACT_FDOWNRIGHT, "fast_down_right", 'N', "cursor south-east, 8 cells") \
	X(ACT_SELECT, "select", ' ', "select the unit or commander under the cursor (Enter too)") \
	X(ACT_NEXT, "next_unit", '\t', "next unit of the brigade with the initiative (Shift-Tab: previous)") \
	X(ACT_READY, "next_ready", 'w', "next unit that can still do something (fire: with a target)") \
	X(ACT_CENTRE, "centre", '.', "centre the map on the cursor") \
	X(ACT_ZOOM_IN, "zoom_in", '+', "zoom in") \
	X(ACT_ZOOM_OUT, "zoom_out", '-', "zoom out") \
	X(ACT_ZOOM_FIT, "zoom_fit", '=', "show the whole table") \
	X(ACT_BRIGADE, "brigade", 'g', "give a brigade the initiative") \
	X(ACT_DIVISION, "division", 'G', "division manoeuvre") \
	X(ACT_PIVOT, "pivot", 'p', "pivot the selected unit (toward the cursor, or with < and >)") \
	X(ACT_ABOUT, "about", 'a', "about face") \
	X(ACT_FORM, "formation", 'o', "change formation") \
	X(ACT_MOVE, "move", 'm', "move straight ahead (shows the path and where it stops)") \
	X(ACT_MOVETO, "move_toward", 't', "turn toward the cursor and move toward it, in one order") \
	X(ACT_STOP_SHORT, "stop_short", 's', "in a move: stop short, clear of ground that forbids fire or charges") \
	X(ACT_SPECIAL, "special", 'M', "side-step, step back, oblique, inch, prolong, redeploy, bridge, landmark") \
	X(ACT_CHARGE, "charge", 'c', "charge: choose the target (Tab cycles those it can reach)") \
	X(ACT_FIRE, "fire", 'f', "fire: choose the target; the zone of fire, range and dice are shown") \
	X(ACT_BOMBARD, "bombard", 'F', "artillery fires at the building or bridge under the cursor") \
	X(ACT_COMMANDER, "commander", 'C', "move a command stand") \
	X(ACT_ATTACH, "attach", 'A', "attach or detach a brigade commander") \
	X(ACT_RETREAT, "retreat", 'R', "retreat the selected unit from the battle") \
	X(ACT_END, "end_phase", 'e', "end the phase (asks first if a unit could still act)") \
	X(ACT_END_ALL, "end_initiative", 'E', "end the brigade's whole initiative: its manoeuvre and firing") \
	X(ACT_UNDO, "undo", 'x', "take back the last order of the unit manoeuvring") \
	X(ACT_MEASURE, "measure", 'd', "distance from the selection to the cursor") \
	X(ACT_ROSTER, "roster", 'r', "the roster: every unit of each side (Tab), Enter goes to one") \
	X(ACT_DESCRIBE, "describe", 'i', "what is at the cursor and around it, in words (units, ground, threats)") \
	X(ACT_OVL_RANGE, "overlay_range", '1', "overlay: ranges of the selected unit") \
	X(ACT_OVL_COMMAND, "overlay_command", '2', "overlay: command radii") \
	X(ACT_OVL_REACH, "overlay_reach", '3', "overlay: how far the selected unit could charge") \
	X(ACT_OVL_THREAT, "overlay_threat", '4', "overlay: ground within an enemy's charge reach") \
	X(ACT_LOG, "log", 16, "the whole log, with search (Ctrl-P)") \
	X(ACT_SAVE, "save", 'S', "save the battle under a name") \
	X(ACT_COMMAND, "command", ':', "type a command (':help' lists them)") \
	X(ACT_HELP, "help", '?', "help") \
	X(ACT_REDRAW, "redraw", 12, "redraw the screen (Ctrl-L)") \
	X(ACT_QUIT, "quit", 'q', "quit (asks first)")

#define ACTION_ID(id, name, key, text) id,
enum action { ACTION_LIST(ACTION_ID) ACT_COUNT };

/* What each action does, for the help. */
extern const char *const action_texts[ACT_COUNT];

/* The names and default keys, for options_default (io/options.h). */
struct options_keymap;
extern const struct options_keymap ui_keymap;

#endif
