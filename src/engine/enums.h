/* SPDX-License-Identifier: GPL-3.0-or-later */
/* enums: every enumeration of the game as an X-macro list, so that the
 * constant, the word used in files and commands, and the label shown to
 * players are declared once. */
#ifndef GROGNARD_ENUMS_H
#define GROGNARD_ENUMS_H

#include <stddef.h>

struct enum_name {
	const char *key;   /* in data files, commands and dumps */
	const char *label; /* shown to players */
};

/* The room for one message: a refusal naming its rule, a question, a
 * reason (every such buffer is this size). */
#define MSG_LEN 320

#define ENUM_ID(id, key, label) id,
#define ENUM_NAME(id, key, label) [id] = { key, label },

#define SIDE_LIST(X) \
	X(SIDE_A, "A", "side A") \
	X(SIDE_B, "B", "side B")

#define NATIONALITY_LIST(X) \
	X(NAT_FRENCH, "french", "French") \
	X(NAT_BRITISH, "british", "British") \
	X(NAT_AUSTRIAN, "austrian", "Austrian") \
	X(NAT_PRUSSIAN, "prussian", "Prussian") \
	X(NAT_RUSSIAN, "russian", "Russian") \
	X(NAT_DANISH, "danish", "Danish") \
	X(NAT_SWEDISH, "swedish", "Swedish") \
	X(NAT_OTTOMAN, "ottoman", "Ottoman") \
	X(NAT_OTHER, "other", "other")

#define UNIT_TYPE_LIST(X) \
	X(UT_LINE_INF, "line_infantry", "line infantry") \
	X(UT_LIGHT_INF, "light_infantry", "light infantry") \
	X(UT_HEAVY_CAV, "heavy_cavalry", "heavy cavalry") \
	X(UT_MEDIUM_CAV, "medium_cavalry", "medium cavalry") \
	X(UT_LIGHT_CAV, "light_cavalry", "light cavalry") \
	X(UT_FOOT_ART, "foot_artillery", "foot artillery") \
	X(UT_HORSE_ART, "horse_artillery", "horse artillery")

#define RATING_LIST(X) \
	X(RATING_GUARD, "guard", "Guard") \
	X(RATING_ELITE, "elite", "Elite") \
	X(RATING_VETERAN, "veteran", "Veteran") \
	X(RATING_TRAINED, "trained", "Trained") \
	X(RATING_UNTRAINED, "untrained", "Untrained")

#define FORMATION_LIST(X) \
	X(FORM_LINE, "line", "line") \
	X(FORM_COLUMN, "column", "column") \
	X(FORM_SQUARE, "square", "square") \
	X(FORM_ESQUARE, "emergency_square", "emergency square") \
	X(FORM_SKIRMISH, "skirmish", "skirmish line") \
	X(FORM_BATTERY, "battery", "battery")

#define WEIGHT_LIST(X) \
	X(WEIGHT_NONE, "none", "no guns") \
	X(WEIGHT_LIGHT, "light", "light guns") \
	X(WEIGHT_MEDIUM, "medium", "medium guns") \
	X(WEIGHT_HEAVY, "heavy", "heavy guns")

#define IRREGULAR_LIST(X) \
	X(IRR_NONE, "none", "regular") \
	X(IRR_COSSACK, "cossack", "Cossack") \
	X(IRR_ARAB, "arab", "Arab")

#define ARM_LIST(X) \
	X(ARM_INFANTRY, "infantry", "infantry") \
	X(ARM_CAVALRY, "cavalry", "cavalry") \
	X(ARM_ARTILLERY, "artillery", "artillery") \
	X(ARM_COMMAND, "command", "command stand")

#define BRIGADE_KIND_LIST(X) \
	X(BK_INFANTRY, "infantry", "infantry brigade") \
	X(BK_CAVALRY, "cavalry", "cavalry brigade") \
	X(BK_MIXED, "mixed", "mixed brigade") \
	X(BK_ARTILLERY, "artillery", "division artillery")

#define CMD_LEVEL_LIST(X) \
	X(CL_CORPS, "corps", "corps commander") \
	X(CL_DIVISION, "division", "division commander") \
	X(CL_BRIGADE, "brigade", "brigade commander")

#define CMD_RATING_LIST(X) \
	X(CR_EXCELLENT, "excellent", "Excellent") \
	X(CR_GOOD, "good", "Good") \
	X(CR_AVERAGE, "average", "Average") \
	X(CR_POOR, "poor", "Poor") \
	X(CR_DREADFUL, "dreadful", "Dreadful") \
	X(CR_NONE, "none", "unrated")

#define CMD_STATUS_LIST(X) \
	X(CS_IN_COMMAND, "in_command", "in command") \
	X(CS_CAUTIOUS, "cautious", "in command but cautious") \
	X(CS_NOT_IN_COMMAND, "not_in_command", "not in command")

#define UNIT_STATE_LIST(X) \
	X(US_ACTIVE, "active", "on the table") \
	X(US_RESERVE, "reserve", "not yet arrived") \
	X(US_ELIMINATED, "eliminated", "eliminated") \
	X(US_RETREATED, "retreated", "retreated from the table")

#define MARKER_LIST(X) \
	X(MK_BLUE, "blue", "blue (disordered or reacted)") \
	X(MK_YELLOW, "yellow", "yellow (returned or suppression fire)") \
	X(MK_WHITE, "white", "white (break-through)") \
	X(MK_ORANGE, "orange", "orange (abandoned guns)")

#define PHASE_LIST(X) \
	X(PHASE_SETUP, "setup", "setting up") \
	X(PHASE_INITIATIVE, "initiative", "initiative") \
	X(PHASE_MANOEUVRE, "manoeuvre", "manoeuvre") \
	X(PHASE_FIRE, "fire", "firing") \
	X(PHASE_MELEE, "melee", "hand-to-hand") \
	X(PHASE_BREAKTHROUGH, "breakthrough", "break-through") \
	X(PHASE_OVER, "over", "battle over")

#define RANGE_LIST(X) \
	X(RANGE_CLOSE, "close", "close range") \
	X(RANGE_MEDIUM, "medium", "medium range") \
	X(RANGE_LONG, "long", "long range")

#define TERRAIN_LIST(X) \
	X(TT_CONTOUR, "contour", "contour") \
	X(TT_HILL, "hill", "hill") \
	X(TT_ROUGH, "rough", "rough ground") \
	X(TT_BOGGY, "boggy", "boggy ground") \
	X(TT_WOOD, "wood", "wood") \
	X(TT_FOREST, "forest", "forest") \
	X(TT_VILLAGE, "village", "village") \
	X(TT_LANDMARK, "landmark", "landmark") \
	X(TT_BRIDGE, "bridge", "bridge") \
	X(TT_FORD, "ford", "ford") \
	X(TT_HEDGE, "hedge", "hedge-row") \
	X(TT_FENCE, "fence", "wooden fence") \
	X(TT_WALL, "wall", "stone wall") \
	X(TT_EARTHWORK, "earthwork", "earthwork") \
	X(TT_STREAM, "stream", "stream") \
	X(TT_RIVER, "river", "river") \
	X(TT_ROAD, "road", "road") \
	X(TT_DITCH, "ditch", "ditch or sunken road")

/* Who a terrain effect applies to. */
#define TCLASS_LIST(X) \
	X(TC_INFANTRY, "infantry", "formed infantry") \
	X(TC_SKIRMISH, "skirmish", "infantry in skirmish line") \
	X(TC_CAVALRY, "cavalry", "cavalry") \
	X(TC_ART_LIMBERED, "limbered", "limbered artillery") \
	X(TC_ART_UNLIMBERED, "unlimbered", "unlimbered artillery") \
	X(TC_COMMAND, "command", "command stand")

#define GO_LIST(X) \
	X(GO_FREE, "free", "no effect") \
	X(GO_HALF, "half", "half rate") \
	X(GO_NO, "no", "prohibited")

#define WEATHER_LIST(X) \
	X(WX_CLEAR, "clear", "clear") \
	X(WX_SHOWERS, "showers", "showers") \
	X(WX_RAIN, "rain", "rain") \
	X(WX_FOG, "fog", "fog and mist") \
	X(WX_WIND, "wind", "strong winds") \
	X(WX_HOT, "hot", "hot weather") \
	X(WX_SNOW, "snow", "snow")

/* What the sky is doing now, within the battle's weather. */
#define SKY_LIST(X) \
	X(SKY_CLEAR, "clear", "clear") \
	X(SKY_SHOWERS, "showers", "showers") \
	X(SKY_RAIN, "rain", "rain") \
	X(SKY_MIST, "mist", "mist") \
	X(SKY_FOG, "fog", "fog") \
	X(SKY_WIND, "wind", "strong winds") \
	X(SKY_HOT, "hot", "hot") \
	X(SKY_SNOW, "snow", "snow")

/* How a brigade deployed in one entry is laid out. */
#define LAYOUT_LIST(X) \
	X(LAYOUT_LINE, "line", "side by side") \
	X(LAYOUT_COLUMN, "column", "one behind the other") \
	X(LAYOUT_LINES, "lines", "in two lines")

enum side { SIDE_LIST(ENUM_ID) SIDE_COUNT };
enum nationality { NATIONALITY_LIST(ENUM_ID) NAT_COUNT };
enum unit_type { UNIT_TYPE_LIST(ENUM_ID) UT_COUNT };
enum rating { RATING_LIST(ENUM_ID) RATING_COUNT };
enum formation { FORMATION_LIST(ENUM_ID) FORM_COUNT };
enum weight { WEIGHT_LIST(ENUM_ID) WEIGHT_COUNT };
enum irregular { IRREGULAR_LIST(ENUM_ID) IRR_COUNT };
enum arm { ARM_LIST(ENUM_ID) ARM_COUNT };
enum brigade_kind { BRIGADE_KIND_LIST(ENUM_ID) BK_COUNT };
enum cmd_level { CMD_LEVEL_LIST(ENUM_ID) CL_COUNT };
enum cmd_rating { CMD_RATING_LIST(ENUM_ID) CR_COUNT };
enum cmd_status { CMD_STATUS_LIST(ENUM_ID) CS_COUNT };
enum unit_state { UNIT_STATE_LIST(ENUM_ID) US_COUNT };
enum marker { MARKER_LIST(ENUM_ID) MK_COUNT };
enum phase { PHASE_LIST(ENUM_ID) PHASE_COUNT };
enum range_band { RANGE_LIST(ENUM_ID) RANGE_COUNT };
enum terrain_type { TERRAIN_LIST(ENUM_ID) TT_COUNT };
enum tclass { TCLASS_LIST(ENUM_ID) TC_COUNT };
enum go { GO_LIST(ENUM_ID) GO_COUNT };
enum weather { WEATHER_LIST(ENUM_ID) WX_COUNT };
enum sky { SKY_LIST(ENUM_ID) SKY_COUNT };
enum layout { LAYOUT_LIST(ENUM_ID) LAYOUT_COUNT };

extern const struct enum_name side_names[SIDE_COUNT];
extern const struct enum_name nationality_names[NAT_COUNT];
extern const struct enum_name unit_type_names[UT_COUNT];
extern const struct enum_name rating_names[RATING_COUNT];
extern const struct enum_name formation_names[FORM_COUNT];
extern const struct enum_name weight_names[WEIGHT_COUNT];
extern const struct enum_name irregular_names[IRR_COUNT];
extern const struct enum_name arm_names[ARM_COUNT];
extern const struct enum_name brigade_kind_names[BK_COUNT];
extern const struct enum_name cmd_level_names[CL_COUNT];
extern const struct enum_name cmd_rating_names[CR_COUNT];
extern const struct enum_name cmd_status_names[CS_COUNT];
extern const struct enum_name unit_state_names[US_COUNT];
extern const struct enum_name marker_names[MK_COUNT];
extern const struct enum_name phase_names[PHASE_COUNT];
extern const struct enum_name range_names[RANGE_COUNT];
extern const struct enum_name terrain_names[TT_COUNT];
extern const struct enum_name tclass_names[TC_COUNT];
extern const struct enum_name go_names[GO_COUNT];
extern const struct enum_name weather_names[WX_COUNT];
extern const struct enum_name sky_names[SKY_COUNT];
extern const struct enum_name layout_names[LAYOUT_COUNT];

#define ENUM_COUNT(table) ((int)(sizeof(table) / sizeof((table)[0])))

/* Index of key in the table, or -1. */
int enum_lookup(const struct enum_name *t, int n, const char *key);
/* "a, b, c" of every key (except those listed in skip, a -1 terminated
 * list or NULL) into buf. */
const char *enum_keys(const struct enum_name *t, int n, const int *skip,
                      char *buf, size_t size);

#define ENUM_LOOKUP(table, key) enum_lookup(table, ENUM_COUNT(table), key)
#define ENUM_KEY(table, v) ((table)[v].key)
#define ENUM_LABEL(table, v) ((table)[v].label)

#endif
