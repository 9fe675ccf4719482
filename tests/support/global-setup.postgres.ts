// vitest globalSetup of the "postgres" project: one throw-away cluster for the run, set up like
// hosted Supabase and migrated once (database `migrated`); each test file clones it.
import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const started = Date.now();
  const cluster = await startCluster();
  project.provide('postgresPort', cluster.port);
  if (process.env.BACKEND_LOG) console.log(`[postgres] cluster ready in ${Date.now() - started} ms`);
  return () => cluster.stop();
}
