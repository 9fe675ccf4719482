import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { BackendError } from '../shared/ports';
import type { HistoryResetInput } from './history-reset.machine';

/** The history-reset flow's example inputs and events (see machines/shared/fixtures.ts). */
export const historyResetFixtures: FlowFixtures<HistoryResetInput> = {
  inputs: { 'Signed in': () => ({ userId: ada.userId }) },
  events: [
    plain('reset.request'),
    plain('reset.confirm'),
    plain('reset.cancel'),
    done('resetHistory', undefined, 'deleted'),
    failed('resetHistory', new BackendError('Failed to fetch')),
  ],
};
