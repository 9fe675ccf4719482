/**
 * /clinical-judgment in Chromium against the local backend: every NGN item type rendered, answered
 * through its own controls (keyboard for most, the mouse for drag-and-drop), scored as NCSBN scores
 * it, and recorded server-graded; a case study with its record in tabs; a phone-width layout.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NgnItem } from '../../domain/ngn-items';
import { type NgnResponse, scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { fixtureCase, fixtureItems, replaceNgnBank } from '../support/ngn-fixtures';
import { startUiBackend } from '../support/ui-backend';
import { studentPage } from './practice-session-support';

let app: AppUnderTest;
let backend: LocalBackend;
beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

/** The NGN bank of these tests: the fixture items and case only. */
beforeEach(async () => {
  await replaceNgnBank(backend, fixtureItems, [fixtureCase]);
});

const byId = new Map([...fixtureItems, ...fixtureCase.items].map((item) => [item.id, item]));

/**
 * What the test picks for each fixture item, and how it picks through the item's own controls.
 * Some picks are partly wrong on purpose, so partial credit is checked too.
 */
const plannedPicks: Record<string, NgnResponse> = {
  'ngn-mr-901': { options: ['a', 'c', 'b'] }, // 2 keys and 1 distractor: +/- gives 1 of 3
  'ngn-mx-901': { r1: ['c1'], r2: ['c2'], r3: ['c2'] }, // 2 of 3 rows
  'ngn-dd-901': { '1': ['a'], '2': ['a'] }, // dyad right: 1 of 1
  'ngn-dg-901': { '1': ['a'], '2': ['c'] }, // 1 of 2
  'ngn-hl-901': { segments: ['b', 'd', 'a'] }, // 2 keys and 1 other: 1 of 2
  'ngn-bt-901': { condition: ['a'], actions: ['a', 'c'], parameters: ['a', 'b'] }, // 1 + 1 + 2 = 4 of 5
};

async function answer(page: Page, item: NgnItem, picks: NgnResponse) {
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
      // Blank 1 by dragging the word with the mouse, blank 2 with its list (the keyboard way).
      const first = item.tokens.find((t) => t.id === picks['1']?.[0])?.text as string;
      await card.locator('.token', { hasText: first }).dragTo(card.locator('.drop-target').first());
      await card.getByLabel('Blank 2').selectOption(picks['2']?.[0] ?? '');
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

async function answerSet(page: Page, pickFor: (item: NgnItem) => NgnResponse): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const card = page.locator('[data-item-id]');
    await expect.poll(() => card.count()).toBe(1);
    const id = (await card.getAttribute('data-item-id')) as string;
    seen.push(id);
    const item = byId.get(id) as NgnItem;
    // Every item type on screen is checked once.
    expect(await axeViolations(page), id).toEqual([]);
    await answer(page, item, pickFor(item));
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    if (await submit.isVisible()) {
      await submit.click();
      return seen;
    }
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => page.locator('[data-item-id]').getAttribute('data-item-id')).not.toBe(id);
  }
}

describe('clinical judgment practice', () => {
  it('renders, answers, scores and records every item type', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/clinical-judgment');
    const seen = await answerSet(page, (item) => plannedPicks[item.id] ?? {});
    expect([...seen].sort()).toEqual(fixtureItems.map((i) => i.id).sort());
    await page.getByTestId('judgment-score').waitFor();
    const expected = fixtureItems.map((item) =>
      scoreResponse(scoringKeyOf(item), plannedPicks[item.id] ?? {}),
    );
    expect(expected.map((s) => `${s.points} / ${s.max}`)).toEqual([
      '1 / 3',
      '2 / 3',
      '1 / 1',
      '1 / 2',
      '1 / 2',
      '4 / 5',
    ]);
    for (const [i, item] of fixtureItems.entries()) {
      const result = page.locator(`[data-result-item="${item.id}"]`);
      expect(await result.getByTestId('item-points').textContent()).toBe(
        `${expected[i]?.points} / ${expected[i]?.max}`,
      );
      expect(await result.getByTestId('judgment-rationale').textContent()).toContain(item.rationale);
    }
    const total = expected.reduce((sum, s) => ({ points: sum.points + s.points, max: sum.max + s.max }), {
      points: 0,
      max: 0,
    });
    expect(await page.getByTestId('judgment-score').textContent()).toBe(`${total.points} / ${total.max}`);
    await page.locator('[data-record-status="saved"]').waitFor();
    // The backend graded the same responses itself and agrees.
    const { rows } = await backend.db.query<{ points: number; max_points: number }>(
      'select points, max_points from public.judgment_sets where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ points: total.points, max_points: total.max }]);
    expect(await axeViolations(page)).toEqual([]);
    // /results counts the set by step of the clinical judgment model.
    await page.goto('/results');
    await page.getByTestId('judgment-summary').waitFor();
    expect(await page.getByTestId('judgment-summary').textContent()).toContain(
      `${total.points} of ${total.max} points`,
    );
    const recognize = fixtureItems.filter((i) => i.step === 'recognize-cues');
    const recognizePoints = recognize.map((item) =>
      scoreResponse(scoringKeyOf(item), plannedPicks[item.id] ?? {}),
    );
    expect(await page.locator('[data-step="recognize-cues"] td').first().textContent()).toBe(
      `${recognizePoints.reduce((a, s) => a + s.points, 0)} / ${recognizePoints.reduce((a, s) => a + s.max, 0)}`,
    );
    // All six fixture items are Physiological Adaptation: the category row holds the whole set.
    expect(
      await page.locator('[data-judgment-category="Physiological Adaptation"] td').first().textContent(),
    ).toBe(`${total.points} / ${total.max}`);
    expect(await page.getByTestId('judgment-categories').locator('tbody tr').count()).toBe(8);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('walks a case study with its record in tabs, at phone width', async () => {
    const { page } = await studentPage(app, backend);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/clinical-judgment?kind=case');
    await page.getByRole('heading', { name: `Case study: ${fixtureCase.title}` }).waitFor();
    await page.getByTestId('exhibit').getByRole('tab', { name: "Nurses' Notes" }).waitFor();
    const seen = await answerSet(page, () => ({ options: ['a', 'b'] }));
    expect(seen).toEqual(fixtureCase.items.map((i) => i.id));
    await expect.poll(() => page.getByTestId('judgment-score').textContent()).toBe('12 / 12');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a select-N item refuses a pick beyond N, and a locked item cannot change', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/clinical-judgment?kind=case');
    const card = page.locator('[data-item-id="ngn-cs-91-1"]');
    await card.getByRole('checkbox', { name: 'Finding A' }).check();
    await card.getByRole('checkbox', { name: 'Finding C' }).check();
    expect(await card.getByRole('checkbox', { name: 'Finding B' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.locator('[data-item-id="ngn-cs-91-2"]').waitFor();
    expect(await page.locator('[data-item-id="ngn-cs-91-1"]').count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});
