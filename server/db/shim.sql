-- What hosted Supabase provides before any project migration runs, reduced to what this project's
-- migrations and the local auth server need. Applied by the local backend on every start, before
-- supabase/migrations, so every statement here is idempotent. Nothing in this file is deployed:
-- on hosted Supabase these objects already exist (roles, schema auth, auth.uid() and friends).

-- Roles, as in supabase/postgres init-scripts (PostgREST connects as authenticator and switches role).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit login;
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
-- supabase/postgres 20230529180330: the API roles inherit (so granting one to another works).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
-- Hosted's timeouts (supabase/postgres init-scripts and migrations): applied to API calls as
-- PostgREST applies an impersonated role's settings (local_rest.call below).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

create schema if not exists extensions;
grant usage on schema public, extensions to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- Schema auth: Supabase's users table (column list of supabase/auth models/user.go) and the SQL helpers.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
-- GoTrue's index semantics (20221215195500): an address is unique as written (case-sensitive), SSO
-- accounts may repeat it; lookups go by lower(email) (users_instance_id_email_idx). The local auth
-- server stores addresses lowercased, as GoTrue does.
drop index if exists auth.users_email_key;
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

-- The auth server's own state. Shapes follow supabase/auth migrations, trimmed to what is used.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  aal text not null default 'aal1',
  -- How the session was established (amr claim method): otp, password, recovery, ...
  amr_method text not null
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- One-time tokens (emailed links). GoTrue's token_hash is hex(sha224(email || otp)), prefixed
-- with 'pkce_' when the request carried a code challenge; here the hash is random (below).
create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation', 'magiclink', 'recovery')),
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now()
);
-- Not in GoTrue: the unconfirmed user's password hash that the request issuing this token proved
-- to know (the signup that set it, or a repeat signup with the same password). Confirming through
-- a token without it clears the password, so a password pre-registered by someone else does not
-- survive the owner confirming the address (docs/decisions/070-backend-hardening.md).
alter table auth.one_time_tokens add column if not exists password_hash text;
-- Not in GoTrue (docs/decisions/110-unguessable-email-tokens.md): the token hash is random, not
-- sha224(email || code), so it cannot be computed from an address and a guessed code; its first 16
-- characters (`locator`) name the token, so a wrong guess at the rest counts against that token.
-- No mail carries a code (docs/decisions/111), so none is stored.
-- `failed_attempts` counts wrong codes and hashes; at the limit the token is deleted. `via` tells a
-- password signup's confirmation from a sign-in link, so neither replaces the other.
alter table auth.one_time_tokens add column if not exists locator text;
alter table auth.one_time_tokens add column if not exists failed_attempts integer not null default 0;
alter table auth.one_time_tokens add column if not exists via text not null default 'link';
create index if not exists one_time_tokens_locator_idx on auth.one_time_tokens (locator);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);
create index if not exists one_time_tokens_user_idx on auth.one_time_tokens (user_id, token_type);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null unique,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  provider_type text not null default 'email',
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists flow_state_user_idx on auth.flow_state (user_id, authentication_method);

-- The API roles, service_role included, have no rights on auth tables, and every auth table has row
-- level security (GoTrue 20240612123726), as on hosted Supabase. Only the local auth server (the
-- superuser, standing in for GoTrue's supabase_auth_admin) reads and writes them.
revoke all on all tables in schema auth from anon, authenticated, service_role;
alter table auth.users enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.flow_state enable row level security;

-- Latest definitions from supabase/auth migrations (20220224000811, 20220531120530).
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- Bookkeeping the Supabase CLI keeps: applied migrations and seed file hashes.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- The REST layer's RPC call in one statement (server/rest/routes.ts). One round trip instead of
-- BEGIN, a setup query, the call and COMMIT: the statement's implicit transaction scopes every
-- setting (is_local), so they end with it. The API role is set here, before the call is planned
-- and run by EXECUTE, so the function's EXECUTE privilege and row level security are checked for
-- that role, never for the superuser running this helper. Only the server calls it (no grants).
create schema if not exists local_rest;
revoke all on schema local_rest from public;
create or replace function local_rest.call(
  p_setting_names  text[],
  p_setting_values text[],
  p_session_id     uuid,
  p_call           text,
  p_args           text[]
)
returns table (session_found boolean, body text)
language plpgsql
as $$
begin
  -- A user's token works only while its session exists, checked before the role changes.
  if p_session_id is not null and not exists (select 1 from auth.sessions s where s.id = p_session_id) then
    return query select false, null::text;
    return;
  end if;
  -- The API role's own settings first (statement_timeout: anon 3 s, authenticated 8 s), as PostgREST
  -- applies an impersonated role's settings; the request's settings, the role last, after them.
  perform set_config(split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1), true)
     from pg_roles, unnest(rolconfig) as setting
    where rolname = p_setting_values[array_position(p_setting_names, 'role')];
  for i in 1 .. coalesce(array_length(p_setting_names, 1), 0) loop
    perform set_config(p_setting_names[i], p_setting_values[i], true);
  end loop;
  return query execute p_call using p_args;
end;
$$;
revoke all on function local_rest.call(text[], text[], uuid, text, text[]) from public;
