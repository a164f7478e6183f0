/* ai: controllers that decide for a side with the engine's own rules. */
#ifndef GROGNARD_AI_H
#define GROGNARD_AI_H

#include <stdint.h>

#include "engine/control.h"

struct game;

/* The baseline opponent ("--ai naive"): advances on the nearest enemy,
 * never thinks ahead.  Kept as a yardstick for the real AI. */
struct naive_ai {
	struct controller ctl;
	int initiative;  /* the initiative its plan belongs to */
	int phase;       /* and the phase */
	int unit;        /* the unit it is working on, -1 */
	int step;        /* the next step of that unit's plan */
	unsigned char *done;
	int ndone;
};

void naive_init(struct naive_ai *ai, struct game *g);
void naive_free(struct naive_ai *ai);

#endif
