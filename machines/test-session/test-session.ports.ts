import type { CustomTest, CustomTestItem, CustomTestResponse, ItemMark } from '../../domain/custom-tests';
import type { ItemMarksPort } from '../item-marks/item-marks.machine';

export type { CustomTest, CustomTestItem, CustomTestResponse, ItemMark };

/** One answer the device still holds for the server (timed mode sends them at submit). */
export interface PendingAnswer {
  position: number;
  response: CustomTestResponse;
  secondsSpent: number;
}

/**
 * A finished test on its way to the record: the answers not yet on the server, then submit
 * (docs/decisions/220-custom-tests.md). The shared record delivery sends it.
 */
export interface CustomTestSubmission {
  testId: string;
  answers: PendingAnswer[];
}

/** What the test session needs from the backend (src/services/custom-tests.ts implements the calls). */
export interface CustomTestPort extends ItemMarksPort {
  checkEntitlement(userId: string): Promise<boolean>;
  /** The test in progress (resume, clock included) or submitted (review). */
  loadCustomTest(testId: string): Promise<CustomTest>;
  /** Tutor mode: stores the answer; the item comes back with its key and rationale, locked. */
  answerCustomTestItem(testId: string, answer: PendingAnswer): Promise<CustomTestItem>;
  /** Keeps the submission on this device until the server has it. */
  queueSubmission(submission: CustomTestSubmission): void;
  /** Sends the answers the server lacks, then submits (graded and recorded there). */
  submitCustomTest(submission: CustomTestSubmission): Promise<void>;
}
