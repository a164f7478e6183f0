/* SPDX-License-Identifier: GPL-3.0-or-later */
/* enums: the name tables generated from the X-macro lists. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "enums.h"

const struct enum_name side_names[SIDE_COUNT] = { SIDE_LIST(ENUM_NAME) };
const struct enum_name nationality_names[NAT_COUNT] = { NATIONALITY_LIST(ENUM_NAME) };
const struct enum_name unit_type_names[UT_COUNT] = { UNIT_TYPE_LIST(ENUM_NAME) };
const struct enum_name rating_names[RATING_COUNT] = { RATING_LIST(ENUM_NAME) };
const struct enum_name formation_names[FORM_COUNT] = { FORMATION_LIST(ENUM_NAME) };
const struct enum_name weight_names[WEIGHT_COUNT] = { WEIGHT_LIST(ENUM_NAME) };
const struct enum_name irregular_names[IRR_COUNT] = { IRREGULAR_LIST(ENUM_NAME) };
const struct enum_name arm_names[ARM_COUNT] = { ARM_LIST(ENUM_NAME) };
const struct enum_name brigade_kind_names[BK_COUNT] = { BRIGADE_KIND_LIST(ENUM_NAME) };
const struct enum_name cmd_level_names[CL_COUNT] = { CMD_LEVEL_LIST(ENUM_NAME) };
const struct enum_name cmd_rating_names[CR_COUNT] = { CMD_RATING_LIST(ENUM_NAME) };
const struct enum_name cmd_status_names[CS_COUNT] = { CMD_STATUS_LIST(ENUM_NAME) };
const struct enum_name unit_state_names[US_COUNT] = { UNIT_STATE_LIST(ENUM_NAME) };
const struct enum_name marker_names[MK_COUNT] = { MARKER_LIST(ENUM_NAME) };
const struct enum_name phase_names[PHASE_COUNT] = { PHASE_LIST(ENUM_NAME) };
const struct enum_name range_names[RANGE_COUNT] = { RANGE_LIST(ENUM_NAME) };
const struct enum_name terrain_names[TT_COUNT] = { TERRAIN_LIST(ENUM_NAME) };
const struct enum_name tclass_names[TC_COUNT] = { TCLASS_LIST(ENUM_NAME) };
const struct enum_name go_names[GO_COUNT] = { GO_LIST(ENUM_NAME) };
const struct enum_name weather_names[WX_COUNT] = { WEATHER_LIST(ENUM_NAME) };
const struct enum_name sky_names[SKY_COUNT] = { SKY_LIST(ENUM_NAME) };
const struct enum_name layout_names[LAYOUT_COUNT] = { LAYOUT_LIST(ENUM_NAME) };

int enum_lookup(const struct enum_name *t, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(t[i].key, key) == 0)
			return i;
	return -1;
}

static int skipped(const int *skip, int i)
{
	for (; skip && *skip >= 0; skip++)
		if (*skip == i)
			return 1;
	return 0;
}

const char *enum_keys(const struct enum_name *t, int n, const int *skip,
                      char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		int w;
		if (skipped(skip, i))
			continue;
		w = snprintf(buf + len, size - len, "%s%s", len ? ", " : "", t[i].key);
		if (w < 0 || (size_t)w >= size - len)
			break;
		len += (size_t)w;
	}
	return buf;
}
