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

-- Keep the keys dense after a delete. Once per statement (a row-level trigger would look up
-- max(pick_key) past every dead index entry for every deleted row: quadratic on bulk deletes).
-- With the keys dense before the delete (1..N) and d rows gone, the n = N - d rows left must hold
-- 1..n: the deleted keys <= n are the holes, the surviving rows above n move into them.
create or replace function private.questions_fill_pick_key_holes()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_left integer;
begin
  select greatest(coalesce((select max(q.pick_key) from public.questions q), 0),
                  coalesce((select max(r.pick_key) from removed r), 0))
         - (select count(*) from removed r where r.pick_key is not null)
    into v_left;
  update public.questions q
     set pick_key = holes.pick_key
    from (select r.pick_key, row_number() over (order by r.pick_key) as rank
            from removed r where r.pick_key <= v_left) as holes
    join (select m.id, row_number() over (order by m.pick_key) as rank
            from public.questions m where m.pick_key > v_left) as movers
      on movers.rank = holes.rank
   where q.id = movers.id;
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
revoke all on function private.questions_fill_pick_key_holes() from public;
revoke all on function private.questions_keep_pick_key() from public;

drop trigger if exists questions_assign_pick_key on public.questions;
create trigger questions_assign_pick_key
  before insert on public.questions
  for each row execute function private.questions_assign_pick_key();

drop trigger if exists questions_fill_pick_key_holes on public.questions;
create trigger questions_fill_pick_key_holes
  after delete on public.questions
  referencing old table as removed
  for each statement execute function private.questions_fill_pick_key_holes();

drop trigger if exists questions_keep_pick_key on public.questions;
create trigger questions_keep_pick_key
  before update of pick_key on public.questions
  for each row execute function private.questions_keep_pick_key();
