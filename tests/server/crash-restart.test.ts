// Durability across a crash: the backend CLI (`tsx server/main.ts`) runs as its own process on a
// persisted data dir while a student records practice sets as fast as it answers; it is killed
// with SIGKILL in the middle of the burst (no shutdown, requests in flight), restarted on the same
// data dir, killed again mid-burst, restarted once more, and then every set it acknowledged (200)
// must read back with all its answers, and the database must still take writes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalBackend } from '../../server/index.ts';
import { LOCAL_ANON_KEY } from '../../server/keys.ts';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import { ensureMigratedSnapshot } from '../support/db-snapshot.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'crash-test-password-1';
/** Acknowledged writes to wait for before each kill, so the kill lands mid-burst. */
const ACKS_BEFORE_KILL = 25;
const CONCURRENCY = 6;

let dataDir: string;
let email: string;
let answers: { questionIds: string[]; optionIds: string[] };
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  // The data dir starts from the migrated snapshot (seconds saved), with an entitled student.
  dataDir = await mkdtemp(join(tmpdir(), 'pn-crash-'));
  const setup = await startLocalBackend({
    port: 0,
    dataDir,
    snapshot: await ensureMigratedSnapshot(),
    log: () => {},
  });
  try {
    email = `crash-${Date.now()}@example.com`;
    const user = await createConfirmedUser(setup, email, PASSWORD);
    await grantTrial(setup, user.id);
    const { rows } = await setup.db.query<{ id: string; option: string }>(
      `select q.id, (select o.id from public.question_options o where o.question_id = q.id
                      order by o.position limit 1) as option
         from public.questions q order by q.id limit 10`,
    );
    expect(rows).toHaveLength(10);
    answers = { questionIds: rows.map((r) => r.id), optionIds: rows.map((r) => r.option) };
    // As if get_practice_questions had served them: the record takes only served questions. The
    // first set counts, the rest are repeats (recorded and read back the same way).
    await setup.db.query(`select private.note_served($1, 'question', $2)`, [user.id, answers.questionIds]);
  } finally {
    await setup.close();
  }
}, 60_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts the CLI on the data dir and waits until /_health answers. */
async function startCli(): Promise<{ url: string; child: ChildProcess; exited: Promise<unknown> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, SUPABASE_LOCAL_PORT: String(port), SUPABASE_LOCAL_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let failedEarly = false;
  void exited.then(() => {
    failedEarly = true;
  });
  for (;;) {
    if (failedEarly) throw new Error(`the backend exited during start-up (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/_health`)).status === 200) return { url, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function recordSet(url: string, token: string, setId: string): Promise<Response> {
  const now = Date.now();
  return fetch(`${url}/rest/v1/rpc/record_practice_set`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      set_id: setId,
      question_ids: answers.questionIds,
      chosen_option_ids: answers.optionIds,
      layout: 'one',
      focus: 'mixed',
      started_at: new Date(now - 600_000).toISOString(),
      submitted_at: new Date(now).toISOString(),
    }),
  });
}

/**
 * Records sets with CONCURRENCY requests in flight until ACKS_BEFORE_KILL are acknowledged, then
 * SIGKILLs the process with requests still open. Returns the acknowledged ids and how many
 * requests the kill cut off.
 */
async function burstThenKill(url: string, child: ChildProcess, exited: Promise<unknown>) {
  const token = await signIn(url);
  const acknowledged: string[] = [];
  let cutOff = 0;
  let killed = false;
  const worker = async () => {
    while (!killed) {
      const setId = crypto.randomUUID();
      try {
        const response = await recordSet(url, token, setId);
        const body = await response.text();
        if (response.status === 200) acknowledged.push(setId);
        else throw new Error(`record_practice_set answered ${response.status}: ${body}`);
      } catch (error) {
        if (!killed) throw error;
        cutOff++;
        return;
      }
      if (acknowledged.length >= ACKS_BEFORE_KILL && !killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await exited;
  expect(child.signalCode).toBe('SIGKILL');
  return { acknowledged, cutOff };
}

describe('SIGKILL with writes in flight', () => {
  test('every acknowledged practice set survives two kills and restarts', async () => {
    const acknowledged: string[] = [];
    let cutOff = 0;
    for (let round = 0; round < 2; round++) {
      const { url, child, exited } = await startCli();
      const burst = await burstThenKill(url, child, exited);
      acknowledged.push(...burst.acknowledged);
      cutOff += burst.cutOff;
    }

    // Restarted after the second kill: every acknowledged set reads back whole, and it still records.
    const { url, child, exited } = await startCli();
    const token = await signIn(url);
    const lost: string[] = [];
    for (const setId of acknowledged) {
      const response = await fetch(`${url}/rest/v1/rpc/get_practice_set`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ set_id: setId }),
      });
      const set = (await response.json()) as { questions?: unknown[] } | null;
      if (response.status !== 200 || set?.questions?.length !== answers.questionIds.length) lost.push(setId);
    }
    expect((await recordSet(url, token, crypto.randomUUID())).status).toBe(200);
    child.kill('SIGTERM');
    await exited;
    expect(child.exitCode).toBe(0);

    console.log(
      `crash test: ${acknowledged.length} acknowledged sets over 2 SIGKILLs (${cutOff} requests cut off), ${lost.length} lost`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(2 * ACKS_BEFORE_KILL);
    expect(lost).toEqual([]);
  }, 90_000);
});
