/* odds: the rules' real probabilities, worked out exactly from the tables
 * in rules.c, for the computer opponent to weigh its choices with. */
#ifndef GROGNARD_ODDS_H
#define GROGNARD_ODDS_H

/* Chance that 1D6 plus bonus reaches need (a quality test, a melee hit). */
double odds_d6_at_least(int need, int bonus);
/* Expected hits of a fire of this many dice: one hit for each full
 * rules_fire.pips_per_hit of their sum. */
double odds_fire_hits(int dice);
/* Chance that such a fire scores at least k hits. */
double odds_fire_at_least(int dice, int k);
/* Expected hits of hand-to-hand sets: sets throws of dice dice, each die
 * a hit on need or more. */
double odds_melee_hits(int sets, int dice, int need);

#endif
