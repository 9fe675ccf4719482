/**
 * `npm start`: the local backend (Supabase-compatible, over embedded Postgres) and the Vite dev
 * server in one process. Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { startLocalBackend } from '../server/index';

const port = Number(process.env.PORT ?? 5173);
// Emailed links fall back to this app, and the app talks to this backend, unless told otherwise.
process.env.SITE_URL ??= `http://localhost:${port}`;
const backend = await startLocalBackend();
process.env.VITE_SUPABASE_URL ??= backend.url;
const vite = await createServer({ server: { port, strictPort: true } });
await vite.listen();

console.log(`\n  App:      ${vite.resolvedUrls?.local[0] ?? 'http://localhost:5173/'}`);
console.log(`  Backend:  ${backend.url}`);
console.log(`  Mailbox:  ${backend.url}/_inbox  (sign-in links arrive here)\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([vite.close(), backend.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
