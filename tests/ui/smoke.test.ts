import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('app shell', () => {
  it('renders the landing page with no errors or accessibility violations', async () => {
    const { page } = await app.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Pass Your NCLEX-PN Exam with Confidence',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
