// GENERATED FILE: do not edit. Written by `npm run bank:export` (scripts/export-seed.ts) from
// supabase/questions/*.json; `npm run bank:check` fails when it is stale.

/** How many questions the bank holds (the FAQ states it). */
export const BANK_QUESTION_COUNT = 2073;
