/**
 * Nothing overflows (tests/support/overflow.ts) on every NGN item type of /clinical-judgment, empty and answered, a case study and the results, at a phone's 375 px and a laptop's
 * 1280 px, in the light and the dark scheme: element boxes stay inside the viewport's width, nothing
 * hides in a sideways-scrolling box, no text is wider than its box.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { NgnItem } from '../../domain/ngn-items';
import { axeViolations } from '../support/browser';
import { answer, plannedPicks } from '../support/judgment-support';
import { fixtureCase, fixtureItems, replaceNgnBank } from '../support/ngn-fixtures';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { expectNoOverflow, inEveryView } from './overflow-support';
import { studentPage } from './practice-session-support';
import { animationsSettled } from './public-helpers';

startAppAndBackendForFile();

/** The bank's widest exhibit table (ngn items in supabase/questions/ngn/standalone-other.json). */
const WIDEST_EXHIBIT: NgnItem['exhibit'][number] = {
  tab: 'Neuro Checks',
  table: {
    columns: ['Time', 'Heart rate', 'BP', 'Resp', 'SpO2', 'Temperature', 'Response', 'Pupils'],
    rows: [
      [
        'Day 1 1800',
        '96/min',
        '100/62 mm Hg',
        '20/min',
        '98%',
        '37.0 °C (98.6 °F)',
        'Alert, answers questions',
        'Equal, 3 mm, brisk',
      ],
      [
        'Day 1 2200',
        '80/min',
        '112/60 mm Hg',
        '18/min',
        '98%',
        '37.1 °C (98.8 °F)',
        'Wakes to voice, confused',
        'Equal, 3 mm, brisk',
      ],
      [
        'Day 2 0000',
        '64/min',
        '126/58 mm Hg',
        '14/min',
        '97%',
        '37.0 °C (98.6 °F)',
        'Wakes only to firm touch',
        'Right 5 mm, sluggish; left 3 mm, brisk',
      ],
    ],
  },
};

/** The one item card on screen once it has drawn and settled; its id. */
async function currentItem(page: Page, previous?: string): Promise<string> {
  const card = page.locator('[data-item-id]');
  await expect.poll(() => card.count()).toBe(1);
  await expect.poll(() => card.getAttribute('data-item-id')).not.toBe(previous);
  await animationsSettled(page);
  return (await card.getAttribute('data-item-id')) as string;
}

inEveryView(({ width, height, scheme }) => {
  it('clinical judgment: every NGN item type, empty and answered, a case study, and the results', async () => {
    // The fixture bank: one item of each type and a case study whose record is in tabs; the
    // trend bow-tie's record also holds the bank's widest table (eight columns).
    const items = fixtureItems.map((item) =>
      item.type === 'bow-tie' ? { ...item, exhibit: [...item.exhibit, WIDEST_EXHIBIT] } : item,
    );
    await replaceNgnBank(backend, items, [fixtureCase]);
    const byId = new Map([...items, ...fixtureCase.items].map((item) => [item.id, item]));
    const { page } = await studentPage(app, backend);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/clinical-judgment');
    const seen: string[] = [];
    for (;;) {
      const id = await currentItem(page, seen.at(-1));
      seen.push(id);
      await expectNoOverflow(page, `${id}, unanswered`);
      const tabs = page.getByTestId('exhibit').getByRole('tab');
      for (let t = 1; t < (await tabs.count()); t++) {
        await tabs.nth(t).click();
        await animationsSettled(page);
        await expectNoOverflow(page, `${id}, exhibit tab ${t + 1}`);
        // The record's tables are drawn differently on a phone: both ways stay accessible.
        expect(await axeViolations(page), `${id}, exhibit tab ${t + 1}`).toEqual([]);
      }
      // Picks include wrong ones, so the results show right and wrong marks beside the key.
      await answer(page, byId.get(id) as NgnItem, plannedPicks[id] ?? {});
      await animationsSettled(page);
      await expectNoOverflow(page, `${id}, answered`);
      const submit = page.getByRole('button', { name: 'Submit', exact: true });
      if (await submit.isVisible()) {
        await submit.click();
        break;
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    expect([...seen].sort()).toEqual(fixtureItems.map((i) => i.id).sort());
    await page.locator('[data-record-status="saved"]').waitFor();
    expect(await page.getByTestId('your-answer').count()).toBe(fixtureItems.length);
    await animationsSettled(page);
    await expectNoOverflow(page, 'judgment results, responses beside the key');

    await page.goto('/clinical-judgment?kind=case');
    await page.getByRole('heading', { name: `Case study: ${fixtureCase.title}` }).waitFor();
    const first = await currentItem(page);
    await expectNoOverflow(page, `case study, ${first}`);
  });
});
