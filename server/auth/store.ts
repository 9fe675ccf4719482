// Postgres access for the auth server: users, sessions, rotating refresh tokens, one-time tokens
// and PKCE flow states, all in schema auth (see server/db/shim.sql). Functions take a Queryable
// so a route can run several of them inside one transaction.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** PGlite or one of its transactions; anything else that answers queries alike (the tests' real PostgreSQL). */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

export type OneTimeTokenType = 'confirmation' | 'magiclink' | 'recovery';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  authentication_method: string;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

export interface SessionRow {
  id: string;
  user_id: string;
  amr_method: string;
  created_at: Date;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at`;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The user object GoTrue returns (models/user.go), with the single email identity it would hold. */
export function userJson(user: UserRow): Record<string, unknown> {
  const identityData = {
    email: user.email,
    email_verified: user.email_confirmed_at !== null,
    phone_verified: false,
    sub: user.id,
  };
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: iso(user.last_sign_in_at ?? user.created_at),
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
        email: user.email,
      },
    ],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`,
    [email],
  );
  return result.rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return result.rows[0] ?? null;
}

export async function createUser(
  db: Queryable,
  input: {
    email: string;
    passwordHash: string | null;
    metadata: Record<string, unknown>;
    confirmed: boolean;
  },
): Promise<UserRow> {
  const result = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4 then now() end, '{"provider":"email","providers":["email"]}', $5, now(), now())
     returning ${USER_COLUMNS}`,
    [
      randomUUID(),
      input.email.toLowerCase(),
      input.passwordHash,
      input.confirmed,
      JSON.stringify(input.metadata),
    ],
  );
  const user = result.rows[0];
  if (!user) throw new Error('insert into auth.users returned no row');
  return user;
}

export async function updateUser(
  db: Queryable,
  id: string,
  changes: {
    passwordHash?: string;
    metadata?: Record<string, unknown>;
    signedIn?: boolean;
  },
): Promise<UserRow> {
  const result = await db.query<UserRow>(
    `update auth.users set
       encrypted_password = coalesce($2, encrypted_password),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($3::jsonb, '{}'::jsonb),
       last_sign_in_at = case when $4 then now() else last_sign_in_at end,
       updated_at = now()
     where id = $1
     returning ${USER_COLUMNS}`,
    [
      id,
      changes.passwordHash ?? null,
      changes.metadata ? JSON.stringify(changes.metadata) : null,
      changes.signedIn ?? false,
    ],
  );
  const user = result.rows[0];
  if (!user) throw new Error(`user ${id} vanished during update`);
  return user;
}

/**
 * Confirms the address through a consumed one-time token. Confirming an unconfirmed user keeps its
 * password only if the token carries that very hash (the request that issued it knew the password);
 * otherwise the password is cleared: someone who pre-registered the address cannot sign in with
 * the password they chose once its owner confirms it. An already confirmed user is left as is.
 */
export async function confirmEmail(
  db: Queryable,
  id: string,
  knownPasswordHash: string | null,
): Promise<void> {
  await db.query(
    `update auth.users set
       encrypted_password = case
         when email_confirmed_at is null and encrypted_password is distinct from $2 then null
         else encrypted_password end,
       email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now()
     where id = $1`,
    [id, knownPasswordHash],
  );
}

// --- one-time tokens ---------------------------------------------------------------------------
// GoTrue stores hex(sha224(email || code)) as the link's token hash, so anyone who knows an address
// can compute the hash of every one of the 10^6 codes and try them as `token_hash` without ever
// giving the address (the wrong-code count never sees them). Here the hash is random (56 hex
// characters, GoTrue's shape): it cannot be derived from anything. Its first LOCATOR_CHARS name the
// token, so a wrong guess at the rest still counts against that token (docs/decisions/110). No
// mail carries a code (the app has nowhere to enter one; docs/decisions/111), so none is issued.

/** How many leading characters of a token hash (after any pkce_ prefix) name its token. */
const LOCATOR_CHARS = 16;

/** The token a presented hash names, or null when it has no such prefix. */
function locatorOf(tokenHash: string): string | null {
  const bare = tokenHash.startsWith('pkce_') ? tokenHash.slice('pkce_'.length) : tokenHash;
  return bare.length >= LOCATOR_CHARS ? bare.slice(0, LOCATOR_CHARS) : null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Who asked for a token: a password signup's confirmation, or any other emailed link. */
export type TokenVia = 'signup' | 'link';

/**
 * Issues a fresh emailed token for the user, replacing any earlier token of the same type asked for
 * the same way (only the latest link works, as in GoTrue; a password signup's confirmation and a
 * sign-in link do not replace each other, so one cannot be used to kill the other). Returns the
 * stored hash (with the pkce_ prefix when the request started a PKCE flow).
 */
export async function issueOneTimeToken(
  db: Queryable,
  user: UserRow,
  type: OneTimeTokenType,
  options: { pkce: boolean; knownPasswordHash?: string | null; via?: TokenVia },
): Promise<{ tokenHash: string }> {
  const via = options.via ?? 'link';
  const bare = randomBytes(28).toString('hex');
  const tokenHash = (options.pkce ? 'pkce_' : '') + bare;
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and via = $3', [
    user.id,
    type,
    via,
  ]);
  await db.query(
    `insert into auth.one_time_tokens
       (id, user_id, token_type, token_hash, relates_to, password_hash, locator, via)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomUUID(),
      user.id,
      type,
      tokenHash,
      user.email,
      options.knownPasswordHash ?? null,
      bare.slice(0, LOCATOR_CHARS),
      via,
    ],
  );
  const sentColumn = type === 'confirmation' ? 'confirmation_sent_at' : 'recovery_sent_at';
  await db.query(`update auth.users set ${sentColumn} = now(), updated_at = now() where id = $1`, [user.id]);
  return { tokenHash };
}

export interface ConsumedToken {
  userId: string;
  type: OneTimeTokenType;
  tokenHash: string;
  /** The password hash the issuing request proved to know (see confirmEmail). */
  knownPasswordHash: string | null;
  via: TokenVia;
}

interface TokenRow {
  id: string;
  user_id: string;
  token_type: OneTimeTokenType;
  token_hash: string;
  password_hash: string | null;
  via: TokenVia;
  expired: boolean;
}

const TOKEN_ROW = `id, user_id, token_type, token_hash, password_hash, via,
  created_at + make_interval(secs => $EXPIRY) < now() as expired`;

/**
 * Verifies an emailed token by its hash (the link, or verifyOtp's token_hash) and consumes (deletes)
 * it. verifyOtp's other form, the address and a code, is accepted on the wire but never matches: no
 * code is issued. Returns null when nothing matches, the token was used, or it is older than
 * `expirySeconds` (an expired token is deleted too). Every failure that names a token counts
 * against it: a hash whose locator names a token but whose rest (or type) is wrong, or any code
 * for the address (against each of its tokens); at `maxAttempts` the token is deleted.
 */
export async function verifyOneTimeToken(
  db: Queryable,
  match: { tokenHash: string } | { email: string; otp: string },
  types: OneTimeTokenType[],
  limits: { expirySeconds: number; maxAttempts: number },
): Promise<ConsumedToken | null> {
  const columns = TOKEN_ROW.replace('$EXPIRY', '$1');
  let candidates: TokenRow[];
  if ('tokenHash' in match) {
    const locator = locatorOf(match.tokenHash);
    if (!locator) return null;
    candidates = (
      await db.query<TokenRow>(`select ${columns} from auth.one_time_tokens where locator = $2`, [
        limits.expirySeconds,
        locator,
      ])
    ).rows;
  } else {
    candidates = (
      await db.query<TokenRow>(
        `select ${columns} from auth.one_time_tokens
          where user_id = (select id from auth.users where lower(email) = lower($2))`,
        [limits.expirySeconds, match.email],
      )
    ).rows;
  }
  const matches = (row: TokenRow) =>
    types.includes(row.token_type) && 'tokenHash' in match && sameText(row.token_hash, match.tokenHash);
  // The newest matching token, as GoTrue takes the latest sent.
  const hit = candidates.find(matches);
  if (!hit) {
    await countFailedAttempt(
      db,
      candidates.map((row) => row.id),
      limits.maxAttempts,
    );
    return null;
  }
  await db.query('delete from auth.one_time_tokens where id = $1', [hit.id]);
  if (hit.expired) return null;
  return {
    userId: hit.user_id,
    type: hit.token_type,
    tokenHash: hit.token_hash,
    knownPasswordHash: hit.password_hash,
    via: hit.via,
  };
}

async function countFailedAttempt(db: Queryable, ids: string[], maxAttempts: number): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    'update auth.one_time_tokens set failed_attempts = failed_attempts + 1 where id = any($1::uuid[])',
    [ids],
  );
  await db.query('delete from auth.one_time_tokens where id = any($1::uuid[]) and failed_attempts >= $2', [
    ids,
    maxAttempts,
  ]);
}

/** How many failed verifications each outstanding token of the address has had (for tests and probes). */
export async function failedAttemptsOf(db: Queryable, email: string): Promise<number[]> {
  const result = await db.query<{ failed_attempts: number }>(
    `select failed_attempts from auth.one_time_tokens
      where user_id = (select id from auth.users where lower(email) = lower($1)) order by created_at`,
    [email],
  );
  return result.rows.map((row) => row.failed_attempts);
}

// --- PKCE flow states --------------------------------------------------------------------------

export async function createFlowState(
  db: Queryable,
  input: { userId: string; codeChallenge: string; method: 's256' | 'plain'; authenticationMethod: string },
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method)
     values ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), input.userId, randomUUID(), input.codeChallenge, input.method, input.authenticationMethod],
  );
}

/** The latest flow state of this user and method, marked as having its auth code issued now. */
export async function issueAuthCode(
  db: Queryable,
  userId: string,
  authenticationMethods: string[],
): Promise<string | null> {
  const result = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = any($2)
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, authenticationMethods],
  );
  return result.rows[0]?.auth_code ?? null;
}

export async function findFlowStateByCode(db: Queryable, authCode: string): Promise<FlowStateRow | null> {
  const result = await db.query<FlowStateRow>(
    `select id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method,
            auth_code_issued_at, created_at
       from auth.flow_state where auth_code = $1`,
    [authCode],
  );
  return result.rows[0] ?? null;
}

export async function deleteFlowState(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.flow_state where id = $1', [id]);
}

// --- sessions and refresh tokens ---------------------------------------------------------------

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function createSession(
  db: Queryable,
  userId: string,
  amrMethod: string,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const session = (
    await db.query<SessionRow>(
      `insert into auth.sessions (id, user_id, amr_method) values ($1, $2, $3)
       returning id, user_id, amr_method, created_at`,
      [randomUUID(), userId, amrMethod],
    )
  ).rows[0];
  if (!session) throw new Error('insert into auth.sessions returned no row');
  const refreshToken = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
    refreshToken,
    userId,
    session.id,
  ]);
  return { session, refreshToken };
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const result = await db.query<SessionRow>(
    'select id, user_id, amr_method, created_at from auth.sessions where id = $1',
    [id],
  );
  return result.rows[0] ?? null;
}

export async function deleteSessions(
  db: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string,
): Promise<void> {
  if (scope === 'global') await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
}

export type RefreshOutcome =
  | { kind: 'rotated'; session: SessionRow; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'reused' };

/**
 * GoTrue's refresh-token rotation (tokens/service.go RefreshTokenGrant): the presented token is
 * revoked and a child issued. Presenting an already revoked token is tolerated when it is the
 * parent of the session's active token or was revoked less than `reuseIntervalSeconds` ago (a
 * client that double-refreshes gets the active token back); any other reuse revokes the session.
 */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  reuseIntervalSeconds: number,
): Promise<RefreshOutcome> {
  const found = (
    await db.query<{
      id: number;
      session_id: string;
      user_id: string;
      revoked: boolean;
      recently_revoked: boolean;
    }>(
      `select id, session_id, user_id, revoked, updated_at > now() - make_interval(secs => $2) as recently_revoked
         from auth.refresh_tokens where token = $1`,
      [token, reuseIntervalSeconds],
    )
  ).rows[0];
  if (!found) return { kind: 'not_found' };
  const session = await findSession(db, found.session_id);
  if (!session) return { kind: 'not_found' };

  if (found.revoked) {
    const active = (
      await db.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and not revoked order by id desc limit 1`,
        [session.id],
      )
    ).rows[0];
    if (active && (active.parent === token || found.recently_revoked)) {
      return { kind: 'rotated', session, refreshToken: active.token };
    }
    await db.query('delete from auth.sessions where id = $1', [session.id]);
    return { kind: 'reused' };
  }

  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
    found.id,
  ]);
  const refreshToken = newRefreshToken();
  await db.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [refreshToken, found.user_id, session.id, token],
  );
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
    session.id,
  ]);
  return { kind: 'rotated', session, refreshToken };
}
