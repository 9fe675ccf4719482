import type { JudgmentPort, JudgmentSetListing, JudgmentSetRecord } from '../../machines/shared/ports';
import { decodeJudgmentListing, decodeJudgmentReview, decodeJudgmentSet } from './decoders';
import { practiceService } from './practice.service';
import { judgmentOutbox, sendFromOutbox } from './practice-outbox';
import { callRpc, ignoreResult } from './rpc';

/** Sends a finished clinical-judgment set; once stored (or refused for good) it leaves the outbox. */
export const sendJudgmentSet = (record: JudgmentSetRecord): Promise<void> =>
  sendFromOutbox(judgmentOutbox, record, () =>
    callRpc(
      'record_clinical_judgment_set',
      {
        set_id: record.setId,
        kind: record.kind,
        case_id: record.caseId,
        item_ids: record.itemIds,
        responses: record.responses,
        started_at: record.startedAt,
        submitted_at: record.submittedAt,
      },
      ignoreResult,
    ),
  );

/** The student's recorded judgment sets, newest first (public.list_judgment_sets). */
export async function listJudgmentSets(): Promise<JudgmentSetListing[]> {
  const rows = await callRpc('list_judgment_sets', {}, decodeJudgmentListing);
  return rows.map((row) => ({
    setId: row.set_id,
    kind: row.kind,
    caseTitle: row.case_title,
    submittedAt: row.submitted_at,
    items: row.items,
    points: row.points,
    maxPoints: row.max_points,
  }));
}

/** Clinical judgment practice over the backend's procedures, with the device outbox in front. */
export const judgmentService: JudgmentPort & { queueSet(record: JudgmentSetRecord): void } = {
  checkEntitlement: practiceService.checkEntitlement,

  async loadJudgmentSet(kind) {
    const row = await callRpc('get_clinical_judgment_set', { kind }, decodeJudgmentSet);
    return {
      kind: row.kind,
      caseStudy: row.case ? { id: row.case.id, title: row.case.title, intro: row.case.intro } : null,
      items: row.items,
    };
  },

  async loadJudgmentReview(setId) {
    const row = await callRpc('get_judgment_set_review', { set_id: setId }, decodeJudgmentReview);
    // An item retired from the bank since cannot be shown again: it is left out of the review.
    const kept = row.items.flatMap((answer) =>
      answer.item ? [{ item: answer.item, response: answer.response }] : [],
    );
    return {
      setId: row.set_id,
      kind: row.kind,
      caseStudy: row.case ? { id: row.case.id, title: row.case.title, intro: row.case.intro } : null,
      submittedAt: row.submitted_at,
      items: kept.map((answer) => answer.item),
      responses: kept.map((answer) => answer.response),
    };
  },

  queueSet(record) {
    judgmentOutbox.add(record);
  },

  recordJudgmentSet: sendJudgmentSet,
};
