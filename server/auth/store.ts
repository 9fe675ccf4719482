// Postgres access for the auth server: users, sessions, rotating refresh tokens, one-time tokens
// and PKCE flow states, all in schema auth (see server/db/shim.sql). Functions take a Queryable
// so a route can run several of them inside one transaction.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

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

/** GoTrue's crypto.GenerateTokenHash: hex(sha224(email || otp)). */
export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/**
 * Issues a fresh 6-digit code for the user, replacing any earlier token of the same type (only the
 * latest emailed link works, as in GoTrue). Returns the code and the stored hash (with the pkce_
 * prefix when the request started a PKCE flow).
 */
export async function issueOneTimeToken(
  db: Queryable,
  user: UserRow,
  type: OneTimeTokenType,
  pkce: boolean,
  knownPasswordHash: string | null = null,
): Promise<{ otp: string; tokenHash: string }> {
  const otp = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const tokenHash = (pkce ? 'pkce_' : '') + tokenHashOf(user.email, otp);
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, type]);
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, password_hash)
     values ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), user.id, type, tokenHash, user.email, knownPasswordHash],
  );
  const sentColumn = type === 'confirmation' ? 'confirmation_sent_at' : 'recovery_sent_at';
  await db.query(`update auth.users set ${sentColumn} = now(), updated_at = now() where id = $1`, [user.id]);
  return { otp, tokenHash };
}

export interface ConsumedToken {
  userId: string;
  type: OneTimeTokenType;
  tokenHash: string;
  /** The password hash the issuing request proved to know (see confirmEmail). */
  knownPasswordHash: string | null;
}

/** Deletes every outstanding emailed link and code of the address (too many wrong codes). */
export async function revokeOneTimeTokens(db: Queryable, email: string): Promise<void> {
  await db.query(
    `delete from auth.one_time_tokens
      where user_id = (select id from auth.users where lower(email) = lower($1))`,
    [email],
  );
}

/**
 * Consumes (deletes) a one-time token of one of the given types. Returns null when it does not
 * exist, was already used, or is older than `expirySeconds` (an expired token is deleted too).
 */
export async function consumeOneTimeToken(
  db: Queryable,
  match: { tokenHash: string } | { email: string; otp: string },
  types: OneTimeTokenType[],
  expirySeconds: number,
): Promise<ConsumedToken | null> {
  const hashes =
    'tokenHash' in match
      ? [match.tokenHash]
      : [
          tokenHashOf(match.email.toLowerCase(), match.otp),
          `pkce_${tokenHashOf(match.email.toLowerCase(), match.otp)}`,
        ];
  const result = await db.query<{
    user_id: string;
    token_type: OneTimeTokenType;
    token_hash: string;
    password_hash: string | null;
    expired: boolean;
  }>(
    `delete from auth.one_time_tokens
      where id = (select id from auth.one_time_tokens
                   where token_hash = any($1) and token_type = any($2)
                   order by created_at desc limit 1)
      returning user_id, token_type, token_hash, password_hash,
                created_at + make_interval(secs => $3) < now() as expired`,
    [hashes, types, expirySeconds],
  );
  const row = result.rows[0];
  if (!row || row.expired) return null;
  return {
    userId: row.user_id,
    type: row.token_type,
    tokenHash: row.token_hash,
    knownPasswordHash: row.password_hash,
  };
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
