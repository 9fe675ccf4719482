import { accessGateFixtures } from './access-gate/access-gate.fixtures';
import { authFixtures } from './auth/auth.fixtures';
import { authCallbackFixtures } from './auth-callback/auth-callback.fixtures';
import { billingFixtures } from './billing/billing.fixtures';
import { checkoutReturnFixtures } from './checkout-return/checkout-return.fixtures';
import { clinicalJudgmentFixtures } from './clinical-judgment/clinical-judgment.fixtures';
import { emailLoginFixtures } from './email-login/email-login.fixtures';
import { historyResetFixtures } from './history-reset/history-reset.fixtures';
import { itemMarksFixtures } from './item-marks/item-marks.fixtures';
import { learningRecordFixtures } from './learning-record/learning-record.fixtures';
import { mockExamFixtures } from './mock-exam/mock-exam.fixtures';
import { mockRecordFixtures } from './mock-record/mock-record.fixtures';
import { mockReportFixtures } from './mock-report/mock-report.fixtures';
import { practiceSessionFixtures } from './practice-session/practice-session.fixtures';
import { recordDeliveryFixtures } from './record-delivery/record-delivery.fixtures';
import { resetPasswordFixtures } from './reset-password/reset-password.fixtures';
import type { FlowFixtures } from './shared/fixtures';
import { testBuilderFixtures } from './test-builder/test-builder.fixtures';
import { testSessionFixtures } from './test-session/test-session.fixtures';

/**
 * Every flow's fixtures by machine id (the keys of machines/index.ts). Tests and /dev/flows read
 * them; the app never does, so they stay out of production bundles.
 */
export const flowFixtures: Record<string, FlowFixtures<unknown>> = {
  auth: authFixtures,
  'email-login': emailLoginFixtures,
  'auth-callback': authCallbackFixtures,
  'reset-password': resetPasswordFixtures,
  'checkout-return': checkoutReturnFixtures,
  'practice-session': practiceSessionFixtures,
  'learning-record': learningRecordFixtures,
  'history-reset': historyResetFixtures,
  'clinical-judgment': clinicalJudgmentFixtures,
  'mock-exam': mockExamFixtures,
  billing: billingFixtures,
  'mock-report': mockReportFixtures,
  'mock-record': mockRecordFixtures as FlowFixtures<unknown>,
  'test-builder': testBuilderFixtures,
  'test-session': testSessionFixtures as FlowFixtures<unknown>,
  'access-gate': accessGateFixtures,
  'record-delivery': recordDeliveryFixtures,
  'item-marks': itemMarksFixtures as FlowFixtures<unknown>,
};
