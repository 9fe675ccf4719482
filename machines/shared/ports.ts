/**
 * What the flows need from the outside world. Each flow's port sits with its flow
 * (machines/<flow>/<flow>.ports.ts); this file re-exports them for the code that reads several,
 * and still holds clinical judgment's until that flow moves onto the shared parts.
 * Machines declare placeholder actors with these shapes; src/services implements them with
 * supabase-js; tests provide fakes.
 */

import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';

export * from '../auth/auth.ports';
export * from '../billing/billing.ports';
export * from '../learning-record/learning-record.ports';
export * from '../practice-session/practice-session.ports';
export * from './backend-error';

/** Clinical judgment practice: ten standalone NGN items, or one six-item case study. */
export type JudgmentSetKind = 'standalone' | 'case';

export interface JudgmentSet {
  kind: JudgmentSetKind;
  caseStudy: { id: string; title: string; intro: string } | null;
  items: NgnItem[];
}

/** A finished clinical-judgment set as the backend records it (it grades the responses itself). */
export interface JudgmentSetRecord {
  setId: string;
  userId: string;
  kind: JudgmentSetKind;
  caseId: string | null;
  itemIds: string[];
  responses: NgnResponse[];
  startedAt: string;
  submittedAt: string;
}

export interface JudgmentPort {
  checkEntitlement(userId: string): Promise<boolean>;
  loadJudgmentSet(kind: JudgmentSetKind): Promise<JudgmentSet>;
  /** Sends the set (kept in the device outbox until stored). */
  recordJudgmentSet(record: JudgmentSetRecord): Promise<void>;
}
