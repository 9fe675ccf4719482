import { fromCallback, fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * Placeholder actors for machine files: the app provides the real ones through
 * `machine.provide`, tests provide fakes. Forgetting to provide one fails loudly.
 */
export function notProvidedPromise<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });
}

export function notProvidedCallback<TEvent extends { type: string }, TInput = NonReducibleUnknown>(
  name: string,
) {
  return fromCallback<TEvent, TInput>(() => {
    throw new Error(`Actor "${name}" was not provided`);
  });
}
