/**
 * Clinical-judgment state the browser tests set up directly: a set in progress on the device, and
 * a set already in the student's record; and answering an item through its own controls.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { NgnItem } from '../../domain/ngn-items';
import { type NgnResponse, scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
import type { JudgmentProgress } from '../../machines/clinical-judgment/clinical-judgment.types';
import type { JudgmentReview } from '../../machines/shared/ports';
import type { LocalBackend } from './backend';

/**
 * Puts `progress` on this browser as the student's set in progress before the app's scripts run
 * (once: a later reload sees what the app itself stored). A fresh set id, as the app makes them.
 */
export async function seedJudgmentProgress(page: Page, userId: string, progress: JudgmentProgress) {
  const value = JSON.stringify({ ...progress, userId, setId: randomUUID() });
  const key = `pnprep.judgment.progress.${userId}.${progress.kind}`;
  await page.addInitScript(
    ([k, v]) => {
      if (sessionStorage.getItem('judgment-seeded')) return;
      sessionStorage.setItem('judgment-seeded', '1');
      localStorage.setItem(k as string, v as string);
    },
    [key, value],
  );
}

/** Records `review`'s items and responses as one of the student's judgment sets; returns its id. */
export async function recordJudgmentSetFor(
  backend: LocalBackend,
  userId: string,
  review: Pick<JudgmentReview, 'kind' | 'items' | 'responses' | 'submittedAt'>,
): Promise<string> {
  const setId = randomUUID();
  const scores = review.items.map((item, i) => scoreResponse(scoringKeyOf(item), review.responses[i] ?? {}));
  const sum = (f: (s: { points: number; max: number }) => number) => scores.reduce((a, s) => a + f(s), 0);
  await backend.db.query(
    `insert into public.judgment_sets (id, user_id, kind, case_id, started_at, submitted_at, points, max_points)
     values ($1, $2, $3, null, $4, $4, $5, $6)`,
    [setId, userId, review.kind, review.submittedAt, sum((s) => s.points), sum((s) => s.max)],
  );
  for (const [i, item] of review.items.entries()) {
    await backend.db.query(
      `insert into public.judgment_answers (set_id, position, user_id, item_id, type, category, step, response, points, max_points)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        setId,
        i + 1,
        userId,
        item.id,
        item.type,
        item.category,
        item.step,
        review.responses[i] ?? {},
        scores[i]?.points ?? 0,
        scores[i]?.max ?? 0,
      ],
    );
  }
  return setId;
}

/**
 * What the browser tests pick for each fixture item (tests/support/ngn-fixtures.ts). Some picks are
 * partly wrong on purpose, so partial credit and wrong picks in the review are shown too.
 */
export const plannedPicks: Record<string, NgnResponse> = {
  'ngn-mr-901': { options: ['a', 'c', 'b'] }, // 2 keys and 1 distractor: +/- gives 1 of 3
  'ngn-mx-901': { r1: ['c1'], r2: ['c2'], r3: ['c2'] }, // 2 of 3 rows
  'ngn-dd-901': { '1': ['a'], '2': ['a'] }, // dyad right: 1 of 1
  'ngn-dg-901': { '1': ['a'], '2': ['c'] }, // 1 of 2
  'ngn-hl-901': { segments: ['b', 'd', 'a'] }, // 2 keys and 1 other: 1 of 2
  'ngn-bt-901': { condition: ['a'], actions: ['a', 'c'], parameters: ['a', 'b'] }, // 1 + 1 + 2 = 4 of 5
};

/** Answers `item` with `picks` through its own controls, as a student would. */
export async function answer(page: Page, item: NgnItem, picks: NgnResponse) {
  const card = page.locator(`[data-item-id="${item.id}"]`);
  switch (item.type) {
    case 'multiple-response':
      for (const id of picks.options ?? []) {
        const text = item.options.find((o) => o.id === id)?.text as string;
        // Keyboard: focus the checkbox and press Space.
        await card.getByRole('checkbox', { name: text }).focus();
        await page.keyboard.press('Space');
      }
      return;
    case 'matrix':
      for (const row of item.rows) {
        const column = item.columns.find((c) => c.id === picks[row.id]?.[0]);
        await card
          .getByRole(item.multiple ? 'checkbox' : 'radio', { name: `${row.text}: ${column?.text}` })
          .check();
      }
      return;
    case 'drop-down':
      for (const blank of item.blanks)
        await card.getByLabel(`Blank ${blank.id}`).selectOption(picks[blank.id]?.[0] ?? '');
      return;
    case 'drag-and-drop': {
      // Blank 1 by dragging the word with the mouse, blank 2 with the keyboard (Enter on the word,
      // then on the blank).
      const first = item.tokens.find((t) => t.id === picks['1']?.[0])?.text as string;
      const second = item.tokens.find((t) => t.id === picks['2']?.[0])?.text as string;
      await card.locator('.token', { hasText: first }).dragTo(card.locator('.drop-target').first());
      await card.getByRole('button', { name: second, exact: true }).focus();
      await page.keyboard.press('Enter');
      await card.getByRole('button', { name: 'Blank 2: empty' }).focus();
      await page.keyboard.press('Enter');
      await card.getByRole('button', { name: `Blank 2: ${second}` }).waitFor();
      return;
    }
    case 'highlight':
      for (const id of picks.segments ?? []) {
        const text = item.segments.find((s) => s.id === id)?.text as string;
        await card.getByRole('button', { name: text }).click();
        expect(await card.getByRole('button', { name: text }).getAttribute('aria-pressed')).toBe('true');
      }
      return;
    case 'bow-tie':
      for (const part of ['condition', 'actions', 'parameters'] as const) {
        for (const id of picks[part] ?? []) {
          const text = item[part].find((o) => o.id === id)?.text as string;
          await card.locator(`[data-part="${part}"]`).getByLabel(text, { exact: true }).check();
        }
      }
      return;
  }
}
