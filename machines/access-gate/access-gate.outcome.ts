import type { RouteName } from '../shared/app-actions';
import type { AccessGateOutput } from './access-gate.machine';

/**
 * What a parent does with the access gate's answer, in one place for every flow that invokes it:
 * the guard `accessGranted` (declared in the parent's `setup`) with `gateAnswer` as its params, and
 * `redirectParams` as the params of `navigateTo` for a refusal (the route given to the gate for it).
 */
type GateDone = { event: { output: AccessGateOutput } };

export const accessGranted = (_: unknown, params: { answer: AccessGateOutput }) =>
  params.answer.access === 'granted';

export const gateAnswer = ({ event }: GateDone) => ({ answer: event.output });

export const redirectParams = ({ event }: GateDone): { route: RouteName } => ({
  // A refusal without a route cannot happen with both routes given; the dashboard is the safe way out.
  route: event.output.redirectTo ?? 'dashboard',
});
