/* SPDX-License-Identifier: GPL-3.0-or-later */
/* decide: the computer opponent's answers to the decisions of the rules. */
#ifndef GROGNARD_DECIDE_H
#define GROGNARD_DECIDE_H

#include "engine/control.h"

/* The controller's decide function; ctl->ctx is a struct general_ai. */
int general_decide(struct controller *ctl, struct game *g, struct decision *d);

#endif
