// Every service against a backend that answers in the wrong shape: each gets a clear BackendError
// ("… came back in an unexpected shape." or the generic message), never a TypeError, and still
// maps a well-formed answer. supabase-js is replaced by a fake client whose answers the test sets;
// the calls it receives are checked too (procedure names and arguments as database.types.ts has them).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { BackendError } from '../../machines/shared/ports';
import { fixtureCase, fixtureItems } from '../support/ngn-fixtures';

const answer = vi.hoisted(() => ({
  data: null as unknown,
  error: null as unknown,
  /** Answers for particular procedures (by name), for a service that makes more than one call. */
  byName: {} as Record<string, unknown>,
  calls: [] as unknown[][],
}));
vi.mock('../../src/services/supabase', () => {
  const respond = async (...call: unknown[]) => {
    answer.calls.push(call);
    const name = call[0] as string;
    return { data: name in answer.byName ? answer.byName[name] : answer.data, error: answer.error };
  };
  const client = {
    rpc: respond,
    functions: { invoke: respond },
    auth: { verifyOtp: respond, exchangeCodeForSession: respond },
  };
  return {
    getSupabase: async () => client,
    whenSupabaseLoaded: async () => client,
    hasStoredSession: () => true,
    sessionStorageKey: 'sb-test-auth-token',
  };
});

const { authService } = await import('../../src/services/auth.service');
const { billingService } = await import('../../src/services/billing.service');
const { judgmentService } = await import('../../src/services/judgment.service');
const { learningRecordService } = await import('../../src/services/learning-record.service');
const { practiceService } = await import('../../src/services/practice.service');

beforeEach(() => {
  answer.data = null;
  answer.error = null;
  answer.byName = {};
  answer.calls = [];
});

async function errorOf(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return error as BackendError;
}

const question = {
  id: 'q1',
  stem: 'Stem',
  category: 'Coordinated Care',
  options: [{ id: 'a', label: 'A', is_correct: true }],
};
const summary = {
  totals: { sets: 1, answered: 1, correct: 1 },
  categories: [{ category: 'Coordinated Care', answered: 1, correct: 1 }],
  over_time: [{ set_id: 's1', submitted_at: '2026-11-01T00:00:00Z', correct: 1, total: 1 }],
  recent_sets: [{ set_id: 's1', submitted_at: '2026-11-01T00:00:00Z', correct: 1, total: 1, focus: 'mixed' }],
  weakest: [],
  missed_count: 0,
  seen_count: 1,
  bank_size: 10,
};
const reviewedSet = {
  set_id: 's1',
  submitted_at: '2026-11-01T00:10:00Z',
  started_at: '2026-11-01T00:00:00Z',
  focus: 'mixed',
  correct: 1,
  total: 1,
  questions: [
    {
      id: 'q1',
      stem: null,
      category: null,
      rationale: null,
      chosen_option_id: 'a',
      correct_option_id: 'a',
      is_correct: true,
      options: [{ id: 'a', label: 'A', is_correct: true }],
    },
  ],
};

describe('practice service', () => {
  test('questions: mapped when well formed; a missing or mistyped field is a clear error', async () => {
    answer.data = { questions: [question] };
    expect(await practiceService.loadQuestions(10, 'mixed')).toEqual([question]);
    expect(answer.calls[0]).toEqual(['get_practice_questions', { question_limit: 10 }]);
    for (const malformed of [
      null,
      {},
      { questions: [{ ...question, options: 'A' }] },
      { questions: [{ id: 1 }] },
    ]) {
      answer.data = malformed;
      expect((await errorOf(practiceService.loadQuestions(10, 'weakest'))).message).toBe(
        'The question set came back in an unexpected shape.',
      );
    }
  });

  test('entitlement: true only for true; anything not a boolean is a clear error', async () => {
    answer.data = true;
    expect(await practiceService.checkEntitlement('u1')).toBe(true);
    answer.data = null;
    expect(await practiceService.checkEntitlement('u1')).toBe(false);
    answer.data = 'yes';
    expect((await errorOf(practiceService.checkEntitlement('u1'))).message).toBe(
      'The entitlement check came back in an unexpected shape.',
    );
  });

  test('a backend error keeps its message and code; without a message, the generic one', async () => {
    answer.error = { message: 'Subscribe to keep practising.', code: '42501' };
    expect(await errorOf(practiceService.loadQuestions(10, 'mixed'))).toMatchObject({
      message: 'Subscribe to keep practising.',
      code: '42501',
    });
    answer.error = { message: '', code: '' };
    expect(await errorOf(practiceService.loadQuestions(10, 'mixed'))).toMatchObject({
      message: 'An unexpected error occurred',
      code: undefined,
    });
  });
});

describe('learning-record service', () => {
  test('results summary: mapped when well formed, a clear error when a key is missing', async () => {
    answer.data = summary;
    answer.byName = { list_judgment_sets: [], get_review_due_count: { due_today: 3 }, list_custom_tests: [] };
    const loaded = await learningRecordService.loadSummary();
    expect([loaded.dueToday, loaded.customTests]).toEqual([3, []]);
    expect(loaded.recentSets).toEqual([
      {
        setId: 's1',
        submittedAt: '2026-11-01T00:00:00Z',
        correct: 1,
        total: 1,
        focus: 'mixed',
        counted: true,
      },
    ]);
    expect(loaded.judgment).toEqual({
      sets: 0,
      points: 0,
      maxPoints: 0,
      byStep: [],
      byCategory: [],
      recentSets: [],
    });
    const { over_time: _dropped, ...withoutOverTime } = summary;
    for (const malformed of [withoutOverTime, { ...summary, recent_sets: [{ set_id: 's1' }] }, []]) {
      answer.data = malformed;
      expect((await errorOf(learningRecordService.loadSummary())).message).toBe(
        'The results summary came back in an unexpected shape.',
      );
    }
    answer.data = summary;
    answer.byName = {
      list_judgment_sets: [{ set_id: 'j1', kind: 'essay' }],
      get_review_due_count: { due_today: 0 },
      list_custom_tests: [],
    };
    expect((await errorOf(learningRecordService.loadSummary())).message).toBe(
      'The judgment sets came back in an unexpected shape.',
    );
    answer.byName = {
      list_judgment_sets: [],
      get_review_due_count: { due_today: -1 },
      list_custom_tests: [],
    };
    expect((await errorOf(learningRecordService.loadSummary())).message).toBe(
      'The review count came back in an unexpected shape.',
    );
    answer.byName = {
      list_judgment_sets: [],
      get_review_due_count: { due_today: 0 },
      list_custom_tests: [{}],
    };
    expect((await errorOf(learningRecordService.loadSummary())).message).toBe(
      'Your tests came back in an unexpected shape.',
    );
  });

  test('one set: mapped when well formed, a clear error when a question is malformed', async () => {
    answer.data = reviewedSet;
    expect((await learningRecordService.loadSet('s1')).questions[0]?.chosenOptionId).toBe('a');
    answer.data = { ...reviewedSet, questions: [{ id: 'q1' }] };
    expect((await errorOf(learningRecordService.loadSet('s1'))).message).toBe(
      'The practice set came back in an unexpected shape.',
    );
  });
});

describe('judgment service', () => {
  test('a set: mapped when well formed, a clear error for an item of an unknown type', async () => {
    answer.data = {
      kind: 'case',
      case: { id: fixtureCase.id, title: 'T', intro: 'I' },
      items: fixtureItems.slice(0, 2),
    };
    expect(await judgmentService.loadJudgmentSet('case')).toMatchObject({
      kind: 'case',
      items: fixtureItems.slice(0, 2),
    });
    answer.data = { kind: 'case', case: null, items: [{ ...fixtureItems[0], type: 'essay' }] };
    expect((await errorOf(judgmentService.loadJudgmentSet('case'))).message).toBe(
      'The items came back in an unexpected shape.',
    );
  });

  test('a past set’s review: responses beside the items, retired items left out, a clear error when malformed', async () => {
    const [first, second] = fixtureItems;
    answer.data = {
      set_id: 'j1',
      kind: 'standalone',
      case: null,
      submitted_at: '2026-11-01T00:00:00Z',
      items: [
        { item_id: first?.id, item: first, response: { options: ['a'] } },
        { item_id: second?.id, item: null, response: {} },
      ],
    };
    expect(await judgmentService.loadJudgmentReview('j1')).toMatchObject({
      setId: 'j1',
      items: [first],
      responses: [{ options: ['a'] }],
    });
    answer.data = {
      set_id: 'j1',
      kind: 'standalone',
      case: null,
      submitted_at: 'x',
      items: [{ item_id: 'i' }],
    };
    expect((await errorOf(judgmentService.loadJudgmentReview('j1'))).message).toBe(
      'The judgment set came back in an unexpected shape.',
    );
  });
});

describe('billing service', () => {
  test('status: mapped when well formed, a clear error for an unknown kind', async () => {
    answer.data = { kind: 'trialing', access_until: '2026-12-01T00:00:00Z', had_trial: true };
    expect(await billingService.loadStatus()).toEqual({
      kind: 'trialing',
      accessUntil: '2026-12-01T00:00:00Z',
      renewsAt: null,
      endedAt: null,
      hadTrial: true,
    });
    answer.data = { kind: 'gold' };
    expect((await errorOf(billingService.loadStatus())).message).toBe(
      'Your subscription came back in an unexpected shape.',
    );
  });

  test('portal: a URL is returned; anything else is the portal error', async () => {
    answer.data = { url: 'https://billing.example/session' };
    expect(await billingService.openPortal()).toBe('https://billing.example/session');
    answer.data = { url: 'javascript:alert(1)' };
    expect((await errorOf(billingService.openPortal())).message).toBe(
      'The billing portal could not be opened. Please try again.',
    );
  });
});

describe('auth service', () => {
  test('a verified link that comes back without a session is the generic error, not a TypeError', async () => {
    answer.data = { session: null, user: null };
    expect((await errorOf(authService.verifyTokenHash('hash', 'email'))).message).toBe(
      'An unexpected error occurred',
    );
  });
});
