// CLI: `npx tsx server/main.ts` starts the local backend with the environment's settings
// (SUPABASE_LOCAL_PORT, SUPABASE_LOCAL_DATA_DIR, SITE_URL, JWT_SECRET) and stops it on Ctrl-C.
import { startLocalBackend } from './index.ts';

const backend = await startLocalBackend();
console.log(`Local backend ready at ${backend.url}
  anon key:         ${backend.anonKey}
  service_role key: ${backend.serviceRoleKey}
  mailbox:          ${backend.url}/_inbox`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the local backend`);
  try {
    await backend.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
