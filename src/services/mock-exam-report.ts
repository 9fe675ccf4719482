// The mock exam's readiness report (the mock-exam function's `report` action), the student's
// finished exams and their real NCLEX-PN result (supabase/migrations/20261128140000_mock_exam_record.sql).
// The decoders check each answer's shape before it is mapped to the port's types.
import { z } from 'zod';
import { Z_95 } from '../../domain/cat/constants';
import { ngnItemSchema } from '../../domain/ngn-items';
import type {
  MockExamRecord,
  MockReportPort,
  MockReviewItem,
  NclexResult,
} from '../../machines/mock-report/mock-report.ports';
import { invokeFunction } from './edge-function';
import { practiceService } from './practice.service';
import { callRpc, decoderOf, ignoreResult } from './rpc';

const band = z.object({ lower: z.number(), upper: z.number() });
const stopRule = z.enum(['confidence', 'maximum-length', 'time']);
const performanceRow = z.object({
  group: z.string(),
  items: z.number(),
  level: z.enum(['below', 'near', 'above']),
  band,
});
const reviewBase = {
  ordinal: z.number(),
  itemId: z.string(),
  points: z.number(),
  maxPoints: z.number(),
};
const classicReview = z.object({
  ...reviewBase,
  bank: z.literal('classic'),
  category: z.string(),
  stem: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string(), isCorrect: z.boolean() })),
  rationale: z.string(),
  response: z.object({ optionIds: z.array(z.string()) }),
});
const ngnReview = z.object({
  ...reviewBase,
  bank: z.literal('ngn'),
  category: z.string(),
  item: ngnItemSchema,
  response: z.object({ picks: z.record(z.string(), z.array(z.string())) }),
  caseStudy: z.object({ id: z.string(), title: z.string() }).nullable(),
});
const retiredReview = z.object({ ...reviewBase, retired: z.literal(true) });

/** The `report` action's answer: `{ report }`. */
export const decodeMockReport = decoderOf(
  'The mock exam report',
  z.object({
    report: z.object({
      examId: z.string(),
      startedAt: z.string(),
      finishedAt: z.string(),
      timeLimitSeconds: z.number(),
      timeUsedSeconds: z.number(),
      itemsAnswered: z.number(),
      scoredItems: z.number(),
      rule: stopRule,
      passed: z.boolean(),
      passingStandard: z.number(),
      provisional: z.boolean(),
      estimate: z.number(),
      standardError: z.number(),
      band,
      passProbability: z.number(),
      passProbabilityMethod: z.string(),
      performance: z.object({
        clientNeeds: z.array(performanceRow),
        judgmentSteps: z.array(performanceRow),
      }),
      review: z.array(z.union([retiredReview, classicReview, ngnReview])),
    }),
  }),
);

type ReviewRow = ReturnType<typeof decodeMockReport>['report']['review'][number];

/** A review row as the views read it: a classic question in the practice review's shape. */
export function toReviewItem(row: ReviewRow): MockReviewItem {
  const base = { ordinal: row.ordinal, itemId: row.itemId, points: row.points, maxPoints: row.maxPoints };
  if ('retired' in row) return { ...base, bank: 'retired' };
  if (row.bank === 'ngn') {
    return {
      ...base,
      bank: 'ngn',
      category: row.category,
      item: row.item,
      picks: row.response.picks,
      caseStudy: row.caseStudy && { id: row.caseStudy.id, title: row.caseStudy.title },
    };
  }
  const chosen = row.response.optionIds;
  return {
    ...base,
    bank: 'classic',
    question: {
      id: row.itemId,
      stem: row.stem,
      category: row.category,
      rationale: row.rationale,
      // The bank's stand-alone questions have one key; the review marks the first choice and key.
      chosenOptionId: chosen[0] ?? '',
      correctOptionId: row.options.find((option) => option.isCorrect)?.id ?? '',
      isCorrect: row.points === row.maxPoints,
      options: row.options.map(({ id, label, isCorrect }) => ({ id, label, is_correct: isCorrect })),
    },
  };
}

const nclexResult = z.object({ passed: z.boolean(), taken_on: z.string() });

/** get_mock_exam_record. */
export const decodeMockExamRecord = decoderOf(
  'Your mock exams',
  z.object({
    exams: z.array(
      z.object({
        id: z.string(),
        started_at: z.string(),
        finished_at: z.string(),
        stop_rule: stopRule,
        passed: z.boolean(),
        estimate: z.number(),
        standard_error: z.number(),
        pass_probability: z.number(),
        items_answered: z.number(),
      }),
    ),
    nclex_result: nclexResult.nullable(),
  }),
);

/** record_nclex_result: the result as stored. */
export const decodeNclexResult = decoderOf('Your NCLEX-PN result', nclexResult);

export const mockExamReportService: MockReportPort = {
  checkEntitlement: practiceService.checkEntitlement,

  async loadReport(examId) {
    const { report } = await invokeFunction(
      'mock-exam',
      examId ? { action: 'report', examId } : { action: 'report' },
      decodeMockReport,
    );
    return { ...report, review: report.review.map(toReviewItem) };
  },

  async loadRecord(): Promise<MockExamRecord> {
    const record = await callRpc('get_mock_exam_record', {}, decodeMockExamRecord);
    return {
      exams: record.exams.map((exam) => ({
        examId: exam.id,
        startedAt: exam.started_at,
        finishedAt: exam.finished_at,
        rule: exam.stop_rule,
        passed: exam.passed,
        estimate: exam.estimate,
        // The 95 % band as the server draws it (domain/cat/estimate.ts confidenceBand).
        band: {
          lower: exam.estimate - Z_95 * exam.standard_error,
          upper: exam.estimate + Z_95 * exam.standard_error,
        },
        passProbability: exam.pass_probability,
        itemsAnswered: exam.items_answered,
      })),
      nclexResult: record.nclex_result && {
        passed: record.nclex_result.passed,
        takenOn: record.nclex_result.taken_on,
      },
    };
  },

  async saveNclexResult(result): Promise<NclexResult> {
    const saved = await callRpc(
      'record_nclex_result',
      { p_passed: result.passed, p_taken_on: result.takenOn },
      decodeNclexResult,
    );
    return { passed: saved.passed, takenOn: saved.taken_on };
  },

  async removeNclexResult() {
    await callRpc('remove_nclex_result', {}, ignoreResult);
  },
};
