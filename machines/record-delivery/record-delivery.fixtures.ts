import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { RecordDeliveryInput } from './record-delivery.machine';

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
    plain('record.retry'),
  ],
};
