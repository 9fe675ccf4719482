/**
 * What the flows need from the outside world. Each flow's port sits with its flow
 * (machines/<flow>/<flow>.ports.ts); this file re-exports them for the code that reads several.
 * Machines declare placeholder actors with these shapes; src/services implements them with
 * supabase-js; tests provide fakes.
 */

export * from '../auth/auth.ports';
export * from '../billing/billing.ports';
export * from '../clinical-judgment/clinical-judgment.ports';
export * from '../learning-record/learning-record.ports';
export * from '../practice-session/practice-session.ports';
export * from '../test-builder/test-builder.ports';
export * from './backend-error';
