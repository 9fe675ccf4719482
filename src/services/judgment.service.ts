import type { JudgmentPort, JudgmentSetRecord } from '../../machines/shared/ports';
import { decodeJudgmentSet } from './decoders';
import { practiceService } from './practice.service';
import { judgmentOutbox, REFUSED_SET } from './practice-outbox';
import { callRpc, ignoreResult } from './rpc';

/** Sends a finished clinical-judgment set; once stored (or refused for good) it leaves the outbox. */
export async function sendJudgmentSet(record: JudgmentSetRecord): Promise<void> {
  await callRpc(
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
    (error) => {
      if (error.code === REFUSED_SET) judgmentOutbox.remove(record.userId, record.setId);
    },
  );
  judgmentOutbox.remove(record.userId, record.setId);
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

  queueSet(record) {
    judgmentOutbox.add(record);
  },

  recordJudgmentSet: sendJudgmentSet,
};
