/**
 * Every number of the mock exam, with its source, in one place. The NCLEX-PN facts are NCSBN's
 * (docs/decisions/160-cat-engine-and-sources.md lists the documents); the rest are our own choices,
 * each with its reason. The engine, the simulation and the tests import them from here.
 */

/**
 * NCSBN's NCLEX-PN passing standard, in logits on NCSBN's scale: −0.18 since April 1, 2020
 * (NCSBN news release, Dec 18, 2019), upheld for the Next Generation NCLEX (Dec 2022). Our item
 * difficulties are not on NCSBN's scale until calibrated against reported results, so on our
 * scale this is a provisional cut (docs/readiness.md says how it was set).
 */
export const NCSBN_PN_PASSING_STANDARD = -0.18;
/** The cut the engine decides against: NCSBN's number, provisionally placed on our scale. */
export const PASSING_STANDARD = NCSBN_PN_PASSING_STANDARD;

/** Fewest and most items of an NCLEX-PN, pretest items included (NCSBN, since April 2023). */
export const MIN_ITEMS = 85;
export const MAX_ITEMS = 150;
/** Unscored pretest items every candidate answers, indistinguishable from scored ones. */
export const PRETEST_ITEMS = 15;
/** Fewest and most scored items: 70–135. */
export const MIN_SCORED_ITEMS = MIN_ITEMS - PRETEST_ITEMS;
export const MAX_SCORED_ITEMS = MAX_ITEMS - PRETEST_ITEMS;
/** Every candidate gets 3 scored unfolding case studies of 6 items (18 items), whatever the length. */
export const CASE_STUDIES_PER_EXAM = 3;
export const ITEMS_PER_CASE_STUDY = 6;
/** Five hours, tutorial and breaks included. */
export const TIME_LIMIT_MINUTES = 300;

/** Two-sided 95 % normal quantile: the confidence-interval stop rule and the reported band. */
export const Z_95 = 1.959964;

/**
 * Until a response pattern is mixed (some points earned, some missed) maximum likelihood has no
 * finite answer, so the estimate is the Bayesian mode under this weakly informative normal prior
 * (mean at the cut, so the prior favours neither decision; SD 2 logits, wider than any plausible
 * population). From the first mixed pattern on, the estimate is the plain maximum-likelihood one.
 */
export const EARLY_PRIOR_MEAN = PASSING_STANDARD;
export const EARLY_PRIOR_SD = 2;
/**
 * Where the first item is aimed: NCSBN starts every candidate with a relatively easy item;
 * one logit below the cut is a 73 % chance for a candidate at the cut.
 */
export const START_ABILITY = PASSING_STANDARD - 1;
/** Abilities are kept inside ±this many logits (no real pattern needs more). */
export const ABILITY_BOUND = 8;

/**
 * Exposure control (randomesque): the next item is drawn at random from the items of the chosen
 * client need whose location is nearest the estimate — the nearest quarter of the candidates, and
 * never fewer than RANDOMESQUE_MIN — so that no item appears in more than about a quarter of exams.
 */
export const RANDOMESQUE_FRACTION = 0.25;
export const RANDOMESQUE_MIN = 5;
/** The first items are scored stand-alone items, so the estimate has moved before a case study. */
export const STANDALONE_LEAD_IN = 10;

/**
 * Item difficulty priors from the writers' labels, in logits. The bank labels about a quarter of
 * its items easy, half medium and a quarter hard; if labels order items by true difficulty and
 * difficulties are spread N(0, 1), the mean of each label group is the mean of that slice of the
 * normal: −φ(0.674)/0.25 = −1.27 for the easiest quarter, 0 for the middle half, +1.27 for the
 * hardest quarter. Medium = 0 sets the origin of our scale.
 */
export const LABEL_PRIOR_LOGITS = { easy: -1.27, medium: 0, hard: 1.27 } as const;
export type DifficultyLabel = keyof typeof LABEL_PRIOR_LOGITS;
/**
 * The error of a label prior: within a label group of N(0, 1) the true difficulties still spread
 * 0.38 (middle half) to 0.49 (a tail quarter) logits, before any mislabelling; 0.5 is the floor the
 * simulation's misspecified run must use.
 */
export const LABEL_PRIOR_ERROR_SD = 0.5;
/** An item keeps its label prior until it has this many recorded responses. */
export const MIN_RESPONSES_TO_CALIBRATE = 200;
/** Calibration shrinks each threshold towards its prior with this SD (keeps empty categories finite). */
export const CALIBRATION_PRIOR_SD = 2;
