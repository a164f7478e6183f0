/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-keymap: the actions' names, default keys and texts, from ACTION_LIST. */
#include "config.h"

#include "io/options.h"
#include "ui-keymap.h"

#define ACTION_NAME(id, name, key, text) [id] = name,
static const char *const action_names[ACT_COUNT] = { ACTION_LIST(ACTION_NAME) };
#define ACTION_KEY(id, name, key, text) [id] = key,
static const int action_keys[ACT_COUNT] = { ACTION_LIST(ACTION_KEY) };
#define ACTION_TEXT(id, name, key, text) [id] = text,
const char *const action_texts[ACT_COUNT] = { ACTION_LIST(ACTION_TEXT) };

_Static_assert(ACT_COUNT <= OPTIONS_MAX_ACTIONS, "struct ui_options holds OPTIONS_MAX_ACTIONS keys");

const struct options_keymap ui_keymap = { .n = ACT_COUNT, .names = action_names, .keys = action_keys };
