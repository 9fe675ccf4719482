import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { NgnItem } from '../../domain/ngn-items';
import { scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
import {
  clinicalJudgmentFixtures,
  grantedAccess,
  JUDGMENT_NOW,
  judgmentItems,
  judgmentReview,
  judgmentSet,
  savedJudgment,
} from '../../machines/clinical-judgment/clinical-judgment.fixtures';
import {
  type ClinicalJudgmentInput,
  clinicalJudgmentMachine,
} from '../../machines/clinical-judgment/clinical-judgment.machine';
import type { JudgmentProgress } from '../../machines/clinical-judgment/clinical-judgment.types';
import { canPick, isAnswered, pick } from '../../machines/clinical-judgment/judgment-rules';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors } from '../support/model';
import { fixtureItems } from '../support/ngn-fixtures';

function start(input: ClinicalJudgmentInput) {
  const fakes = new FakeActors();
  const log = {
    navigations: [] as string[],
    progress: [] as (JudgmentProgress | null)[],
    cleared: 0,
  };
  const actor = createActor(
    clinicalJudgmentMachine.provide({
      actors: {
        // The shared parts stand in as promises: this flow sees the gate's answer and starts the
        // delivery; their own states are their model tests' (tests/machines/access-gate…, record-delivery…).
        accessGate: fakes.promise('accessGate') as never,
        recordDelivery: fakes.promise('recordDelivery') as never,
        loadJudgmentSet: fakes.promise('loadJudgmentSet'),
        loadJudgmentReview: fakes.promise('loadJudgmentReview'),
      },
      actions: {
        navigateTo: (_, { route }) => log.navigations.push(route),
        saveProgress: (_, progress) => log.progress.push(structuredClone(progress)),
        clearProgress: () => {
          log.cleared++;
        },
      },
    }),
    { input },
  ).start();
  return { actor, fakes, log };
}

describeModel(clinicalJudgmentMachine, clinicalJudgmentFixtures, async ({ input, path, replay }) => {
  const { actor, fakes, log } = start(input);
  await replay({
    actor,
    fakes,
    assertions: {
      'clinical-judgment.checkingAccess': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({
          name: 'accessGate',
          input: {
            session: input.session,
            signedOutRoute: 'login',
            notEntitledRoute: 'billing',
            onFailure: 'ask',
          },
        });
      },
      'clinical-judgment.redirecting': (s) => {
        expect(s.hasTag('done')).toBe(true);
        // Where the gate said: its route for the refusal, nothing else.
        const answer = (path.steps.at(-1)?.event as { output?: { redirectTo: string } } | undefined)?.output;
        expect(log.navigations).toEqual([answer?.redirectTo]);
      },
      'clinical-judgment.loading': (s) => {
        expect(fakes.calls.at(-1)).toEqual({ name: 'loadJudgmentSet', input: { kind: s.context.kind } });
      },
      'clinical-judgment.loadingReview': () => {
        expect(fakes.calls.at(-1)).toEqual({ name: 'loadJudgmentReview', input: { setId: 'j-0' } });
      },
      'clinical-judgment.reviewing': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(s.context.review).toEqual(judgmentReview);
        // Reviewing neither records nor touches the set in progress on this device.
        expect(fakes.calls.some((c) => c.name === 'recordDelivery')).toBe(false);
        expect(log.progress).toEqual([]);
      },
      'clinical-judgment.reviewFailed': (s) => {
        expect(s.context.error).toBe('Judgment set not found.');
        expect(s.can({ type: 'set.retry' })).toBe(true);
      },
      'clinical-judgment.empty': (s) => {
        expect(s.context.set).toBeNull();
      },
      'clinical-judgment.loadFailed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'set.retry' })).toBe(true);
      },
      'clinical-judgment.answering': (s) => {
        expect(s.hasTag('form')).toBe(true);
        const items = s.context.set?.items ?? [];
        expect(s.context.responses).toHaveLength(items.length);
        // Items before the current one are answered, and locked: no pick reaches them.
        for (const [i, item] of items.slice(0, s.context.currentIndex).entries())
          expect(isAnswered(item, s.context.responses[i])).toBe(true);
        const answered = isAnswered(
          items[s.context.currentIndex] as never,
          s.context.responses[s.context.currentIndex],
        );
        const last = s.context.currentIndex === items.length - 1;
        expect(s.can({ type: 'item.next' })).toBe(answered && !last);
        expect(s.can({ type: 'set.submit' })).toBe(answered && last);
        // Every change is on this device: the last progress kept is what is on screen.
        expect(log.progress.at(-1)).toEqual({
          userId: ada.userId,
          kind: s.context.kind,
          set: s.context.set,
          responses: s.context.responses,
          currentIndex: s.context.currentIndex,
          setId: s.context.setId,
          startedAt: s.context.startedAt,
        });
        if (input.saved && s.context.setId === savedJudgment.setId) {
          // Resumed where it was left: same set, same answers, the first item still locked.
          expect(s.context.set).toEqual(savedJudgment.set);
          expect(s.context.responses[0]).toEqual(savedJudgment.responses[0]);
          expect(s.context.currentIndex).toBeGreaterThanOrEqual(savedJudgment.currentIndex);
          expect(fakes.calls.some((c) => c.name === 'loadJudgmentSet')).toBe(false);
        }
      },
      'clinical-judgment.results': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(s.can({ type: 'set.new' })).toBe(true);
        // A finished set is not resumed after a reload.
        expect(log.cleared).toBeGreaterThan(0);
        // The shared delivery got the set as the backend records it.
        const sent = fakes.calls.filter((c) => c.name === 'recordDelivery').at(-1)?.input;
        const resumed = s.context.setId === savedJudgment.setId;
        expect(sent).toEqual({
          record: {
            setId: resumed ? savedJudgment.setId : 'j-1',
            userId: ada.userId,
            kind: 'standalone',
            caseId: null,
            itemIds: judgmentItems.map((i) => i.id),
            responses: s.context.responses,
            startedAt: resumed ? savedJudgment.startedAt : JUDGMENT_NOW,
            submittedAt: JUDGMENT_NOW,
          },
        });
      },
    },
  });
  actor.stop();
});

describe('clinical-judgment picks (every item type)', () => {
  const sata = judgmentItems[0] as Extract<NgnItem, { type: 'multiple-response' }>;
  const dropDown: NgnItem = {
    ...sata,
    type: 'drop-down',
    template: 'The finding is {{1}}.',
    scoring: '0/1',
    blanks: [{ id: '1', options: sata.options.slice(0, 3).map((o, i) => ({ ...o, correct: i === 0 })) }],
  };

  it('a one-choice part replaces its pick; picking it again takes it back', () => {
    let response = pick(dropDown, {}, '1', 'a');
    response = pick(dropDown, response, '1', 'b');
    expect(response).toEqual({ '1': ['b'] });
    expect(pick(dropDown, response, '1', 'b')).toEqual({ '1': [] });
  });

  it('select all that apply toggles any number of options', () => {
    let response = pick(sata, {}, 'options', 'a');
    response = pick(sata, response, 'options', 'c');
    response = pick(sata, response, 'options', 'a');
    expect(response).toEqual({ options: ['c'] });
  });

  it('select N refuses the N+1th pick', () => {
    const select2 = { ...sata, select: 2 as const };
    const two = pick(select2, pick(select2, {}, 'options', 'a'), 'options', 'c');
    expect(canPick(select2, two, 'options', 'd')).toBe(false);
    expect(pick(select2, two, 'options', 'd')).toEqual(two);
    expect(canPick(select2, two, 'options', 'a')).toBe(true);
  });

  it('a drag-and-drop token sits in one blank: placing it elsewhere moves it', () => {
    // The shared fixture set's drag-and-drop item: blanks 1 and 2, tokens a, b and c.
    const drag = fixtureItems.find((item) => item.type === 'drag-and-drop') as NgnItem;
    const placed = pick(drag, pick(drag, {}, '1', 'a'), '2', 'a');
    expect(placed).toEqual({ '1': [], '2': ['a'] });
    expect(isAnswered(drag, placed)).toBe(false);
  });

  it('the machine refuses picks of an unknown part and scores the final responses as the scoring module does', async () => {
    const { actor, fakes } = start(
      clinicalJudgmentFixtures.inputs['Signed in, standalone items']?.() as ClinicalJudgmentInput,
    );
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadJudgmentSet', { output: judgmentSet });
    expect(actor.getSnapshot().can({ type: 'choice.pick', groupId: 'nope', choiceId: 'a' })).toBe(false);
    actor.send({ type: 'choice.pick', groupId: 'options', choiceId: 'a' });
    actor.send({ type: 'item.next' });
    for (const id of ['a', 'b', 'c', 'd'])
      actor.send({ type: 'choice.pick', groupId: 'options', choiceId: id });
    actor.send({ type: 'set.submit' });
    const { responses } = actor.getSnapshot().context;
    // The first item was locked after one pick: it kept it.
    expect(responses).toEqual([{ options: ['a'] }, { options: ['a', 'b', 'c', 'd'] }]);
    expect(judgmentItems.map((item, i) => scoreResponse(scoringKeyOf(item), responses[i] ?? {}))).toEqual([
      { points: 1, max: 3 },
      { points: 2, max: 3 },
    ]);
  });
});

describe('clinical-judgment: which set in progress resumes', () => {
  const input = (saved: unknown, kind: 'standalone' | 'case' = 'standalone') =>
    ({
      ...(clinicalJudgmentFixtures.inputs['Signed in, standalone items']?.() as ClinicalJudgmentInput),
      kind,
      saved,
    }) as ClinicalJudgmentInput;
  const started = (saved: unknown, kind?: 'standalone' | 'case') =>
    createActor(clinicalJudgmentMachine, { input: input(saved, kind) }).getSnapshot().context;

  it('the same student’s set of the same kind resumes at its item with its answers', () => {
    const context = started(structuredClone(savedJudgment));
    expect([context.setId, context.currentIndex, context.responses]).toEqual([
      savedJudgment.setId,
      savedJudgment.currentIndex,
      savedJudgment.responses,
    ]);
  });

  it.each([
    ['another student’s', { ...savedJudgment, userId: 'someone-else' }, 'standalone'],
    ['a standalone set, on the case-study page', savedJudgment, 'case'],
    ['an index past the set', { ...savedJudgment, currentIndex: 2 }, 'standalone'],
    ['a negative index', { ...savedJudgment, currentIndex: -1 }, 'standalone'],
    ['responses that do not match the items', { ...savedJudgment, responses: [{}] }, 'standalone'],
    ['an empty set', { ...savedJudgment, set: { ...judgmentSet, items: [] }, responses: [] }, 'standalone'],
  ] as const)('%s set starts afresh', (_, saved, kind) => {
    const context = started(structuredClone(saved), kind);
    expect([context.set, context.setId, context.currentIndex]).toEqual([null, 'j-1', 0]);
  });

  it('a review never resumes the set in progress', () => {
    const context = createActor(clinicalJudgmentMachine, {
      input: { ...input(structuredClone(savedJudgment)), reviewSetId: 'j-0' },
    }).getSnapshot().context;
    expect(context.set).toBeNull();
  });
});
