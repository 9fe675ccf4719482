import { useMachine } from '@xstate/react';
import {
  checkoutReturnMachine,
  createCheckoutReturnImplementations,
} from '../../../machines/checkout-return/checkout-return.machine';
import type { SessionInfo } from '../../../machines/shared/ports';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { checkoutSuccess } from '../../content/billing';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { practiceService } from '../../services/practice.service';
import { CheckoutReturnView } from './CheckoutReturnView';

const implementations = createCheckoutReturnImplementations(practiceService);

/** Runs the checkout-return flow for the session the page opened with. */
function CheckoutReturn({ session }: { session: SessionInfo | null }) {
  const [snapshot] = useMachine(
    checkoutReturnMachine.provide({ ...implementations, actions: useAppActions() }),
    { input: { session }, inspect },
  );
  return <CheckoutReturnView snapshot={snapshot} />;
}

/**
 * '/checkout/success': thanks the student; signed in, says whether access is live yet and goes to
 * the dashboard after 3 seconds. Nothing here grants access (only the signed webhook does).
 */
export function CheckoutSuccessPage() {
  usePageTitle(checkoutSuccess.title);
  return <WithSession loaderLabel="Loading">{(session) => <CheckoutReturn session={session} />}</WithSession>;
}
