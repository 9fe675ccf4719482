/**
 * Nothing overflows (tests/support/overflow.ts) on every public page and the dialogs a visitor meets, at a phone's 375 px and a laptop's
 * 1280 px, in the light and the dark scheme: element boxes stay inside the viewport's width, nothing
 * hides in a sideways-scrolling box, no text is wider than its box.
 */
import { it } from 'vitest';
import { app, startAppAndBackendForFile } from '../support/ui-file';
import { expectNoOverflow, inEveryView, show } from './overflow-support';
import { animationsSettled } from './public-helpers';

startAppAndBackendForFile();

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/pricing',
  '/faq',
  '/support',
  '/terms',
  '/privacy',
  '/exams',
  '/readiness',
  '/login',
  '/register',
  '/reset-password',
  '/billing',
  '/checkout/cancel',
  '/checkout/success',
  '/no-such-page',
];
inEveryView(({ width, height, scheme }) => {
  it('public pages and the sign-in dialog', async () => {
    const { page } = await app.newPage({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of PUBLIC_PAGES) {
      await show(page, path);
      await expectNoOverflow(page, path);
    }
    // The dialogs a visitor meets: the trial's sign-in dialog, the phone's menu.
    await show(page, '/billing');
    await page.getByRole('main').getByRole('link', { name: 'Start 24-Hour Free Trial' }).click();
    await page.getByRole('dialog').waitFor();
    await animationsSettled(page);
    await expectNoOverflow(page, 'sign-in dialog');
    if (width < 600) {
      await show(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await animationsSettled(page);
      await expectNoOverflow(page, 'mobile menu');
    }
  });
});
