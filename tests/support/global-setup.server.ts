// vitest globalSetup of the "server" project: build the migrated snapshot once, before any test
// file starts, so the files running in parallel do not all build it at the same time.
import { ensureMigratedSnapshot } from './db-snapshot.ts';

export default async function setup(): Promise<void> {
  await ensureMigratedSnapshot();
}
