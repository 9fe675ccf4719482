import type { PostgrestError } from '@supabase/supabase-js';
import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';
import {
  BackendError,
  type JudgmentPort,
  type JudgmentSetListing,
  type JudgmentSetRecord,
} from '../../machines/shared/ports';
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

interface ReviewRow {
  set_id: string;
  kind: 'standalone' | 'case';
  case: { id: string; title: string; intro: string } | null;
  submitted_at: string;
  items: { item_id: string; item: NgnItem | null; response: NgnResponse }[];
}

interface ListingRow {
  set_id: string;
  kind: 'standalone' | 'case';
  case_title: string | null;
  submitted_at: string;
  items: number;
  points: number;
  max_points: number;
}

/** The student's recorded judgment sets, newest first (public.list_judgment_sets). */
export async function listJudgmentSets(): Promise<JudgmentSetListing[]> {
  const { data, error } = await (await getSupabase()).rpc('list_judgment_sets');
  if (error) fail(error);
  if (!Array.isArray(data)) throw new BackendError('The judgment sets came back in an unexpected shape.');
  return (data as ListingRow[]).map((row) => ({
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

  async loadJudgmentReview(setId) {
    const { data, error } = await (await getSupabase()).rpc('get_judgment_set_review', { set_id: setId });
    if (error) fail(error);
    const row = data as ReviewRow | null;
    if (!row || !Array.isArray(row.items))
      throw new BackendError('The judgment set came back in an unexpected shape.');
    // An item retired from the bank since cannot be shown again: it is left out of the review.
    const kept = row.items.filter((answer) => answer.item !== null);
    return {
      setId: row.set_id,
      kind: row.kind,
      caseStudy: row.case ? { id: row.case.id, title: row.case.title, intro: row.case.intro } : null,
      submittedAt: row.submitted_at,
      items: kept.map((answer) => answer.item as NgnItem),
      responses: kept.map((answer) => answer.response),
    };
  },

  queueSet(record) {
    judgmentOutbox.add(record);
  },

  recordJudgmentSet: sendJudgmentSet,
};
