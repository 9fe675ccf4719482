/**
 * The `mock-exam` function's logic, shared by the Deno Edge Function (index.ts beside this file)
 * and the local backend's /functions/v1/mock-exam (server/mock-exam.ts). Web APIs and domain/
 * only; the database is reached through `rpc` (the service-role functions of
 * supabase/migrations/20261128130000_mock_exam.sql), the clock and the dice are parameters.
 * docs/decisions/180-mock-exam-on-the-server.md records the design.
 *
 * POST { action: 'start' }                         → 201 { exam }   (409 exam_in_progress, 403 no_access)
 * POST { action: 'current' }                       → 200 { exam }   (404 no_exam)
 * POST { action: 'answer', ordinal, token, itemId, response } → 200 { exam } (409 stale / time_up)
 * POST { action: 'report', examId? }               → 200 { report } (409 exam_not_finished, 404 no_exam)
 *
 * The student is the access token's user alone. No key, rationale, score or item parameter of an
 * item leaves before the item is answered and the exam is over: `exam.item` is the stem and the
 * choices only, and nothing says whether an item is scored or pretest.
 */

import type { CatBank, CatItem, StudentHistory } from '../../../domain/cat/bank.ts';
import { PASSING_STANDARD } from '../../../domain/cat/constants.ts';
import { confidenceBand, passProbability } from '../../../domain/cat/estimate.ts';
import {
  type ExamState,
  examOutcome,
  type GivenItem,
  nextItem,
  recordScore,
  startExam,
} from '../../../domain/cat/exam.ts';
import { isDifficultyLabel, priorParameters, toCatItem } from '../../../domain/cat/parameters.ts';
import { performanceByGroup } from '../../../domain/cat/performance.ts';
import type { Random } from '../../../domain/cat/random.ts';
import { type ExamOutcome, passesOnEstimate } from '../../../domain/cat/stop.ts';
import { CLIENT_NEEDS, type ClientNeed } from '../../../domain/client-needs.ts';
import { JUDGMENT_STEPS } from '../../../domain/judgment-steps.ts';
import type { ExamView as WireExamView, ShownItem as WireShownItem } from '../../../domain/mock-exam-wire.ts';
import {
  type NgnResponse,
  responseProblem,
  type ScoringKey,
  scoreResponse,
} from '../../../domain/ngn-scoring.ts';

export interface MockExamDeps {
  /** The user id of a valid, signed-in access token, or null (Supabase Auth's getUser). */
  userIdFromToken(accessToken: string): Promise<string | null>;
  /** Calls a service-role database function and returns its JSON result (throws on failure). */
  rpc(name: string, args: Record<string, unknown>): Promise<unknown>;
  /** Milliseconds since the epoch (tests move it). Default Date.now. */
  now?: () => number;
  /** Uniform [0, 1) (tests seed it). Default Math.random. */
  random?: Random;
  log?: (line: string) => void;
}

export type MockExamError =
  | 'method_not_allowed'
  | 'bad_request'
  | 'not_authenticated'
  | 'no_access'
  | 'no_exam'
  | 'exam_in_progress'
  | 'exam_not_finished'
  | 'stale'
  | 'time_up'
  | 'bank_exhausted'
  | 'unavailable';

export const MOCK_EXAM_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
} as const;

/** Bodies are a few hundred bytes; anything this big is not a request of ours. */
export const MOCK_EXAM_MAX_BODY_BYTES = 16_384;
/** How long the bank's parameter table is kept between requests. */
const BANK_CACHE_MS = 5 * 60_000;

// ---- What the database functions return --------------------------------------------------------

interface BankRow {
  id: string;
  bank: 'classic' | 'ngn';
  category: string;
  difficulty: string;
  max_points: number;
  step: string | null;
  case_id: string | null;
  position: number | null;
}

interface StoredItem {
  ordinal: number;
  itemId: string;
  bank: 'classic' | 'ngn';
  kind: 'scored' | 'pretest';
  caseStudyId: string | null;
  token: string;
  servedAt: string;
  response: unknown;
  points: number | null;
  maxPoints: number | null;
  answeredAt: string | null;
}

interface StoredExam {
  id: string;
  status: 'in_progress' | 'finished';
  startedAt: string;
  finishedAt: string | null;
  timeLimitMinutes: number;
  state: ExamState;
  currentOrdinal: number | null;
  pending: GivenItem | null;
  stopRule: ExamOutcome['rule'] | null;
  passed: boolean | null;
  estimate: number | null;
  standardError: number | null;
  passProbability: number | null;
  hasAccess: boolean;
  /** What the student met before (exams in progress only). */
  history: { metInMocks: string[]; seenInPractice: string[] } | null;
  /** The item on screen with its key (exams in progress only): graded with, stripped before shown. */
  currentContent: ItemContent | null;
  items: StoredItem[];
}

interface ClassicContent {
  bank: 'classic';
  category: string;
  stem: string;
  rationale: string;
  options: { id: string; label: string; isCorrect: boolean }[];
}

interface NgnContent {
  bank: 'ngn';
  category: string;
  step: string;
  item: Record<string, unknown>;
  scoring: ScoringKey;
  maxPoints: number;
  caseStudy: { id: string; title: string; setting: string; intro: string; position: number } | null;
}

type ItemContent = ClassicContent | NgnContent;

// ---- What the client gets ----------------------------------------------------------------------

/** The item on screen (domain/mock-exam-wire.ts): the NGN item goes with its key stripped. */
export type ShownItem = WireShownItem<Record<string, unknown>>;

/** The exam as the function sends it: the shared view, with when it started. */
export interface ExamView extends WireExamView<Record<string, unknown>> {
  startedAt: string;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: MockExamError,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function json(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: MOCK_EXAM_CORS_HEADERS });
}

function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Everything of an NGN item that grades it or tells its difficulty: which choices are right, the
 * drag-and-drop answers, the rationale, the scoring rule, the difficulty label. */
const NGN_KEY_FIELDS = new Set(['correct', 'answers', 'rationale', 'scoring', 'difficulty']);

/** The NGN item as a candidate sees it: every key field removed, at any depth. */
export function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field]) => !NGN_KEY_FIELDS.has(field))
      .map(([field, inner]) => [field, withoutKeys(inner)]),
  );
}

/** The engine's bank from the database's rows: label-prior parameters, case studies of six in order. */
export function catBankOf(rows: readonly BankRow[]): CatBank {
  const clientNeeds = new Set<string>(CLIENT_NEEDS.map((need) => need.name));
  const toItem = (row: BankRow): CatItem | null =>
    clientNeeds.has(row.category) && isDifficultyLabel(row.difficulty)
      ? toCatItem(row.category as ClientNeed, priorParameters(row.id, row.difficulty, row.max_points))
      : null;
  const items = rows.filter((row) => row.case_id === null).flatMap((row) => toItem(row) ?? []);
  const byCase = new Map<string, BankRow[]>();
  for (const row of rows) {
    if (row.case_id !== null) byCase.set(row.case_id, [...(byCase.get(row.case_id) ?? []), row]);
  }
  const caseStudies = [...byCase.entries()]
    .map(([id, steps]) => ({
      id,
      items: steps.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).flatMap((row) => toItem(row) ?? []),
    }))
    .filter((study) => study.items.length === 6);
  return { items, caseStudies };
}

/** The exam's result as stored: the rule, the decision, the estimate, its SE and P(pass). */
function resultOf(outcome: ExamOutcome) {
  return {
    rule: outcome.rule,
    passed: outcome.passed,
    estimate: outcome.estimate.theta,
    standardError: outcome.estimate.standardError,
    passProbability: passProbability(outcome.estimate, PASSING_STANDARD),
  };
}

/** Builds the request handler. */
export function createMockExamHandler(deps: MockExamDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => Date.now());
  const random = deps.random ?? Math.random;
  const log = deps.log ?? ((line: string) => console.log(line));

  type EngineBank = { rows: Map<string, BankRow>; bank: CatBank };
  let bankCache: { at: number; bank: Promise<EngineBank> } | null = null;
  /** The bank's rows by id and the engine's bank, fetched at most every BANK_CACHE_MS. */
  function engineBank(): Promise<EngineBank> {
    if (!bankCache || now() - bankCache.at > BANK_CACHE_MS || now() < bankCache.at) {
      const bank = (deps.rpc('mock_exam_bank', {}) as Promise<BankRow[]>).then((rows) => ({
        rows: new Map(rows.map((row) => [row.id, row])),
        bank: catBankOf(rows),
      }));
      bankCache = { at: now(), bank };
      bank.catch(() => {
        bankCache = null;
      });
    }
    return bankCache.bank;
  }

  async function historyOf(userId: string): Promise<StudentHistory> {
    return toHistory(
      (await deps.rpc('mock_exam_history', { p_user: userId })) as NonNullable<StoredExam['history']>,
    );
  }
  const toHistory = (history: NonNullable<StoredExam['history']>): StudentHistory => ({
    metInMocks: new Set(history.metInMocks),
    seenInPractice: new Set(history.seenInPractice),
  });

  const getExam = (userId: string, examId: string | null, finished: boolean) =>
    deps.rpc('mock_exam_get', {
      p_user: userId,
      p_exam: examId,
      p_finished: finished,
    }) as Promise<StoredExam | null>;

  async function contentOf(ids: string[]): Promise<Record<string, ItemContent>> {
    return (await deps.rpc('mock_exam_item_content', { p_ids: ids })) as Record<string, ItemContent>;
  }

  const timeLimitMs = (exam: StoredExam) => exam.timeLimitMinutes * 60_000;
  const timeLeftMs = (exam: StoredExam) => Date.parse(exam.startedAt) + timeLimitMs(exam) - now();

  /** What the engine needs to serve an item: which bank it is in and whether it is scored. */
  function servedRow(given: GivenItem, rows: Map<string, BankRow>) {
    return {
      itemId: given.itemId,
      bank: rows.get(given.itemId)?.bank ?? 'classic',
      kind: given.role === 'pretest' ? 'pretest' : 'scored',
      caseStudyId: given.caseStudyId ?? null,
    };
  }

  function shownItem(exam: StoredExam): ShownItem | null {
    const served = exam.items.find((item) => item.ordinal === exam.currentOrdinal);
    if (exam.status !== 'in_progress' || !served) return null;
    const content = exam.currentContent;
    if (!content) throw new Error(`item ${served.itemId} is no longer in the bank`);
    const base = { ordinal: served.ordinal, token: served.token, itemId: served.itemId };
    if (content.bank === 'classic') {
      return {
        ...base,
        bank: 'classic',
        stem: content.stem,
        options: content.options.map(({ id, label }) => ({ id, label })),
      };
    }
    const study = content.caseStudy;
    return {
      ...base,
      bank: 'ngn',
      item: withoutKeys(content.item) as Record<string, unknown>,
      caseStudy: study
        ? {
            id: study.id,
            title: study.title,
            intro: study.intro,
            step: study.position,
          }
        : null,
    };
  }

  function view(exam: StoredExam): ExamView {
    return {
      id: exam.id,
      status: exam.status,
      startedAt: exam.startedAt,
      timeLimitSeconds: exam.timeLimitMinutes * 60,
      timeLeftSeconds: exam.status === 'finished' ? 0 : Math.max(0, Math.floor(timeLeftMs(exam) / 1000)),
      itemsAnswered: exam.items.filter((item) => item.points !== null).length,
      item: shownItem(exam),
    };
  }

  /** The student's exam in progress, or a 404. */
  async function inProgress(userId: string): Promise<StoredExam> {
    const exam = await getExam(userId, null, false);
    if (!exam)
      throw new Refusal(404, 'no_exam', 'There is no mock exam in progress. Start one from the Exams page.');
    if (!exam.hasAccess) throw noAccess();
    return exam;
  }

  const noAccess = () =>
    new Refusal(403, 'no_access', 'An active subscription or trial is required to take a mock exam.');

  /** Ends an exam whose time is up (the stored start decides, not the client). */
  async function endOnTime(userId: string, exam: StoredExam): Promise<StoredExam> {
    const outcome = examOutcome(exam.state, { timeUp: true });
    if (outcome)
      await deps.rpc('mock_exam_finish', {
        p_user: userId,
        p_exam: exam.id,
        p_state: exam.state,
        p_result: resultOf(outcome),
      });
    return (await getExam(userId, exam.id, true)) ?? exam;
  }

  async function start(userId: string): Promise<Response> {
    if (!(await deps.rpc('mock_exam_access', { p_user: userId }))) throw noAccess();
    if (await getExam(userId, null, false)) throw inProgressRefusal();
    const [{ rows, bank }, history] = await Promise.all([engineBank(), historyOf(userId)]);
    const state = startExam(bank, history, random);
    const first = nextItem(state, bank, history, random);
    if (!first)
      throw new Refusal(409, 'bank_exhausted', 'There are not enough questions left for a new mock exam.');
    const started = (await deps.rpc('mock_exam_start', {
      p_user: userId,
      p_state: state,
      p_pending: first,
      p_first: servedRow(first, rows),
    })) as { exam?: StoredExam; error?: string };
    if (started.error === 'no_access') throw noAccess();
    if (started.error === 'exam_in_progress' || !started.exam) throw inProgressRefusal();
    return json({ exam: view(started.exam) }, 201);
  }

  const inProgressRefusal = () =>
    new Refusal(
      409,
      'exam_in_progress',
      'You already have a mock exam in progress. Resume it instead of starting another.',
    );

  async function current(userId: string): Promise<Response> {
    let exam = await inProgress(userId);
    if (timeLeftMs(exam) <= 0) exam = await endOnTime(userId, exam);
    return json({ exam: view(exam) }, 200);
  }

  async function answer(userId: string, body: Record<string, unknown>): Promise<Response> {
    const { ordinal, token, itemId, response } = body;
    if (
      !Number.isInteger(ordinal) ||
      typeof token !== 'string' ||
      !UUID.test(token) ||
      typeof itemId !== 'string' ||
      !isRecord(response)
    ) {
      throw new Refusal(
        400,
        'bad_request',
        'An answer needs ordinal (an integer), token, itemId and response.',
      );
    }
    const exam = await inProgress(userId);
    const served = exam.items.find((item) => item.ordinal === exam.currentOrdinal);
    if (
      !served ||
      !exam.pending ||
      served.ordinal !== ordinal ||
      served.token !== token ||
      served.itemId !== itemId
    ) {
      throw staleRefusal(view(exam));
    }
    if (timeLeftMs(exam) <= 0) {
      const ended = await endOnTime(userId, exam);
      throw new Refusal(409, 'time_up', 'Time is up: the exam has ended and this answer was not recorded.', {
        exam: view(ended),
      });
    }
    const content = exam.currentContent;
    if (!content) throw new Error(`item ${itemId} is no longer in the bank`);
    const { points, max } = grade(content, response);

    const state = recordScore(exam.state, exam.pending, points);
    const outcome = examOutcome(state);
    const { rows, bank } = outcome ? { rows: new Map<string, BankRow>(), bank: null } : await engineBank();
    const history = bank && exam.history ? toHistory(exam.history) : null;
    const next = bank && history ? nextItem(state, bank, history, random) : null;
    // A bank with nothing left for this student ends the exam as the maximum length would.
    const final =
      outcome ??
      (next
        ? null
        : {
            rule: 'maximum-length' as const,
            passed: passesOnEstimate(state.estimate, PASSING_STANDARD),
            estimate: state.estimate,
            band: confidenceBand(state.estimate),
          });
    const saved = (await deps.rpc('mock_exam_answer', {
      p_user: userId,
      p_exam: exam.id,
      p_ordinal: ordinal,
      p_token: token,
      p_response: response,
      p_points: points,
      p_max_points: max,
      p_state: state,
      p_pending: final ? null : next,
      p_next: final || !next ? null : servedRow(next, rows),
      p_result: final ? resultOf(final) : null,
    })) as { exam?: StoredExam | null; error?: string };
    if (saved.error || !saved.exam) {
      throw staleRefusal(view((await getExam(userId, exam.id, false)) ?? exam));
    }
    return json({ exam: view(saved.exam) }, 200);
  }

  const staleRefusal = (exam: ExamView) =>
    new Refusal(
      409,
      'stale',
      'This answer is for an item that is no longer on screen. Continue from the current item.',
      { exam },
    );

  /** The points a response earns, or a 400 for a response that does not fit the item. */
  function grade(content: ItemContent, response: Record<string, unknown>): { points: number; max: number } {
    if (content.bank === 'classic') {
      const chosen = response.optionIds;
      const known = new Set(content.options.map((o) => o.id));
      if (
        !isStringArray(chosen) ||
        new Set(chosen).size !== chosen.length ||
        chosen.some((id) => !known.has(id))
      ) {
        throw new Refusal(
          400,
          'bad_request',
          'response.optionIds must list options of this question, each once.',
        );
      }
      const correct = content.options.filter((o) => o.isCorrect).map((o) => o.id);
      const right = chosen.length === correct.length && correct.every((id) => chosen.includes(id));
      return { points: right ? 1 : 0, max: 1 };
    }
    const picks = response.picks;
    if (!isRecord(picks) || !Object.values(picks).every(isStringArray)) {
      throw new Refusal(
        400,
        'bad_request',
        'response.picks must map each part of the item to the choice ids picked.',
      );
    }
    const problem = responseProblem(content.scoring, picks as NgnResponse);
    if (problem) throw new Refusal(400, 'bad_request', problem);
    const { points, max } = scoreResponse(content.scoring, picks as NgnResponse);
    return { points, max };
  }

  async function report(userId: string, examId: unknown): Promise<Response> {
    if (examId !== undefined && (typeof examId !== 'string' || !UUID.test(examId))) {
      throw new Refusal(400, 'bad_request', 'examId must be the id of one of your mock exams.');
    }
    const id = (examId as string | undefined) ?? null;
    const exam = await getExam(userId, id, true);
    if (!exam) {
      const running = await getExam(userId, null, false);
      if (running && (id === null || running.id === id)) {
        throw new Refusal(409, 'exam_not_finished', 'The report is ready when the exam ends.');
      }
      throw new Refusal(404, 'no_exam', 'There is no finished mock exam to report.');
    }
    if (!exam.hasAccess) throw noAccess();
    const { rows } = await engineBank();
    const given = exam.state.given;
    const scored = exam.items.filter((item) => item.kind === 'scored' && item.points !== null);
    const content = await contentOf(scored.map((item) => item.itemId));
    const estimate = {
      theta: exam.estimate ?? 0,
      standardError: exam.standardError ?? 0,
      method: exam.state.estimate.method,
    };
    const clientNeeds = performanceByGroup(
      given,
      CLIENT_NEEDS.map((n) => n.name),
      (item) => item.category,
    );
    const judgmentSteps = performanceByGroup(
      given,
      JUDGMENT_STEPS,
      (item) => rows.get(item.itemId)?.step ?? null,
    );
    const row = (g: (typeof clientNeeds)[number]) => ({
      group: g.group,
      items: g.items,
      level: g.level,
      band: g.band,
    });
    return json(
      {
        report: {
          examId: exam.id,
          startedAt: exam.startedAt,
          finishedAt: exam.finishedAt,
          timeLimitSeconds: exam.timeLimitMinutes * 60,
          timeUsedSeconds: Math.min(
            exam.timeLimitMinutes * 60,
            Math.round((Date.parse(exam.finishedAt ?? exam.startedAt) - Date.parse(exam.startedAt)) / 1000),
          ),
          itemsAnswered: exam.items.filter((item) => item.points !== null).length,
          scoredItems: scored.length,
          rule: exam.stopRule,
          passed: exam.passed,
          passingStandard: PASSING_STANDARD,
          // Our logits are not NCSBN's until calibrated (docs/readiness.md).
          provisional: true,
          estimate: estimate.theta,
          standardError: estimate.standardError,
          band: confidenceBand(estimate),
          passProbability: exam.passProbability,
          passProbabilityMethod: 'normal-approximation',
          performance: { clientNeeds: clientNeeds.map(row), judgmentSteps: judgmentSteps.map(row) },
          review: scored.map((item) => reviewRow(item, content[item.itemId])),
        },
      },
      200,
    );
  }

  function reviewRow(item: StoredItem, content: ItemContent | undefined) {
    const base = {
      ordinal: item.ordinal,
      itemId: item.itemId,
      response: item.response,
      points: item.points,
      maxPoints: item.maxPoints,
    };
    if (!content) return { ...base, bank: item.bank, retired: true };
    if (content.bank === 'classic') {
      return {
        ...base,
        bank: 'classic',
        category: content.category,
        stem: content.stem,
        options: content.options,
        rationale: content.rationale,
      };
    }
    return {
      ...base,
      bank: 'ngn',
      category: content.category,
      step: content.step,
      item: content.item,
      key: content.scoring,
      rationale: typeof content.item.rationale === 'string' ? content.item.rationale : null,
      caseStudy: content.caseStudy,
    };
  }

  return async (request) => {
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: MOCK_EXAM_CORS_HEADERS });
    try {
      if (request.method !== 'POST') throw new Refusal(405, 'method_not_allowed', 'Use POST');
      const text = await request.text();
      if (text.length > MOCK_EXAM_MAX_BODY_BYTES)
        throw new Refusal(400, 'bad_request', 'The request body is too large.');
      const token = bearerToken(request);
      const userId = token ? await deps.userIdFromToken(token).catch(() => null) : null;
      if (!userId) throw new Refusal(401, 'not_authenticated', 'Sign in to take a mock exam.');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Refusal(400, 'bad_request', 'The body must be a JSON object with an action.');
      }
      if (!isRecord(body))
        throw new Refusal(400, 'bad_request', 'The body must be a JSON object with an action.');
      switch (body.action) {
        case 'start':
          return await start(userId);
        case 'current':
          return await current(userId);
        case 'answer':
          return await answer(userId, body);
        case 'report':
          return await report(userId, body.examId);
        default:
          throw new Refusal(400, 'bad_request', 'action must be one of start, current, answer, report.');
      }
    } catch (error) {
      if (error instanceof Refusal)
        return json({ error: error.error, message: error.message, ...error.extra }, error.status);
      log(`mock-exam failed: ${(error as Error).stack ?? (error as Error).message}`);
      return json(
        { error: 'unavailable', message: 'The mock exam could not be reached. Please try again.' },
        503,
      );
    }
  };
}
