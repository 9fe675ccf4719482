import type { NgnItem } from '../../domain/ngn-items';
import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { BackendError, type JudgmentSet } from '../shared/ports';
import type { ClinicalJudgmentInput } from './clinical-judgment.machine';

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
const base = () => ({ kind: 'standalone' as const, newSetId: () => 'j-1', now: () => JUDGMENT_NOW });

/** The clinical-judgment flow's example inputs and events (see machines/shared/fixtures.ts). */
export const clinicalJudgmentFixtures: FlowFixtures<ClinicalJudgmentInput> = {
  inputs: {
    'Signed in, standalone items': () => ({ ...base(), session: ada }),
    'Signed out': () => ({ ...base(), session: null }),
  },
  events: [
    done('checkEntitlement', true, 'entitled'),
    done('checkEntitlement', false, 'not entitled'),
    failed('checkEntitlement', new BackendError('permission denied')),
    plain('entitlement.retry'),
    done('loadJudgmentSet', judgmentSet, `${judgmentItems.length} items`),
    done('loadJudgmentSet', emptyJudgmentSet, 'no items'),
    failed('loadJudgmentSet', offline),
    plain('set.retry'),
    { label: 'select all: a', event: { type: 'choice.pick', groupId: 'options', choiceId: 'a' } },
    { label: 'select all: b', event: { type: 'choice.pick', groupId: 'options', choiceId: 'b' } },
    plain('item.next'),
    plain('set.submit'),
    plain('set.new'),
    done('recordJudgmentSet', undefined, 'saved'),
    failed('recordJudgmentSet', offline),
    plain('record.retry'),
  ],
};
