import type { AnyStateMachine } from 'xstate';
import { accessGateMachine } from './access-gate/access-gate.machine';
import { authMachine } from './auth/auth.machine';
import { authCallbackMachine } from './auth-callback/auth-callback.machine';
import { billingMachine } from './billing/billing.machine';
import { checkoutReturnMachine } from './checkout-return/checkout-return.machine';
import { clinicalJudgmentMachine } from './clinical-judgment/clinical-judgment.machine';
import { emailLoginMachine } from './email-login/email-login.machine';
import { historyResetMachine } from './history-reset/history-reset.machine';
import { itemMarksMachine } from './item-marks/item-marks.machine';
import { learningRecordMachine } from './learning-record/learning-record.machine';
import { mockExamMachine } from './mock-exam/mock-exam.machine';
import { mockRecordMachine } from './mock-record/mock-record.machine';
import { mockReportMachine } from './mock-report/mock-report.machine';
import { practiceSessionMachine } from './practice-session/practice-session.machine';
import { recordDeliveryMachine } from './record-delivery/record-delivery.machine';
import { resetPasswordMachine } from './reset-password/reset-password.machine';
import { testBuilderMachine } from './test-builder/test-builder.machine';
import { testSessionMachine } from './test-session/test-session.machine';

/**
 * Every flow machine by id. The chart generator, the contract tests and /dev/flows read this
 * registry, so a new machine is documented and checked by adding it here.
 */
export const machines: Record<string, AnyStateMachine> = {
  auth: authMachine,
  'email-login': emailLoginMachine,
  'auth-callback': authCallbackMachine,
  'reset-password': resetPasswordMachine,
  'checkout-return': checkoutReturnMachine,
  'practice-session': practiceSessionMachine,
  'learning-record': learningRecordMachine,
  'history-reset': historyResetMachine,
  'clinical-judgment': clinicalJudgmentMachine,
  'mock-exam': mockExamMachine,
  billing: billingMachine,
  'mock-report': mockReportMachine,
  'mock-record': mockRecordMachine,
  'test-builder': testBuilderMachine,
  'test-session': testSessionMachine,
  // Shared parts the flows above invoke.
  'access-gate': accessGateMachine,
  'record-delivery': recordDeliveryMachine,
  'item-marks': itemMarksMachine,
};
