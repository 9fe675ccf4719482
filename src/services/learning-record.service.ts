import type { PostgrestError } from '@supabase/supabase-js';
import {
  BackendError,
  type LearningRecordPort,
  type PracticeFocus,
  type PracticeSetRecord,
  type ResultsSummary,
  type ReviewedSet,
} from '../../machines/shared/ports';
import { sendJudgmentSet } from './judgment.service';
import { judgmentOutbox, practiceOutbox, REFUSED_SET } from './practice-outbox';
import { getSupabase } from './supabase';

function fail(error: PostgrestError): never {
  throw new BackendError(error.message || 'An unexpected error occurred', error.code || undefined);
}

async function sendSet(record: PracticeSetRecord): Promise<void> {
  const { error } = await (await getSupabase()).rpc('record_practice_set', {
    set_id: record.setId,
    question_ids: record.questionIds,
    chosen_option_ids: record.chosenOptionIds,
    layout: record.layout,
    started_at: record.startedAt,
    submitted_at: record.submittedAt,
    focus: record.focus,
  });
  if (error) {
    if (error.code === REFUSED_SET) practiceOutbox.remove(record.userId, record.setId);
    fail(error);
  }
  practiceOutbox.remove(record.userId, record.setId);
}

interface SummaryRow {
  totals: ResultsSummary['totals'];
  categories: ResultsSummary['categories'];
  over_time: { set_id: string; submitted_at: string; correct: number; total: number }[];
  recent_sets: {
    set_id: string;
    submitted_at: string;
    correct: number;
    total: number;
    focus: PracticeFocus;
    counted?: boolean;
  }[];
  weakest: ResultsSummary['weakest'];
  missed_count: number;
  seen_count: number;
  bank_size: number;
  judgment?: {
    sets: number;
    points: number;
    max_points: number;
    by_step: { step: string; points: number; max_points: number }[];
    by_category: { category: string; points: number; max_points: number }[];
  };
}

interface SetRow {
  set_id: string;
  submitted_at: string;
  started_at: string;
  focus: PracticeFocus;
  correct: number;
  total: number;
  content_available?: boolean;
  questions: {
    id: string;
    stem: string | null;
    category: string | null;
    rationale: string | null;
    chosen_option_id: string;
    correct_option_id: string;
    is_correct: boolean;
    options: { id: string; label: string; is_correct: boolean }[];
  }[];
}

function unexpectedShape(what: string): never {
  throw new BackendError(`The ${what} came back in an unexpected shape.`);
}

/** The learning record over the backend's procedures, with the device outbox in front of it. */
export const learningRecordService: LearningRecordPort = {
  queueSet(record) {
    practiceOutbox.add(record);
  },

  recordSet: sendSet,

  async deliverOutbox(userId) {
    let delivered = 0;
    const sends = [
      ...practiceOutbox.read(userId).map((record) => () => sendSet(record)),
      ...judgmentOutbox.read(userId).map((record) => () => sendJudgmentSet(record)),
    ];
    for (const send of sends) {
      try {
        await send();
        delivered++;
      } catch {
        // Still waiting (or refused and dropped): the rest may go through.
      }
    }
    return { delivered, waiting: practiceOutbox.read(userId).length + judgmentOutbox.read(userId).length };
  },

  async loadSummary() {
    const { data, error } = await (await getSupabase()).rpc('get_results_summary');
    if (error) fail(error);
    const row = data as SummaryRow | null;
    if (!row?.totals || !Array.isArray(row.categories)) unexpectedShape('results summary');
    return {
      totals: row.totals,
      categories: row.categories,
      overTime: row.over_time.map((s) => ({
        setId: s.set_id,
        submittedAt: s.submitted_at,
        correct: s.correct,
        total: s.total,
      })),
      recentSets: row.recent_sets.map((s) => ({
        setId: s.set_id,
        submittedAt: s.submitted_at,
        correct: s.correct,
        total: s.total,
        focus: s.focus,
        counted: s.counted !== false,
      })),
      weakest: row.weakest,
      missedCount: row.missed_count,
      seenCount: row.seen_count,
      bankSize: row.bank_size,
      judgment: {
        sets: row.judgment?.sets ?? 0,
        points: row.judgment?.points ?? 0,
        maxPoints: row.judgment?.max_points ?? 0,
        byStep: (row.judgment?.by_step ?? []).map((s) => ({
          step: s.step,
          points: s.points,
          maxPoints: s.max_points,
        })),
        byCategory: (row.judgment?.by_category ?? []).map((c) => ({
          category: c.category,
          points: c.points,
          maxPoints: c.max_points,
        })),
      },
    };
  },

  async loadSet(setId) {
    const { data, error } = await (await getSupabase()).rpc('get_practice_set', { set_id: setId });
    if (error) fail(error);
    const row = data as SetRow | null;
    if (!row || !Array.isArray(row.questions)) unexpectedShape('practice set');
    const set: ReviewedSet = {
      setId: row.set_id,
      submittedAt: row.submitted_at,
      startedAt: row.started_at,
      focus: row.focus,
      correct: row.correct,
      total: row.total,
      contentAvailable: row.content_available !== false,
      questions: row.questions.map((q) => ({
        id: q.id,
        stem: q.stem,
        category: q.category,
        rationale: q.rationale,
        chosenOptionId: q.chosen_option_id,
        correctOptionId: q.correct_option_id,
        isCorrect: q.is_correct,
        options: q.options,
      })),
    };
    return set;
  },

  async resetHistory(userId) {
    const { error } = await (await getSupabase()).rpc('reset_practice_history');
    if (error) fail(error);
    // Sets still waiting on this device belong to the history just wiped.
    practiceOutbox.clear(userId);
    judgmentOutbox.clear(userId);
  },
};
