import { useMachine } from '@xstate/react';
import {
  createEmailLoginImplementations,
  emailLoginMachine,
} from '../../../machines/email-login/email-login.machine';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { inspect } from '../../runtime/inspector';
import { authService } from '../../services/auth.service';
import { LoginView } from './LoginView';

const implementations = createEmailLoginImplementations(authService);

/** /login: passwordless sign-in by an emailed link. */
export function LoginPage() {
  usePageTitle('Login');
  const [snapshot, send] = useMachine(emailLoginMachine.provide(implementations), {
    input: {
      loginRedirectTo: `${window.location.origin}${paths.practice}`,
      resetRedirectTo: `${window.location.origin}${paths.resetPassword}`,
    },
    inspect,
  });
  return <LoginView snapshot={snapshot} send={send} />;
}
