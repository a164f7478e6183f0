/* odds: exact expectations from the distribution of sums of D6. */
#include "config.h"

#include "engine/rules.h"
#include "odds.h"

#define MAX_DICE 64

double odds_d6_at_least(int need, int bonus)
{
	int faces = 7 - (need - bonus);
	if (faces <= 0)
		return 0;
	return faces >= 6 ? 1 : faces / 6.0;
}

/* The distribution of the sum of n D6: p[s] for s = 0..6n. */
static void sum_distribution(int n, double p[6 * MAX_DICE + 1])
{
	double q[6 * MAX_DICE + 1];
	for (int s = 0; s <= 6 * n; s++)
		p[s] = 0;
	p[0] = 1;
	for (int d = 1; d <= n; d++) {
		for (int s = 0; s <= 6 * d; s++)
			q[s] = 0;
		for (int s = 0; s <= 6 * (d - 1); s++)
			if (p[s] > 0)
				for (int f = 1; f <= 6; f++)
					q[s + f] += p[s] / 6;
		for (int s = 0; s <= 6 * d; s++)
			p[s] = q[s];
	}
}

static int clamp_dice(int dice)
{
	return dice < 0 ? 0 : dice > MAX_DICE ? MAX_DICE : dice;
}

double odds_fire_hits(int dice)
{
	double p[6 * MAX_DICE + 1], e = 0;
	dice = clamp_dice(dice);
	sum_distribution(dice, p);
	for (int s = 0; s <= 6 * dice; s++)
		e += p[s] * (s / rules_fire.pips_per_hit);
	return e;
}

double odds_fire_at_least(int dice, int k)
{
	double p[6 * MAX_DICE + 1], e = 0;
	dice = clamp_dice(dice);
	if (k <= 0)
		return 1;
	sum_distribution(dice, p);
	for (int s = 0; s <= 6 * dice; s++)
		if (s / rules_fire.pips_per_hit >= k)
			e += p[s];
	return e;
}

double odds_melee_hits(int sets, int dice, int need)
{
	if (sets <= 0 || dice <= 0)
		return 0;
	return sets * dice * odds_d6_at_least(need, 0);
}
