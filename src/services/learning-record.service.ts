import type { LearningRecordPort, PracticeSetRecord, ReviewedSet } from '../../machines/shared/ports';
import { listCustomTests, loadDueCount, localUtcOffsetMinutes } from './custom-tests';
import { decodePracticeSet, decodeResultsSummary } from './decoders';
import { listJudgmentSets, sendJudgmentSet } from './judgment.service';
import { judgmentOutbox, practiceOutbox, REFUSED_SET } from './practice-outbox';
import { callRpc, ignoreResult } from './rpc';

async function sendSet(record: PracticeSetRecord): Promise<void> {
  await callRpc(
    'record_practice_set',
    {
      set_id: record.setId,
      question_ids: record.questionIds,
      chosen_option_ids: record.chosenOptionIds,
      layout: record.layout,
      started_at: record.startedAt,
      submitted_at: record.submittedAt,
      focus: record.focus,
    },
    ignoreResult,
    (error) => {
      if (error.code === REFUSED_SET) practiceOutbox.remove(record.userId, record.setId);
    },
  );
  practiceOutbox.remove(record.userId, record.setId);
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
    const [row, judgmentSets, dueToday, customTests] = await Promise.all([
      callRpc('get_results_summary', {}, decodeResultsSummary),
      listJudgmentSets(),
      loadDueCount(localUtcOffsetMinutes()),
      listCustomTests(),
    ]);
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
      dueToday,
      customTests,
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
        recentSets: judgmentSets,
      },
    };
  },

  async loadSet(setId) {
    const row = await callRpc('get_practice_set', { set_id: setId }, decodePracticeSet);
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
    await callRpc('reset_practice_history', {}, ignoreResult);
    // Sets still waiting on this device belong to the history just wiped.
    practiceOutbox.clear(userId);
    judgmentOutbox.clear(userId);
  },
};
