/**
 * Business constants from the product spec (section 9), in one place. Machines, views, content
 * and tests import them from here; nothing else spells these numbers.
 */

/** Questions fetched for one practice set. */
export const QUESTIONS_PER_SET = 10;
/** A score at or above this share earns 'Great job!'. */
export const GOOD_SCORE_THRESHOLD = 0.7;
/** Delay before /checkout/success sends a signed-in student to /dashboard. */
export const CHECKOUT_REDIRECT_DELAY_MS = 3_000;
/** Minimum length of a new password. */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest email shown in the navigation before it is truncated. */
export const NAV_EMAIL_MAX_LENGTH = 20;
/** Characters kept before the ellipsis when an email is truncated. */
export const NAV_EMAIL_KEPT_LENGTH = 17;
/** Focus keywords shown per incorrect question in remediation. */
export const MAX_FOCUS_KEYWORDS = 3;
/** Focus keywords must be longer than this many letters. */
export const FOCUS_KEYWORD_MIN_EXCLUSIVE_LENGTH = 3;

/**
 * A finished set is recorded only if it was started within this many hours (the backend's
 * private.served_window() in supabase/migrations says the same): older, it cannot be saved.
 */
export const SET_RECORD_WINDOW_HOURS = 48;

/** Free trial length (hours). */
export const TRIAL_HOURS = 24;
/** Money-back window (days). */
export const MONEY_BACK_DAYS = 7;
/** Extra months granted by the Pro plan's pass guarantee. */
export const PASS_GUARANTEE_EXTRA_MONTHS = 6;
/** Questions in the Free plan. */
export const FREE_PLAN_QUESTIONS = 50;
/**
 * Prices. The spec gives two monthly prices that disagree: $29 on the pricing page and $42 in the
 * terms. Both are quoted where the spec puts them (see docs/decisions/006-two-monthly-prices.md).
 */
export const PRICING_PAGE_MONTHLY_USD = 29;
export const TERMS_MONTHLY_USD = 42;
export const PRO_ONE_TIME_USD = 199;
