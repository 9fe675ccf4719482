import { BackendError } from '../shared/backend-error';
import { ada, done, elapsed, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { deliveryRefusals, type RecordDeliveryInput } from './record-delivery.machine';

/** The wait of the fixtures' 429 (its Retry-After), in seconds. */
export const FIXTURE_RETRY_AFTER_SECONDS = 420;

/** The record delivery's example inputs and events (see machines/shared/fixtures.ts). */
export const recordDeliveryFixtures: FlowFixtures<RecordDeliveryInput> = {
  inputs: {
    'A finished set': () => ({
      record: {
        setId: 'set-1',
        userId: ada.userId,
        questionIds: ['q1', 'q2'],
        chosenOptionIds: ['q1-right', 'q2-wrong'],
        layout: 'one',
        focus: 'mixed',
        startedAt: '2026-01-01T00:00:00.000Z',
        submittedAt: '2026-01-01T00:05:00.000Z',
      },
    }),
  },
  events: [
    done('sendRecord', undefined, 'stored'),
    failed('sendRecord', new Error('network')),
    failed(
      'sendRecord',
      new BackendError(
        '120 saves to your practice record in the last hour: the most an hour allows.',
        deliveryRefusals.rateLimited,
        FIXTURE_RETRY_AFTER_SECONDS,
      ),
    ),
    failed(
      'sendRecord',
      new BackendError(
        'A practice set must be started and submitted within 48 hours.',
        deliveryRefusals.tooOld,
      ),
    ),
    failed(
      'sendRecord',
      new BackendError(
        'This set has questions that were not given to you in the last 48 hours.',
        deliveryRefusals.refused,
      ),
    ),
    elapsed('retryAfter', 'record-delivery.rateLimited', 'the Retry-After has passed'),
    plain('record.retry'),
  ],
};
