import type { AnyActorLogic } from 'xstate';

/**
 * The placeholder actors of a machine file: its own `create<Flow>Implementations` factory applied
 * to a port whose every method throws. So the placeholders have exactly the types of the real
 * actors (one definition, as Kibana's `getPlaceholderFor`), and a page that forgets to provide
 * them fails loudly instead of hanging. The app provides the real ones through `machine.provide`;
 * tests provide fakes.
 */
export function placeholdersFor<TPort, TActors extends Record<string, AnyActorLogic>>(
  flow: string,
  createImplementations: (port: TPort) => { actors: TActors },
): TActors {
  const unprovided = new Proxy(
    {},
    {
      get: (_, method) => () => {
        throw new Error(`${flow}: the actor using port method "${String(method)}" was not provided`);
      },
    },
  ) as TPort;
  return createImplementations(unprovided).actors;
}
