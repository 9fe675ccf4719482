/**
 * Nothing overflows (tests/support/overflow.ts) on a student's pages with a record, practice results and the one-page layout, at a phone's 375 px and a laptop's
 * 1280 px, in the light and the dark scheme: element boxes stay inside the viewport's width, nothing
 * hides in a sideways-scrolling box, no text is wider than its box.
 */
import { it } from 'vitest';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { expectNoOverflow, inEveryView, show } from './overflow-support';
import { runSet, studentPage } from './practice-session-support';
import { animationsSettled } from './public-helpers';

startAppAndBackendForFile();

const SIGNED_IN_PAGES = ['/dashboard', '/practice', '/results', '/profile', '/billing'];

inEveryView(({ width, height, scheme }) => {
  it("a student's pages, with a record", async () => {
    const { page } = await studentPage(app, backend);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/practice');
    await runSet(page, backend, 6);
    await page
      .getByRole('button', { name: /Remediation/ })
      .first()
      .click();
    await animationsSettled(page);
    await expectNoOverflow(page, 'practice results with remediation');
    for (const path of SIGNED_IN_PAGES) {
      await show(page, path);
      await expectNoOverflow(page, path);
    }
    await show(page, '/practice');
    await page.getByText('All on one page', { exact: true }).click();
    await expectNoOverflow(page, 'practice, all on one page');
  });
});
