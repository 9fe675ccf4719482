import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import {
  createResetPasswordImplementations,
  resetPasswordMachine,
} from '../../../machines/reset-password/reset-password.machine';
import { usePageTitle } from '../../components/usePageTitle';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { authService } from '../../services/auth.service';
import { ResetPasswordView } from './ResetPasswordView';

const implementations = createResetPasswordImplementations(authService);

/** /reset-password and /auth/reset: the set-new-password screen. */
export function ResetPasswordPage() {
  usePageTitle('Set a new password');
  const [params] = useSearchParams();
  const [snapshot, send] = useMachine(
    resetPasswordMachine.provide({ ...implementations, actions: useAppActions() }),
    { input: { tokenHash: params.get('token_hash') }, inspect },
  );
  return <ResetPasswordView snapshot={snapshot} send={send} />;
}
