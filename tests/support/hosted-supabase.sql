-- Hosted Supabase's database as a project finds it before its first migration: the starting state of
-- the real-PostgreSQL test tier (tests/support/postgres.ts). Nothing in this file is deployed.
--
-- Follows:
--   supabase/postgres 15.8.1.004 (ansible/vars.yml), migrations/db at commit 7db7e1a9:
--     init-scripts/00000000000000-initial-schema.sql   roles, extensions schema, default privileges,
--                                                      API roles' statement timeouts
--     init-scripts/00000000000001-auth-schema.sql      schema auth owned by supabase_admin, tables by
--                                                      supabase_auth_admin
--     init-scripts/00000000000003-post-setup.sql       search paths
--     migrations/10000000000000_demote-postgres.sql    postgres: nosuperuser createdb createrole ...
--     migrations/20221028101028_set_authenticator_timeout.sql, 20231130133139_set_lock_timeout_…
--     migrations/20221103090837_revoke_admin.sql, 20230201083204_grant_auth_roles_to_postgres.sql,
--     migrations/20230529180330_alter_api_roles_for_inherit.sql
--   supabase/auth (GoTrue) migrations up to 20260625000000 at commit bc32168e: auth.users in its
--     current shape (internal/models/user.go), 20221215195500 users_email_partial_key (case-sensitive,
--     SSO users excluded), 20240612123726 RLS on every auth table and SELECT on them for postgres.
--   Hosted's restriction of schema auth (changelog, 2025-04-21): postgres may reference auth tables
--     and create triggers and policies on auth.users, and may not create objects in schema auth.
--
-- Run as the cluster's superuser (supabase_admin, as on hosted) in the project's database. Two
-- deliberate departures, both stricter than hosted, so nothing can come to rely on them:
--   * postgres is NOBYPASSRLS (hosted: BYPASSRLS). No function of ours may need to bypass RLS.
--   * postgres gets only SELECT, REFERENCES and TRIGGER on auth.users (hosted keeps older grants of
--     INSERT/UPDATE/DELETE from 20211115181400): the project writes auth tables through GoTrue only.
-- Left out because the project uses none of it: storage, realtime, graphql, vault, pg_net, pg_cron,
-- pgjwt, the dashboard, replication and read-only users.

-- Roles (cluster-wide; created once per cluster).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
    create role authenticated nologin noinherit;
    create role service_role nologin noinherit bypassrls;
    create role authenticator noinherit login;
    create role supabase_auth_admin noinherit createrole login noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
end
$$;
alter role postgres nosuperuser createdb createrole login replication nobypassrls;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role postgres set search_path to "$user", public, extensions;

-- The project database (created by the harness with owner postgres, as on hosted, so schema public,
-- owned by pg_database_owner, is postgres's). Migrations run as postgres.
grant all on schema public to postgres;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- Schema auth: owned by supabase_admin, its tables and functions by supabase_auth_admin (GoTrue).
create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin;

create table auth.users (
  instance_id uuid,
  id uuid not null primary key,
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
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create index users_instance_id_idx on auth.users (instance_id);
create index users_instance_id_email_idx on auth.users (instance_id, lower(email));
-- GoTrue 20221215195500: unique per exact (case-sensitive) address, SSO accounts may repeat it.
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
alter table auth.users owner to supabase_auth_admin;
alter table auth.users enable row level security;

-- The other GoTrue tables the project's tests name, in their current shape (columns it never reads
-- are left out).
create table auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  aal text,
  not_after timestamptz
);
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.sessions enable row level security;

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.refresh_tokens enable row level security;

create type auth.one_time_token_type as enum (
  'confirmation_token', 'reauthentication_token', 'recovery_token',
  'email_change_token_new', 'email_change_token_current', 'phone_change_token'
);
alter type auth.one_time_token_type owner to supabase_auth_admin;
create table auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
alter table auth.one_time_tokens owner to supabase_auth_admin;
alter table auth.one_time_tokens enable row level security;

create type auth.code_challenge_method as enum ('s256', 'plain');
alter type auth.code_challenge_method owner to supabase_auth_admin;
create table auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
alter table auth.flow_state owner to supabase_auth_admin;
alter table auth.flow_state enable row level security;

-- auth.uid() and friends, latest definitions (GoTrue 20220224000811, 20220531120530).
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
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, postgres;

-- What postgres keeps in schema auth (see the header): read (GoTrue 20240612123726, with grant
-- option), foreign keys and triggers on auth.users (hosted's 2025 restriction keeps both).
grant select on auth.users, auth.sessions, auth.refresh_tokens, auth.one_time_tokens, auth.flow_state
  to postgres with grant option;
grant references, trigger on auth.users to postgres;
-- The API roles, service_role included, have no table rights in schema auth.
revoke all on all tables in schema auth from anon, authenticated, service_role;
