/**
 * Clinical-judgment state the browser tests set up directly: a set in progress on the device, and
 * a set already in the student's record.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
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
