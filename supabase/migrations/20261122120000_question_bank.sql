-- The practice question bank. Rows come from supabase/seed.sql (generated from supabase/questions/*.json).
-- Clients never read these tables directly: the correct answers are only handed out by
-- public.get_practice_questions(), which checks the caller's entitlement first.

create schema if not exists private;
revoke all on schema private from public;

create table if not exists public.questions (
  id         text primary key,
  category   text,
  difficulty text,
  stem       text not null,
  rationale  text not null,
  -- Dense 1..N integer key kept by triggers (below), so a uniform random question is an index
  -- probe on a random integer instead of a scan of the whole table (ORDER BY random()).
  pick_key   integer unique,
  created_at timestamptz not null default now()
);

create table if not exists public.question_options (
  id          text primary key,
  question_id text not null references public.questions (id) on delete cascade,
  position    smallint not null,
  label       text not null,
  is_correct  boolean not null
);
create index if not exists question_options_question_id_idx
  on public.question_options (question_id, position);

alter table public.questions enable row level security;
alter table public.question_options enable row level security;
-- No policies and no grants for the API roles: reads go through the SECURITY DEFINER RPC.
revoke all on table public.questions, public.question_options from public, anon, authenticated;
grant select, insert, update, delete on table public.questions, public.question_options to service_role;

-- Assign the next key on insert. A BEFORE ROW trigger sees the rows already inserted by the same
-- statement, so a multi-row insert gets consecutive keys. An INSERT ... ON CONFLICT DO UPDATE that
-- hits an existing row discards the new key (it is not a sequence, nothing is burnt), and the
-- update leaves pick_key alone, so reseeding keeps the keys dense and stable.
-- Assumes one writer at a time (seeding); concurrent inserts would collide on the unique key.
create or replace function private.questions_assign_pick_key()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.pick_key := coalesce((select max(q.pick_key) from public.questions q), 0) + 1;
  return new;
end;
$$;

-- Keep the keys dense after a delete: the row holding the highest key moves into the hole.
create or replace function private.questions_fill_pick_key_hole()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.questions
     set pick_key = old.pick_key
   where pick_key = (select max(q.pick_key) from public.questions q)
     and pick_key > old.pick_key;
  return null;
end;
$$;

-- Nobody may set the key by hand (it would break density).
create or replace function private.questions_keep_pick_key()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.pick_key is distinct from old.pick_key and pg_trigger_depth() = 1 then
    new.pick_key := old.pick_key;
  end if;
  return new;
end;
$$;

revoke all on function private.questions_assign_pick_key() from public;
revoke all on function private.questions_fill_pick_key_hole() from public;
revoke all on function private.questions_keep_pick_key() from public;

drop trigger if exists questions_assign_pick_key on public.questions;
create trigger questions_assign_pick_key
  before insert on public.questions
  for each row execute function private.questions_assign_pick_key();

drop trigger if exists questions_fill_pick_key_hole on public.questions;
create trigger questions_fill_pick_key_hole
  after delete on public.questions
  for each row execute function private.questions_fill_pick_key_hole();

drop trigger if exists questions_keep_pick_key on public.questions;
create trigger questions_keep_pick_key
  before update of pick_key on public.questions
  for each row execute function private.questions_keep_pick_key();
