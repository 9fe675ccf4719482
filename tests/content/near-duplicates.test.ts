// The near-duplicate check's second signal (scripts/lib/near-duplicates.ts, KEY_SIGNAL): the known
// miss of the whole-item TF-IDF check, sic-093 ~ pha-034 at 0.14 (the same "sit on the edge of the
// bed before standing" advice for a different drug), is flagged, and the signal adds only a handful
// of bank pairs to judge.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  flaggedPairs,
  KEY_SIGNAL,
  keyOverlap,
  pairKey,
  STALE_MARGIN,
  similarPairs,
  validateNearDuplicates,
} from '../../scripts/lib/near-duplicates.ts';
import { RULES } from '../../scripts/lib/question-bank.ts';
import { type BankItem, readBank } from '../../server/db/question-bank.ts';

const KNOWN_MISS = JSON.parse(
  readFileSync(new URL('./fixtures/near-duplicate-key-signal.json', import.meta.url), 'utf8'),
) as { duplicates: string; item: BankItem };

describe('the near-duplicate key signal', () => {
  it('flags sic-093 ~ pha-034, which the whole-item similarity alone misses', () => {
    const items = [...readBank(), KNOWN_MISS.item];
    const key = pairKey([KNOWN_MISS.item.id, KNOWN_MISS.duplicates]);
    const byWholeItem = similarPairs(items, RULES.nearDuplicate).map((p) => pairKey(p.ids));
    expect(byWholeItem).not.toContain(key);
    expect(flaggedPairs(items, RULES.nearDuplicate).map((p) => pairKey(p.ids))).toContain(key);
  }, 60_000);

  it('adds at most 10 bank pairs to the ones the whole-item similarity flags', () => {
    const bank = readBank();
    const extra =
      flaggedPairs(bank, RULES.nearDuplicate).length - similarPairs(bank, RULES.nearDuplicate).length;
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThanOrEqual(10);
  }, 60_000);

  it('measures how many content words two keys share', () => {
    const item = (key: string) =>
      ({
        id: key,
        stem: '',
        rationale: '',
        answer: 'A',
        options: { A: key, B: '', C: '', D: '' },
      }) as BankItem;
    expect(
      keyOverlap(
        item('Sit on the edge of the bed before standing'),
        item('Sit on the edge of the bed before standing'),
      ),
    ).toBe(1);
    expect(keyOverlap(item('Sit on the edge of the bed'), item('Report the finding to the RN'))).toBe(0);
    expect(KEY_SIGNAL.similarity).toBeLessThan(RULES.nearDuplicate);
  });

  it('keeps a judgement while its pair is within the margin under the limits, and calls it stale below', () => {
    const bank = readBank();
    const flagged = new Set(flaggedPairs(bank, RULES.nearDuplicate).map((p) => pairKey(p.ids)));
    const floor = Math.min(RULES.nearDuplicate, KEY_SIGNAL.similarity) - STALE_MARGIN;
    const unflagged = similarPairs(bank, floor - 0.01).filter((p) => !flagged.has(pairKey(p.ids)));
    const near = unflagged.find((p) => p.similarity >= floor);
    const below = unflagged.find((p) => p.similarity < floor);
    if (!near || !below) throw new Error('the bank has no unflagged pair on each side of the margin');
    const judged = (pair: { ids: [string, string] }) => ({
      ids: pair.ids,
      verdict: 'distinct' as const,
      reason: 'a reason of twenty characters or more',
    });
    const messages: string[] = [];
    validateNearDuplicates(bank, [judged(near), judged(below)], RULES.nearDuplicate, (m) => messages.push(m));
    expect(messages.filter((m) => m.startsWith('[near-duplicate-stale]'))).toEqual([
      `[near-duplicate-stale] near-duplicates.json judges ${pairKey(below.ids)}, which is no longer a flagged pair (nor within ${STALE_MARGIN} of the limits)`,
    ]);
  }, 60_000);
});
