/**
 * /clinical-judgment in Chromium against the local backend: every NGN item type rendered, answered
 * through its own controls (keyboard for most, the mouse for drag-and-drop), scored as NCSBN scores
 * it, and recorded server-graded; a case study with its record in tabs; a phone-width layout.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NgnItem } from '../../domain/ngn-items';
import { type NgnResponse, scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
import { grantTrial } from '../support/backend';
import { axeViolations, pageProblems } from '../support/browser';
import { answer, plannedPicks } from '../support/judgment-support';
import { fixtureCase, fixtureItems, replaceNgnBank } from '../support/ngn-fixtures';
import { signInContext } from '../support/ui-backend';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { studentPage } from './practice-session-support';

startAppAndBackendForFile();

/** The NGN bank of these tests: the fixture items and case only. */
beforeEach(async () => {
  await replaceNgnBank(backend, fixtureItems, [fixtureCase]);
});

const byId = new Map([...fixtureItems, ...fixtureCase.items].map((item) => [item.id, item]));

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

/** WCAG contrast ratio of two computed `rgb()`/`rgba()` colours (alpha ignored: both are opaque here). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const currentItemId = (page: Page) => page.locator('[data-item-id]').getAttribute('data-item-id');

describe('a student walking clinical judgment (issue 24)', () => {
  it('3. a set survives a reload: the same set at the same item, the answers kept', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/clinical-judgment');
    const before: string[] = [];
    for (let n = 0; n < 3; n++) {
      await expect.poll(() => page.locator('[data-item-id]').count()).toBe(1);
      const id = (await currentItemId(page)) as string;
      before.push(id);
      await answer(page, byId.get(id) as NgnItem, plannedPicks[id] ?? {});
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(() => currentItemId(page)).not.toBe(id);
    }
    const fourth = await currentItemId(page);
    await page.reload();
    await page.getByRole('heading', { name: `Item 4 of ${fixtureItems.length}` }).waitFor();
    expect(await currentItemId(page)).toBe(fourth);
    const after = await answerSet(page, (item) => plannedPicks[item.id] ?? {});
    expect([...before, ...after].sort()).toEqual(fixtureItems.map((i) => i.id).sort());
    await page.getByTestId('judgment-score').waitFor();
    // The answers given before the reload are the ones scored (every planned pick earns points).
    for (const id of before) {
      const score = scoreResponse(scoringKeyOf(byId.get(id) as NgnItem), plannedPicks[id] ?? {});
      expect(score.points).toBeGreaterThan(0);
      expect(await page.locator(`[data-result-item="${id}"]`).getByTestId('item-points').textContent()).toBe(
        `${score.points} / ${score.max}`,
      );
    }
    await page.locator('[data-record-status="saved"]').waitFor();
    // A finished set is not resumed: a reload on the results starts a new one.
    await page.reload();
    await page.getByRole('heading', { name: `Item 1 of ${fixtureItems.length}` }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('4. results show each response beside the key with points; /results lists the set and reopens the same review', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/clinical-judgment');
    // Only distractors on the select-all item: 0 points, and the review says which picks were wrong.
    const picks: Record<string, NgnResponse> = { ...plannedPicks, 'ngn-mr-901': { options: ['b', 'd'] } };
    await answerSet(page, (item) => picks[item.id] ?? {});
    await page.getByTestId('judgment-score').waitFor();
    const scores = fixtureItems.map((item) => scoreResponse(scoringKeyOf(item), picks[item.id] ?? {}));
    const total = scores.reduce((sum, s) => ({ points: sum.points + s.points, max: sum.max + s.max }), {
      points: 0,
      max: 0,
    });
    const expectReview = async () => {
      for (const [i, item] of fixtureItems.entries()) {
        const result = page.locator(`[data-result-item="${item.id}"]`);
        const response = picks[item.id] ?? {};
        const marks = scoringKeyOf(item).groups.flatMap((g) =>
          (response[g.id] ?? []).map((id) => (g.correct.includes(id) ? 'right' : 'wrong')),
        );
        expect(
          await result
            .locator('[data-pick]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-pick'))),
          item.id,
        ).toEqual(marks);
        expect(await result.getByTestId('item-points').textContent()).toBe(
          `${scores[i]?.points} / ${scores[i]?.max}`,
        );
      }
      const selectAll = page.locator('[data-result-item="ngn-mr-901"]');
      expect(await selectAll.getByTestId('item-points').textContent()).toBe('0 / 3');
      const yours = await selectAll.getByTestId('your-answer').textContent();
      expect(yours).toContain('Pulse 78/min (not correct)');
      expect(yours).toContain('Temperature 98.6 °F (not correct)');
      expect(await selectAll.getByTestId('correct-answer').textContent()).toContain('New confusion');
      expect(await page.getByTestId('judgment-score').textContent()).toBe(`${total.points} / ${total.max}`);
    };
    await expectReview();
    await page.locator('[data-record-status="saved"]').waitFor();
    await page.goto('/results');
    const rows = page.getByTestId('judgment-sets').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`${total.points} / ${total.max}`);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), `/results ${scheme}`).toEqual([]);
    }
    await rows
      .first()
      .getByRole('link', { name: /^Review/ })
      .click();
    await page.waitForURL('**/clinical-judgment?review=*');
    await page.getByTestId('judgment-score').waitFor();
    await expectReview();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    expect(pageProblems(page)).toEqual([]);
    // Another student opening the same address sees nothing of it.
    const setId = new URL(page.url()).searchParams.get('review');
    const other = await studentPage(app, backend);
    await other.page.goto(`/clinical-judgment?review=${setId}`);
    await other.page.getByRole('alert').getByText('We could not load this set').waitFor();
    expect(await other.page.locator('[data-result-item]').count()).toBe(0);
  });

  it('6. on a phone a matrix keeps its column headers whole, and words are placed by tapping a word then a blank, shown in full', async () => {
    const baseMatrix = fixtureItems[1] as Extract<NgnItem, { type: 'matrix' }>;
    // A trend item's grid as the bank has it: long findings, "Requires follow-up" second.
    const matrix: NgnItem = {
      ...baseMatrix,
      id: 'ngn-mx-902',
      columns: [
        { id: 'c1', text: 'Expected' },
        { id: 'c2', text: 'Requires follow-up' },
      ],
      rows: [
        'Swallowing at 1- to 2-minute intervals at 1300',
        'Pulse rising from 104 to 136/min',
        'Repeated throat clearing and restlessness at 1300',
      ].map((text, i) => ({ id: `r${i + 1}`, text, correct: [i === 1 ? 'c2' : 'c1'] })),
    };
    const drag = fixtureItems[3] as Extract<NgnItem, { type: 'drag-and-drop' }>;
    await replaceNgnBank(backend, [matrix, drag]);
    const context = await app.browser.newContext({
      baseURL: app.url,
      viewport: { width: 375, height: 800 },
      hasTouch: true,
      isMobile: true,
    });
    const user = await signInContext(context, backend, `tapper-${Date.now()}@example.com`);
    await grantTrial(backend, user.id);
    const page = await context.newPage();
    await page.goto('/clinical-judgment');
    for (let n = 0; n < 2; n++) {
      await expect.poll(() => page.locator('[data-item-id]').count()).toBe(1);
      const id = (await currentItemId(page)) as string;
      const card = page.locator(`[data-item-id="${id}"]`);
      if (id === matrix.id) {
        // Every column header is whole: inside the screen and inside the box that clips the grid, no
        // header wider than its cell, no word split over two lines.
        const broken = await card.locator('thead th').evaluateAll((ths) =>
          ths.flatMap((th) => {
            const problems: string[] = [];
            if (th.scrollWidth > th.clientWidth) problems.push(`${th.textContent} overflows`);
            const box = th.getBoundingClientRect();
            let clip = th.parentElement;
            while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
            const right = Math.min(
              window.innerWidth,
              clip?.getBoundingClientRect().right ?? window.innerWidth,
            );
            if (box.right > right + 0.5) problems.push(`${th.textContent} is cut off at ${right}px`);
            const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index ?? 0);
                range.setEnd(node, (match.index ?? 0) + match[0].length);
                const lines = new Set(
                  [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top),
                );
                if (lines.size > 1) problems.push(`"${match[0]}" is split over ${lines.size} lines`);
              }
            }
            return problems;
          }),
        );
        expect(broken).toEqual([]);
        for (const row of matrix.rows) await card.getByRole('radio', { name: `${row.text}: Expected` }).tap();
      } else {
        const word = (text: string) => card.getByRole('button', { name: text, exact: true });
        const long = drag.tokens[1]?.text as string;
        await word(long).tap();
        expect(await word(long).getAttribute('aria-pressed')).toBe('true');
        await card.getByRole('button', { name: 'Blank 1: empty' }).tap();
        const blank = card.getByRole('button', { name: `Blank 1: ${long}` });
        await blank.waitFor();
        // The whole word shows inside the blank, inside the screen.
        const box = await blank.evaluate((el) => ({
          text: el.textContent,
          fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
          right: el.getBoundingClientRect().right,
        }));
        expect(box).toEqual({ text: long, fits: true, right: expect.any(Number) });
        expect(box.right).toBeLessThanOrEqual(375);
        // Tapping a filled blank with no word picked up takes its word back.
        await blank.tap();
        await card.getByRole('button', { name: 'Blank 1: empty' }).waitFor();
        for (const [blankId, tokenId] of Object.entries(drag.answers)) {
          await word(drag.tokens.find((t) => t.id === tokenId)?.text as string).tap();
          await card.getByRole('button', { name: `Blank ${blankId}: empty` }).tap();
        }
        await card.getByRole('button', { name: `Blank 2: ${drag.tokens[1]?.text}` }).waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await axeViolations(page), `${id} ${scheme}`).toEqual([]);
      }
      const submit = page.getByRole('button', { name: 'Submit', exact: true });
      if (await submit.isVisible()) await submit.tap();
      else await page.getByRole('button', { name: 'Next', exact: true }).tap();
    }
    await expect.poll(() => page.getByTestId('judgment-score').textContent()).toBe('4 / 5');
    await context.close();
  });

  it('9. the step badge keeps its background in dark mode; the bow-tie is drawn as a bow-tie that stacks on a phone', async () => {
    const bowTie = fixtureItems[5] as Extract<NgnItem, { type: 'bow-tie' }>;
    await replaceNgnBank(backend, [bowTie]);
    const { page } = await studentPage(app, backend);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/clinical-judgment');
    const badge = page.getByTestId('step-badge');
    await badge.waitFor();
    const colours = await badge.evaluate((el) => {
      let behind = el.parentElement;
      while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)')
        behind = behind.parentElement;
      return {
        fill: getComputedStyle(el).backgroundColor,
        text: getComputedStyle(el).color,
        behind: behind ? getComputedStyle(behind).backgroundColor : 'rgb(0, 0, 0)',
      };
    });
    // The chip stands out from the card (3:1, non-text contrast) and its text reads on it (4.5:1).
    expect(contrast(colours.fill, colours.behind), JSON.stringify(colours)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.text, colours.fill), JSON.stringify(colours)).toBeGreaterThanOrEqual(4.5);

    const card = page.locator(`[data-item-id="${bowTie.id}"]`);
    await card
      .locator('[data-part="condition"]')
      .getByLabel(bowTie.condition[0]?.text as string)
      .check();
    const slots = async () =>
      card.locator('[data-slot]').evaluateAll((els) =>
        Object.fromEntries(
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return [
              el.getAttribute('data-slot'),
              { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
            ];
          }),
        ),
      );
    expect(await card.locator('[data-slot="condition"]').textContent()).toContain(bowTie.condition[0]?.text);
    // Wide: actions on the left, the condition in the centre between them, parameters on the right.
    const wide = await slots();
    for (const side of ['action1', 'action2'])
      expect(wide[side]?.right).toBeLessThanOrEqual(wide.condition?.left ?? 0);
    for (const side of ['parameter1', 'parameter2'])
      expect(wide[side]?.left).toBeGreaterThanOrEqual(wide.condition?.right ?? 0);
    expect(wide.action1?.bottom).toBeLessThanOrEqual(wide.action2?.top ?? 0);
    const middle = ((wide.condition?.top ?? 0) + (wide.condition?.bottom ?? 0)) / 2;
    expect(middle).toBeGreaterThan(wide.action1?.top ?? 0);
    expect(middle).toBeLessThan(wide.action2?.bottom ?? 0);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    // A phone: one column, in reading order, inside the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(async () => {
        const narrow = await slots();
        const order = ['action1', 'action2', 'condition', 'parameter1', 'parameter2'];
        return order.every(
          (name, i) =>
            (narrow[name]?.right ?? 999) <= 375 &&
            (i === 0 || (narrow[order[i - 1] as string]?.bottom ?? 999) <= (narrow[name]?.top ?? 0)),
        );
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('clinical judgment on the shared access gate', () => {
  it('a failed access check shows the gate’s error with Try again, and Try again goes on to the items', async () => {
    const { page } = await studentPage(app, backend);
    let refused = 0;
    await page.route('**/rest/v1/rpc/check_user_entitlement', (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.abort('connectionrefused');
    });
    await page.goto('/clinical-judgment');
    await page.getByRole('alert').getByText('We could not check your access').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await page.locator('[data-item-id]').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
