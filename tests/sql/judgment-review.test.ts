// Reading judgment sets back (supabase/migrations/20261128120000_judgment_review.sql): the list for
// /results and one set's review carry the caller's own sets only, the stored responses and points;
// the review needs practice access (the items carry their keys); bad input is a 4xx over REST.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NgnItem } from '../../domain/ngn-items.ts';
import { type NgnResponse, scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring.ts';
import { decodeJudgmentListing, decodeJudgmentReview } from '../../src/services/decoders';
import { createConfirmedUser, createTestClient, grantTrial } from '../support/backend.ts';
import { fixtureItems, replaceNgnBank } from '../support/ngn-fixtures.ts';
import { localBackend, ON_POSTGRES, type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';

let backend: SqlBackend;
beforeAll(async () => {
  backend = await startSqlBackend();
  await replaceNgnBank(backend, fixtureItems);
});
afterAll(async () => {
  await backend?.close();
});

const PASSWORD = 'review-test-password-1';
let counter = 0;
async function newStudent(trial: boolean) {
  counter += 1;
  const user = await createConfirmedUser(backend, `review${counter}@example.com`, PASSWORD);
  if (trial) await grantTrial(backend, user.id);
  return user;
}

const [sata, matrix] = fixtureItems as [NgnItem, NgnItem];
// A 0-point select-all (two distractors) and a partly right matrix.
const responses: NgnResponse[] = [{ options: ['b', 'd'] }, { r1: ['c1'], r2: ['c1'], r3: ['c1'] }];

async function recordSet(userId: string): Promise<string> {
  const setId = crypto.randomUUID();
  // As if get_clinical_judgment_set had served the items: the record takes only what was served.
  await backend.db.query(`select private.note_served($1, 'ngn', $2)`, [userId, [sata.id, matrix.id]]);
  await asUser(backend.apiDb, userId, (tx) =>
    tx.query(
      `select public.record_clinical_judgment_set(set_id => $1, kind => 'standalone', case_id => null,
         item_ids => $2, responses => $3::jsonb, started_at => now() - interval '5 minutes', submitted_at => now())`,
      [setId, [sata.id, matrix.id], JSON.stringify(responses)],
    ),
  );
  return setId;
}

const call = <T>(userId: string, sql: string, params: unknown[] = []) =>
  asUser(backend.apiDb, userId, (tx) => tx.query<{ result: T }>(sql, params)).then(
    (r) => r.rows[0]?.result as T,
  );

interface Review {
  set_id: string;
  kind: string;
  points: number;
  max_points: number;
  items: {
    item_id: string;
    item: NgnItem | null;
    response: NgnResponse;
    points: number;
    max_points: number;
  }[];
}

describe('judgment review', () => {
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  let aliceSet: string;
  beforeAll(async () => {
    alice = await newStudent(true);
    bob = await newStudent(true);
    aliceSet = await recordSet(alice.id);
  });

  test('the list has the caller’s sets only, with their points', async () => {
    const scores = [sata, matrix].map((item, i) => scoreResponse(scoringKeyOf(item), responses[i] ?? {}));
    const list = await call<unknown[]>(alice.id, 'select public.list_judgment_sets() as result');
    expect(list).toEqual([
      {
        set_id: aliceSet,
        kind: 'standalone',
        case_title: null,
        submitted_at: expect.any(String),
        items: 2,
        points: scores.reduce((a, s) => a + s.points, 0),
        max_points: scores.reduce((a, s) => a + s.max, 0),
      },
    ]);
    expect(await call(bob.id, 'select public.list_judgment_sets() as result')).toEqual([]);
  });

  test('the review returns the stored responses beside the items, with the server’s points', async () => {
    const review = await call<Review>(alice.id, 'select public.get_judgment_set_review($1) as result', [
      aliceSet,
    ]);
    expect(review.set_id).toBe(aliceSet);
    expect(review.items.map((i) => [i.item_id, i.response, i.item?.id])).toEqual([
      [sata.id, responses[0], sata.id],
      [matrix.id, responses[1], matrix.id],
    ]);
    for (const [i, item] of [sata, matrix].entries()) {
      const score = scoreResponse(scoringKeyOf(item), responses[i] ?? {});
      expect([review.items[i]?.points, review.items[i]?.max_points]).toEqual([score.points, score.max]);
    }
    expect(review.items[0]?.points).toBe(0);
  });

  test('another student’s set and an unknown id are the same not-found', async () => {
    expect(
      await sqlStateOf(call(bob.id, 'select public.get_judgment_set_review($1) as result', [aliceSet])),
    ).toBe('PGRST');
    expect(
      await sqlStateOf(
        call(alice.id, 'select public.get_judgment_set_review($1) as result', [crypto.randomUUID()]),
      ),
    ).toBe('PGRST');
  });

  test('the review needs practice access; the list a signed-in student; neither is open to anon', async () => {
    const lapsed = await newStudent(false);
    const lapsedSet = await recordSet(lapsed.id);
    expect(await call<unknown[]>(lapsed.id, 'select public.list_judgment_sets() as result')).toHaveLength(1);
    expect(
      await sqlStateOf(call(lapsed.id, 'select public.get_judgment_set_review($1) as result', [lapsedSet])),
    ).toBe('42501');
    for (const sql of [
      'select public.list_judgment_sets()',
      `select public.get_judgment_set_review('${aliceSet}')`,
    ])
      expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(sql)))).toBe('42501');
  });

  test("the services' decoders accept what both functions answer", async () => {
    const listing = decodeJudgmentListing(
      await call(alice.id, 'select public.list_judgment_sets() as result'),
    );
    expect(listing.map((row) => row.set_id)).toContain(aliceSet);
    const review = decodeJudgmentReview(
      await call(alice.id, 'select public.get_judgment_set_review($1) as result', [aliceSet]),
    );
    expect(review.items.map((answer) => answer.item_id)).toEqual([sata.id, matrix.id]);
  });

  // The local backend's REST layer runs on PGlite only.
  test.skipIf(ON_POSTGRES)(
    'over REST: the review of a known set, a 404 for an unknown one and a 400 for a malformed id',
    async () => {
      const client = createTestClient(localBackend(backend));
      const { error: signInError } = await client.auth.signInWithPassword({
        email: alice.email,
        password: PASSWORD,
      });
      expect(signInError).toBeNull();
      const ok = await client.rpc('get_judgment_set_review', { set_id: aliceSet });
      expect(ok.error).toBeNull();
      expect((ok.data as Review).items).toHaveLength(2);
      const missing = await client.rpc('get_judgment_set_review', { set_id: crypto.randomUUID() });
      expect([missing.status, missing.error?.code, missing.error?.message]).toEqual([
        404,
        'P0002',
        'Judgment set not found.',
      ]);
      const malformed = await client.rpc('get_judgment_set_review', { set_id: 'not-a-set' });
      expect(malformed.status).toBe(400);
    },
  );
});
