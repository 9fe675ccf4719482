import type { PostgrestError } from '@supabase/supabase-js';
import type { NgnItem } from '../../domain/ngn-items';
import { BackendError, type JudgmentPort, type JudgmentSetRecord } from '../../machines/shared/ports';
import { practiceService } from './practice.service';
import { judgmentOutbox, REFUSED_SET } from './practice-outbox';
import { getSupabase } from './supabase';

function fail(error: PostgrestError): never {
  throw new BackendError(error.message || 'An unexpected error occurred', error.code || undefined);
}

/** Sends a finished clinical-judgment set; once stored (or refused for good) it leaves the outbox. */
export async function sendJudgmentSet(record: JudgmentSetRecord): Promise<void> {
  const { error } = await (await getSupabase()).rpc('record_clinical_judgment_set', {
    set_id: record.setId,
    kind: record.kind,
    case_id: record.caseId,
    item_ids: record.itemIds,
    responses: record.responses,
    started_at: record.startedAt,
    submitted_at: record.submittedAt,
  });
  if (error) {
    if (error.code === REFUSED_SET) judgmentOutbox.remove(record.userId, record.setId);
    fail(error);
  }
  judgmentOutbox.remove(record.userId, record.setId);
}

interface SetRow {
  kind: 'standalone' | 'case';
  case: { id: string; title: string; intro: string } | null;
  items: NgnItem[];
}

/** Clinical judgment practice over the backend's procedures, with the device outbox in front. */
export const judgmentService: JudgmentPort & { queueSet(record: JudgmentSetRecord): void } = {
  checkEntitlement: practiceService.checkEntitlement,

  async loadJudgmentSet(kind) {
    const { data, error } = await (await getSupabase()).rpc('get_clinical_judgment_set', { kind });
    if (error) fail(error);
    const row = data as SetRow | null;
    if (!row || !Array.isArray(row.items))
      throw new BackendError('The items came back in an unexpected shape.');
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
