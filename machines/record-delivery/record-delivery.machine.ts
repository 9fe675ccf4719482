/**
 * The record delivery: a finished set on its way to the learning record. A child machine the set
 * flows invoke (practice, clinical judgment) in their results, so the results never wait on it.
 *
 * - Input (`RecordDeliveryInput`): `{ record }`, the set as the backend records it (any shape:
 *   the port decides; practice sends a PracticeSetRecord, clinical judgment a JudgmentSetRecord).
 * - Every attempt puts the record in the device outbox (the port's `queue`), then sends it.
 * - Output: none; it ends (`saved`) once the backend has the set. `notSaved` waits for
 *   `record.retry` (views send it to the delivery's own actor, id `recordDelivery` in every parent);
 *   meanwhile the outbox keeps the set for the next visit. A send the backend refuses for good
 *   (`deliveryRefusals` in the port) stops in `tooOld` or `refused` with no retry (the set has left
 *   the outbox); a 429 waits in `rateLimited` for its Retry-After, then sends again by itself
 *   (decision 192).
 * - Actors: `sendRecord` ({ record } → void), from `createRecordDeliveryImplementations({ queue,
 *   send })`; the parent's factory passes it through `provide`.
 *
 * A parent declares `recordDelivery: recordDeliveryMachine` in `setup({ actors })`, invokes it in
 * its results as `{ id: 'recordDelivery', src: 'recordDelivery', input: ({ context }) => ({ record })
 * }`, and its factory provides `recordDelivery: recordDeliveryMachine.provide(
 * createRecordDeliveryImplementations({ queue, send }))`. The view renders
 * `<RecordDeliveryNote delivery={snapshot.children.recordDelivery} />` (src/components/flow-parts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { BackendError } from '../shared/backend-error';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { RecordDeliveryEvent } from '../shared/set-events';
import { deliveryRefusals, type RecordDeliveryPort } from './record-delivery.ports';

export { deliveryRefusals, type RecordDeliveryPort } from './record-delivery.ports';

export interface RecordDeliveryInput {
  record: unknown;
}

export interface RecordDeliveryContext extends RecordDeliveryInput {
  /** Why the last attempt failed (the set waits on this device meanwhile). */
  error: string | null;
  /** After a 429: seconds until the backend takes saves again (its Retry-After). */
  retryAfterSeconds: number | null;
}

/** When a 429 does not say how long to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Whether a failed send's error carries this refusal code (the port's contract). */
const hasCode = (error: unknown, code: string) => error instanceof BackendError && error.code === code;

/** A guard on the failed send's error (guards take it as a parameter, so the chart names them). */
const onFailure = <T extends 'isTooOld' | 'isRefused' | 'isRateLimited'>(type: T) =>
  ({ type, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }) as const;

/**
 * The delivery's real actor, built from the flow's record port: every attempt puts the set in the
 * device outbox first (the outbox keeps one copy per set id, so a retry adds nothing), then sends
 * it. Queueing inside the attempt rather than in an entry action keeps the order certain: an
 * invoked actor's promise starts before its machine's first entry actions run.
 */
export function createRecordDeliveryImplementations<TRecord>(port: RecordDeliveryPort<TRecord>) {
  return {
    actors: {
      sendRecord: fromPromise<void, { record: unknown }>(({ input }) => {
        port.queue(input.record as TRecord);
        return port.send(input.record as TRecord);
      }),
    },
  };
}

export const recordDeliveryMachine = setup({
  types: {
    context: {} as RecordDeliveryContext,
    events: {} as RecordDeliveryEvent,
    input: {} as RecordDeliveryInput,
  },
  actors: placeholdersFor('record-delivery', (port: RecordDeliveryPort<unknown>) =>
    createRecordDeliveryImplementations(port),
  ),
  guards: {
    isTooOld: (_, params: { error: unknown }) => hasCode(params.error, deliveryRefusals.tooOld),
    isRefused: (_, params: { error: unknown }) => hasCode(params.error, deliveryRefusals.refused),
    isRateLimited: (_, params: { error: unknown }) => hasCode(params.error, deliveryRefusals.rateLimited),
  },
  delays: {
    retryAfter: ({ context }) => (context.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000,
  },
  actions: {
    ...errorActions<RecordDeliveryContext, RecordDeliveryEvent>(),
    rememberRetryAfter: assign({
      retryAfterSeconds: (_, params: { error: unknown }) =>
        (params.error instanceof BackendError && params.error.retryAfterSeconds) ||
        DEFAULT_RETRY_AFTER_SECONDS,
    }),
  },
}).createMachine({
  id: 'record-delivery',
  description: 'A finished set: kept on this device, then sent to the learning record until it is stored.',
  context: ({ input }) => ({ record: input.record, error: null, retryAfterSeconds: null }),
  initial: 'saving',
  states: {
    saving: {
      description: 'Sending the set; the backend grades it and stores it once.',
      invoke: {
        id: 'sendRecord',
        src: 'sendRecord',
        input: ({ context }) => ({ record: context.record }),
        onDone: { target: 'saved', actions: 'clearError' },
        onError: [
          { guard: onFailure('isTooOld'), target: 'tooOld', actions: rememberFailure },
          { guard: onFailure('isRefused'), target: 'refused', actions: rememberFailure },
          {
            guard: onFailure('isRateLimited'),
            target: 'rateLimited',
            actions: [
              rememberFailure,
              { type: 'rememberRetryAfter', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          { target: 'notSaved', actions: rememberFailure },
        ],
      },
    },
    saved: {
      description: 'The set is in the record: /results counts it.',
      type: 'final',
    },
    notSaved: {
      description:
        'Sending failed: the set waits on this device and is sent on the next visit; Try again sends it now.',
      on: { 'record.retry': { target: 'saving' } },
    },
    rateLimited: {
      description:
        'Too many saves in the last hour (429): the set waits on this device and is sent again by itself once the Retry-After has passed.',
      after: { retryAfter: { target: 'saving' } },
    },
    tooOld: {
      description:
        'Refused: the set was started more than 48 hours ago, so the record cannot take it; it has left the outbox and nothing else is affected.',
    },
    refused: {
      description:
        "Refused for good (e.g. a question retired since it was drawn): the backend's message is shown; the set has left the outbox, so nothing is retried.",
    },
  },
});
