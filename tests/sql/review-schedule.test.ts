// The review schedule's FSRS (supabase/migrations/20261128162200_custom_tests.sql, private.fsrs_* and
// private.review_item) against the maintained ts-fsrs package (the oracle, a devDependency): random
// review histories replayed through both, every step's difficulty, stability, interval and due
// date compared, on PGlite and on PostgreSQL. Then the schedule as the record feeds it: a practice
// answer recorded wrong is due the next day, a right one later, and the due count says so.
import { createEmptyCard, fsrs, type Grade, generatorParameters, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asUser } from './as-role.ts';
import { recordPracticeIn, servePracticeIn } from './record-helpers.ts';

let backend: SqlBackend;
beforeAll(async () => {
  backend = await startSqlBackend();
});
afterAll(async () => {
  await backend?.close();
});

// The schedule's settings (decision 220): FSRS-6 defaults, no fuzz, the long-term scheduler.
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32), so a failing history can be replayed. */
function randomFrom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Step {
  at: Date;
  grade: Grade;
}

/** A history of 1–12 reviews: gaps from minutes to months (same-day, overdue and early reviews). */
function history(random: () => number): Step[] {
  const steps: Step[] = [];
  let at = Date.UTC(2026, 0, 1, Math.floor(random() * 24), Math.floor(random() * 60));
  const length = 1 + Math.floor(random() * 12);
  for (let i = 0; i < length; i++) {
    const grade = ([Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as Grade[])[
      Math.floor(random() * 4)
    ];
    steps.push({ at: new Date(at), grade: grade ?? Rating.Good });
    const gap = random();
    at += gap < 0.2 ? random() * 6 * 3_600_000 : gap < 0.9 ? random() * 40 * DAY : random() * 400 * DAY;
  }
  return steps;
}

describe('FSRS in SQL equals ts-fsrs', () => {
  test('300 random review histories: every step’s difficulty, stability, interval and due', async () => {
    const random = randomFrom(20261128);
    let steps = 0;
    for (let h = 0; h < 300; h++) {
      let card = createEmptyCard(new Date(0));
      let sql: { difficulty: number | null; stability: number | null; last: Date | null } = {
        difficulty: null,
        stability: null,
        last: null,
      };
      for (const step of history(random)) {
        const expected = scheduler.next(card, step.at, step.grade).card;
        const days = sql.last
          ? Math.round(
              (Date.UTC(step.at.getUTCFullYear(), step.at.getUTCMonth(), step.at.getUTCDate()) -
                Date.UTC(sql.last.getUTCFullYear(), sql.last.getUTCMonth(), sql.last.getUTCDate())) /
                DAY,
            )
          : 0;
        const { rows } = await backend.db.query<{
          difficulty: number;
          stability: number;
          interval_days: number;
        }>('select * from private.fsrs_review($1, $2, $3, $4)', [
          sql.difficulty,
          sql.stability,
          days,
          step.grade,
        ]);
        const got = rows[0];
        const where = `history ${h}, review ${steps}`;
        expect(got?.difficulty, where).toBeCloseTo(expected.difficulty, 7);
        expect(got?.stability, where).toBeCloseTo(expected.stability, 6);
        expect(got?.interval_days, where).toBe(expected.scheduled_days);
        expect(step.at.getTime() + (got?.interval_days ?? 0) * DAY, where).toBe(expected.due.getTime());
        card = expected;
        sql = { difficulty: got?.difficulty ?? null, stability: got?.stability ?? null, last: step.at };
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(1000);
  });

  test('review_item keeps the card in the table as ts-fsrs keeps it (reps, lapses, due)', async () => {
    const user = await createConfirmedUser(backend, 'fsrs-card@example.com');
    const random = randomFrom(7);
    for (let h = 0; h < 20; h++) {
      const item = `card-${h}`;
      let card = createEmptyCard(new Date(0));
      for (const step of history(random)) {
        // The schedule rates an answer Good when fully right, Again otherwise.
        const correct = step.grade !== Rating.Again;
        card = scheduler.next(card, step.at, correct ? Rating.Good : Rating.Again).card;
        await backend.db.query(`select private.review_item($1, 'question', $2, $3, $4)`, [
          user.id,
          item,
          correct,
          step.at,
        ]);
      }
      const { rows } = await backend.db.query<{
        due: Date;
        stability: number;
        difficulty: number;
        reps: number;
        lapses: number;
        scheduled_days: number;
      }>(
        `select due, stability, difficulty, reps, lapses, scheduled_days from private.review_schedule
          where user_id = $1 and bank = 'question' and item_id = $2`,
        [user.id, item],
      );
      const row = rows[0];
      expect(row?.due.getTime()).toBe(card.due.getTime());
      expect(row?.stability).toBeCloseTo(card.stability, 6);
      expect(row?.difficulty).toBeCloseTo(card.difficulty, 7);
      expect([row?.reps, row?.lapses, row?.scheduled_days]).toEqual([
        card.reps,
        card.lapses,
        card.scheduled_days,
      ]);
    }
  });
});

describe('the schedule as the record feeds it', () => {
  test('a practice answer recorded wrong a day ago is due today; a right one is not; the due count agrees', async () => {
    const user = await createConfirmedUser(backend, 'fsrs-due@example.com');
    await grantTrial(backend, user.id);
    const dueCount = () =>
      asUser(backend.apiDb, user.id, (tx) =>
        tx.query<{ result: { due_today: number } }>('select public.get_review_due_count(0) as result'),
      ).then((r) => r.rows[0]?.result.due_today);
    expect(await dueCount()).toBe(0);

    const [wrong, right] = await asUser(backend.apiDb, user.id, (tx) => servePracticeIn(tx, 2));
    if (!wrong || !right) throw new Error('the bank served fewer than two questions');
    const option = (q: typeof wrong, correct: boolean) =>
      q.options.find((o) => o.is_correct === correct)?.id ?? '';
    // Submitted 25 hours ago (within the 48-hour window): the simulated "yesterday".
    const yesterday = new Date(Date.now() - 25 * 3_600_000);
    await asUser(backend.apiDb, user.id, (tx) =>
      recordPracticeIn(tx, {
        questionIds: [wrong.id, right.id],
        optionIds: [option(wrong, false), option(right, true)],
        submittedAt: yesterday,
      }),
    );
    const { rows } = await backend.db.query<{ item_id: string; due: Date; last_correct: boolean }>(
      'select item_id, due, last_correct from private.review_schedule where user_id = $1 order by due',
      [user.id],
    );
    expect(rows.map((r) => [r.item_id, r.last_correct])).toEqual([
      [wrong.id, false],
      [right.id, true],
    ]);
    // Again on a new item: one day; Good: three days (ts-fsrs's intervals for these stabilities).
    expect(rows[0]?.due.getTime()).toBe(yesterday.getTime() + DAY);
    expect(rows[1]?.due.getTime()).toBe(yesterday.getTime() + 3 * DAY);
    expect(await dueCount()).toBe(1);
  });

  test('the due count refuses an offset outside ±14 hours', async () => {
    const user = await createConfirmedUser(backend, 'fsrs-offset@example.com');
    await expect(
      asUser(backend.apiDb, user.id, (tx) => tx.query('select public.get_review_due_count(900)')),
    ).rejects.toMatchObject({ code: '22023' });
  });
});
