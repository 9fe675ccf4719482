import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import {
  authCallbackMachine,
  createAuthCallbackImplementations,
} from '../../../machines/auth-callback/auth-callback.machine';
import { usePageTitle } from '../../components/usePageTitle';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { authService } from '../../services/auth.service';
import { AuthCallbackView } from './AuthCallbackView';

const implementations = createAuthCallbackImplementations(authService);

/** /auth/callback: completes sign-in from the emailed link. */
export function AuthCallbackPage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const [snapshot] = useMachine(
    authCallbackMachine.provide({ ...implementations, actions: useAppActions() }),
    {
      input: { tokenHash: params.get('token_hash'), code: params.get('code') },
      inspect,
    },
  );
  return <AuthCallbackView snapshot={snapshot} />;
}
