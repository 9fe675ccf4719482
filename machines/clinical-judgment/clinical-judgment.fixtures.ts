import type { NgnItem } from '../../domain/ngn-items';
import type { AccessGateOutput } from '../access-gate/access-gate.machine';
import { BackendError } from '../shared/backend-error';
import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { JudgmentReview, JudgmentSet } from './clinical-judgment.ports';
import type { ClinicalJudgmentInput, JudgmentProgress } from './clinical-judgment.types';

const common = {
  category: 'Physiological Adaptation',
  setting: 'med-surg' as const,
  difficulty: 'medium' as const,
  trend: false,
  exhibit: [{ tab: "Nurses' Notes", text: '0800 Client reports shortness of breath.' }],
  rationale:
    'A is correct because the finding fits the condition; the other choices do not fit the client data given.',
};

/**
 * Two select-all items with the same options and key: small enough for the model's graph, and alike,
 * so a browser run replays a path whichever order the backend serves them in. Every other type's pick
 * rule is tested on its own (judgment-rules.ts).
 */
const selectAll = (n: number): NgnItem => ({
  ...common,
  id: `ngn-mr-90${n}`,
  type: 'multiple-response',
  step: n === 1 ? 'recognize-cues' : 'take-action',
  topic: `fixture select all ${n}`,
  stem: `Fixture item ${n}: select all actions the nurse should take.`,
  select: 'all',
  options: [
    { id: 'a', text: 'Raise the head of the bed', correct: true },
    { id: 'b', text: 'Encourage oral fluids', correct: false },
    { id: 'c', text: 'Report the findings to the RN', correct: true },
    { id: 'd', text: 'Apply oxygen as ordered', correct: true },
    { id: 'e', text: 'Lower the head of the bed', correct: false },
  ],
});
export const judgmentItems: NgnItem[] = [selectAll(1), selectAll(2)];

export const judgmentSet: JudgmentSet = { kind: 'standalone', caseStudy: null, items: judgmentItems };
export const emptyJudgmentSet: JudgmentSet = { kind: 'standalone', caseStudy: null, items: [] };
export const JUDGMENT_NOW = '2026-11-25T09:00:00.000Z';
const offline = new BackendError('Failed to fetch');
export const grantedAccess: AccessGateOutput = { access: 'granted', redirectTo: null };
export const signedOutAccess: AccessGateOutput = { access: 'signedOut', redirectTo: 'login' };
/** A set left after answering its first item (a reload resumes it at the second). */
export const savedJudgment: JudgmentProgress = {
  userId: ada.userId,
  kind: 'standalone',
  set: judgmentSet,
  responses: [{ options: ['a', 'c', 'd'] }, {}],
  currentIndex: 1,
  setId: 'j-0',
  startedAt: '2026-11-25T08:50:00.000Z',
};
/** A recorded set read back for review: the second response has a wrong pick. */
export const judgmentReview: JudgmentReview = {
  ...judgmentSet,
  setId: 'j-0',
  submittedAt: '2026-11-25T08:55:00.000Z',
  responses: [{ options: ['a', 'c', 'd'] }, { options: ['a', 'b'] }],
};
const base = () => ({ kind: 'standalone' as const, newSetId: () => 'j-1', now: () => JUDGMENT_NOW });

/** The clinical-judgment flow's example inputs and events (see machines/shared/fixtures.ts). */
export const clinicalJudgmentFixtures: FlowFixtures<ClinicalJudgmentInput> = {
  inputs: {
    'Signed in, standalone items': () => ({ ...base(), session: ada }),
    'Signed in, a set in progress on this device': () => ({
      ...base(),
      session: ada,
      saved: structuredClone(savedJudgment),
    }),
    'Signed in, reviewing a recorded set': () => ({ ...base(), session: ada, reviewSetId: 'j-0' }),
  },
  // Signed out is the access gate's case (its fixtures); here it is one of the gate's answers.
  // The shared parts' own events (a failed check and its retry, saving, not saved and its retry) are
  // in their fixtures; this flow sees the gate's answer and starts the delivery.
  events: [
    done('accessGate', grantedAccess, 'access granted'),
    done('accessGate', { access: 'notEntitled', redirectTo: 'billing' }, 'no plan or trial: to /billing'),
    done('accessGate', signedOutAccess, 'signed out: to /login'),
    done('loadJudgmentSet', judgmentSet, `${judgmentItems.length} items`),
    done('loadJudgmentSet', emptyJudgmentSet, 'no items'),
    failed('loadJudgmentSet', offline),
    plain('set.retry'),
    done('loadJudgmentReview', judgmentReview, 'the recorded set'),
    failed('loadJudgmentReview', new BackendError('Judgment set not found.')),
    { label: 'select all: a', event: { type: 'choice.pick', groupId: 'options', choiceId: 'a' } },
    { label: 'select all: b', event: { type: 'choice.pick', groupId: 'options', choiceId: 'b' } },
    plain('item.next'),
    plain('set.submit'),
    plain('set.new'),
  ],
};
