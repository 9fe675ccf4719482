import type { ReactNode } from 'react';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { config } from '../../config/config';
import { type AuthCallbackSnapshot, AuthCallbackView } from '../../features/auth-callback/AuthCallbackView';
import { type BillingSnapshot, BillingView } from '../../features/billing/BillingPage';
import {
  type CheckoutReturnSnapshot,
  CheckoutReturnView,
} from '../../features/checkout-return/CheckoutReturnView';
import {
  type ClinicalJudgmentSnapshot,
  ClinicalJudgmentView,
} from '../../features/clinical-judgment/ClinicalJudgmentView';
import { type EmailLoginSnapshot, LoginView } from '../../features/email-login/LoginView';
import { MockExamsView, type MockRecordSnapshot } from '../../features/learning-record/parts/MockExams';
import { type LearningRecordSnapshot, ResultsView } from '../../features/learning-record/ResultsView';
import { type MockExamSnapshot, MockExamView } from '../../features/mock-exam/MockExamView';
import { type MockReportSnapshot, MockReportView } from '../../features/mock-report/MockReportView';
import { type PracticeSnapshot, PracticeView } from '../../features/practice-session/PracticeView';
import { type HistoryResetSnapshot, ResetHistoryView } from '../../features/profile/ResetHistory';
import {
  type ResetPasswordSnapshot,
  ResetPasswordView,
} from '../../features/reset-password/ResetPasswordView';

type Send = (event: AnyEventObject) => void;

/**
 * The real view of each flow page, by machine id, rendered from the simulated snapshot: the model
 * machine has the flow's states, context, tags and guards, so the view shows exactly the screen a
 * student would see there, and its buttons send to the simulator. (The auth machine has no page.)
 */
const screens: Record<string, (snapshot: AnyMachineSnapshot, send: Send) => ReactNode> = {
  'email-login': (snapshot, send) => <LoginView snapshot={snapshot as EmailLoginSnapshot} send={send} />,
  'auth-callback': (snapshot) => <AuthCallbackView snapshot={snapshot as AuthCallbackSnapshot} />,
  'reset-password': (snapshot, send) => (
    <ResetPasswordView snapshot={snapshot as ResetPasswordSnapshot} send={send} />
  ),
  'checkout-return': (snapshot) => <CheckoutReturnView snapshot={snapshot as CheckoutReturnSnapshot} />,
  'practice-session': (snapshot, send) => (
    <PracticeView snapshot={snapshot as PracticeSnapshot} send={send} />
  ),
  'learning-record': (snapshot, send) => (
    <ResultsView snapshot={snapshot as LearningRecordSnapshot} send={send} />
  ),
  'clinical-judgment': (snapshot, send) => (
    <ClinicalJudgmentView snapshot={snapshot as ClinicalJudgmentSnapshot} send={send} />
  ),
  'mock-exam': (snapshot, send) => <MockExamView snapshot={snapshot as MockExamSnapshot} send={send} />,
  'history-reset': (snapshot, send) => (
    <ResetHistoryView snapshot={snapshot as HistoryResetSnapshot} send={send} />
  ),
  'mock-report': (snapshot, send) => <MockReportView snapshot={snapshot as MockReportSnapshot} send={send} />,
  'mock-record': (snapshot, send) => <MockExamsView snapshot={snapshot as MockRecordSnapshot} send={send} />,
  billing: (snapshot, send) => (
    <BillingView
      paymentLink={{ url: config.paymentLink, ready: true }}
      snapshot={snapshot as BillingSnapshot}
      send={send}
    />
  ),
};

/** Whether a flow has a screen to show. */
export function hasScreen(machineId: string): boolean {
  return machineId in screens;
}

/** The flow's screen for a snapshot, or nothing for a flow without a page. */
export function FlowScreen({
  machineId,
  snapshot,
  send,
}: {
  machineId: string;
  snapshot: AnyMachineSnapshot;
  send: Send;
}) {
  return <>{screens[machineId]?.(snapshot, send)}</>;
}
