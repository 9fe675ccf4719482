-- Custom tests and the spaced-review schedule (docs/decisions/220-custom-tests.md).
--
--   supabase.rpc('get_custom_test_counts', { settings })      -- what the settings would serve
--   supabase.rpc('start_custom_test', { settings })           -- serve a test (entitlement)
--   supabase.rpc('get_custom_test', { test_id })              -- resume or review
--   supabase.rpc('answer_custom_test_item', { test_id, position, response, seconds_spent })
--   supabase.rpc('submit_custom_test', { test_id })           -- grade and record
--   supabase.rpc('set_item_mark', { bank, item_id, flagged, note })
--   supabase.rpc('get_review_due_count', { utc_offset_minutes })
--   supabase.rpc('list_custom_tests')
--
-- settings: { categories: [client need, ...], item_count: 10..85, pool: 'all' | 'unused' |
-- 'incorrect' | 'flagged' | 'due', kinds: ['classic' | 'standalone' | 'case', ...], mode: 'tutor' |
-- 'timed', utc_offset_minutes: -840..840 }.
--
-- The test lives here: served without keys, answered item by item (tutor mode reveals an item's key
-- once it is answered), graded and recorded on submit. Every recorded answer, of a practice set, a
-- judgment set or a custom test, updates the student's review schedule (FSRS-6, private.fsrs_*),
-- in the same transaction, under the student's lock.

create schema if not exists private;
revoke all on schema private from public;

-- ---------------------------------------------------------------------------------------------
-- FSRS-6, as ts-fsrs 5.4.2 computes it with its default parameters, request retention 0.9,
-- maximum interval 36 500 days, no fuzz and the long-term scheduler (enable_short_term: false).
-- Each step below is the ts-fsrs function of the same name; roundTo(x, 8) and Math.round are
-- floor(x + 0.5) (PostgreSQL's round(double precision) rounds half to even, JavaScript's half up).
-- tests/sql/review-schedule.test.ts replays random review histories through ts-fsrs and this.
-- ---------------------------------------------------------------------------------------------

create or replace function private.fsrs_w()
returns double precision[]
language sql
immutable
set search_path = ''
as $$
  select array[0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
               1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]::double precision[]
$$;

create or replace function private.fsrs_round(p_value double precision, p_decimals integer)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select floor(p_value * (10::double precision ^ p_decimals) + 0.5) / (10::double precision ^ p_decimals)
$$;

-- computeDecayFactor: FACTOR from DECAY (w[20], negated).
create or replace function private.fsrs_factor()
returns double precision
language sql
immutable
set search_path = ''
as $$
  select private.fsrs_round(exp((1 / -w[21]) * ln(0.9::double precision)) - 1, 8) from private.fsrs_w() as w
$$;

-- forgetting_curve: retrievability after t days at stability s.
create or replace function private.fsrs_retrievability(p_days integer, p_stability double precision)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select private.fsrs_round((1 + private.fsrs_factor() * p_days / p_stability) ^ (-w[21]), 8)
    from private.fsrs_w() as w
$$;

-- next_interval: days until recall falls to the requested retention (0.9), 1 to 36 500.
create or replace function private.fsrs_interval(p_stability double precision)
returns integer
language sql
immutable
set search_path = ''
as $$
  select least(greatest(1, floor(p_stability * private.fsrs_round(
           ((0.9::double precision ^ (1 / -w[21])) - 1) / private.fsrs_factor(), 8) + 0.5)::integer), 36500)
    from private.fsrs_w() as w
$$;

-- init_difficulty (clamped as next_state clamps a new card's).
create or replace function private.fsrs_init_difficulty(p_grade integer)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select private.fsrs_round(w[5] - exp((p_grade - 1) * w[6]) + 1, 8) from private.fsrs_w() as w
$$;

-- next_difficulty: linear damping, then mean reversion towards init_difficulty(Easy), 1 to 10.
create or replace function private.fsrs_next_difficulty(p_difficulty double precision, p_grade integer)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select least(greatest(private.fsrs_round(
           w[8] * private.fsrs_init_difficulty(4)
           + (1 - w[8]) * (p_difficulty + private.fsrs_round(-w[7] * (p_grade - 3) * (10 - p_difficulty) / 9, 8)),
           8), 1), 10)
    from private.fsrs_w() as w
$$;

-- The stability after a review of grade 1 (Again) to 4 (Easy): next_recall_stability, or for Again
-- next_forget_stability capped by the stability before (the long-term scheduler's w17 = w18 = 0).
create or replace function private.fsrs_next_stability(
  p_difficulty double precision, p_stability double precision, p_retrievability double precision, p_grade integer)
returns double precision
language sql
immutable
set search_path = ''
as $$
  select case
    when p_grade = 1 then
      least(greatest(private.fsrs_round(p_stability, 8), 0.001),
            private.fsrs_round(least(greatest(
              w[12] * p_difficulty ^ (-w[13]) * ((p_stability + 1) ^ w[14] - 1) * exp((1 - p_retrievability) * w[15]),
              0.001), 36500), 8))
    else
      private.fsrs_round(least(greatest(
        p_stability * (1 + exp(w[9]) * (11 - p_difficulty) * p_stability ^ (-w[10])
                           * (exp((1 - p_retrievability) * w[11]) - 1)
                           * case when p_grade = 2 then w[16] else 1 end
                           * case when p_grade = 4 then w[17] else 1 end),
        0.001), 36500), 8)
  end
    from private.fsrs_w() as w
$$;

-- One review of a card (the long-term scheduler's newState / reviewState for one grade): the new
-- difficulty, stability and interval, the interval kept in the order Again < Hard < Good < Easy as
-- ts-fsrs keeps it. p_days: whole UTC days since the last review (dateDiffInDays); a new card has
-- p_stability null.
create or replace function private.fsrs_review(
  p_difficulty double precision, p_stability double precision, p_days integer, p_grade integer,
  out difficulty double precision, out stability double precision, out interval_days integer)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_r        double precision;
  v_s        double precision[] := '{}';
  v_interval integer[] := '{}';
  v_grade    integer;
begin
  if p_stability is null then
    for v_grade in 1..4 loop
      v_s := v_s || greatest((private.fsrs_w())[v_grade], 0.1);
    end loop;
    difficulty := least(greatest(private.fsrs_init_difficulty(p_grade), 1), 10);
  else
    v_r := private.fsrs_retrievability(p_days, p_stability);
    for v_grade in 1..4 loop
      v_s := v_s || private.fsrs_next_stability(p_difficulty, p_stability, v_r, v_grade);
    end loop;
    difficulty := private.fsrs_next_difficulty(p_difficulty, p_grade);
  end if;
  for v_grade in 1..4 loop
    v_interval := v_interval || private.fsrs_interval(v_s[v_grade]);
  end loop;
  v_interval[1] := least(v_interval[1], v_interval[2]);
  v_interval[2] := greatest(v_interval[2], v_interval[1] + 1);
  v_interval[3] := greatest(v_interval[3], v_interval[2] + 1);
  v_interval[4] := greatest(v_interval[4], v_interval[3] + 1);
  stability := v_s[p_grade];
  interval_days := v_interval[p_grade];
end;
$$;

revoke all on function private.fsrs_w(), private.fsrs_round(double precision, integer), private.fsrs_factor(),
  private.fsrs_retrievability(integer, double precision), private.fsrs_interval(double precision),
  private.fsrs_init_difficulty(integer), private.fsrs_next_difficulty(double precision, integer),
  private.fsrs_next_stability(double precision, double precision, double precision, integer),
  private.fsrs_review(double precision, double precision, integer, integer)
  from public;

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

-- The review schedule: one FSRS card per student and item answered in any recorded set.
create table if not exists private.review_schedule (
  user_id        uuid not null references auth.users (id) on delete cascade,
  -- As private.served_items: 'question' (classic) or 'ngn'.
  bank           text not null check (bank in ('question', 'ngn')),
  item_id        text not null,
  due            timestamptz not null,
  stability      double precision not null,
  difficulty     double precision not null,
  scheduled_days integer not null,
  reps           integer not null,
  lapses         integer not null,
  last_review    timestamptz not null,
  -- The latest answer fully right (the 'incorrect' pool is the items where it was not).
  last_correct   boolean not null,
  primary key (user_id, bank, item_id)
);
create index if not exists review_schedule_due_idx on private.review_schedule (user_id, due);

-- The student's flag and private note per item, kept across tests and shown with the item.
create table if not exists private.item_marks (
  user_id    uuid not null references auth.users (id) on delete cascade,
  bank       text not null check (bank in ('question', 'ngn')),
  item_id    text not null,
  flagged    boolean not null,
  note       text not null check (char_length(note) <= 2000),
  updated_at timestamptz not null default now(),
  primary key (user_id, bank, item_id)
);

create table if not exists public.custom_tests (
  id                 uuid primary key default gen_random_uuid(),
  user_id            uuid not null references auth.users (id) on delete cascade,
  mode               text not null check (mode in ('tutor', 'timed')),
  -- The settings as validated (private.custom_test_settings).
  settings           jsonb not null,
  status             text not null default 'in_progress' check (status in ('in_progress', 'submitted')),
  started_at         timestamptz not null default now(),
  -- Timed: items x 80 s, fixed at the start. Tutor: null.
  time_limit_seconds integer check (time_limit_seconds > 0),
  submitted_at       timestamptz,
  item_count         smallint not null check (item_count between 1 and 85),
  -- Set on submit.
  answered           smallint,
  points             integer,
  max_points         integer,
  check ((status = 'submitted') = (submitted_at is not null)),
  check ((mode = 'timed') = (time_limit_seconds is not null))
);
create index if not exists custom_tests_user_started_idx on public.custom_tests (user_id, started_at desc);

create table if not exists public.custom_test_items (
  test_id       uuid not null references public.custom_tests (id) on delete cascade,
  -- 1-based, the order of the test.
  position      smallint not null,
  -- Denormalised from the test.
  user_id       uuid not null,
  bank          text not null check (bank in ('question', 'ngn')),
  -- No foreign key: an item may be retired from the bank later, the record stays.
  item_id       text not null,
  case_id       text,
  -- Snapshots when served.
  category      text not null,
  step          text,
  max_points    smallint not null,
  response      jsonb,
  answered_at   timestamptz,
  seconds_spent integer not null default 0 check (seconds_spent between 0 and 86400),
  -- Graded: tutor mode when answered, every answered item on submit.
  points        smallint,
  primary key (test_id, position),
  unique (test_id, bank, item_id)
);

-- Per student, kind, step and category: the custom tests' share of the results figures.
create table if not exists private.student_custom_stats (
  user_id    uuid not null references auth.users (id) on delete cascade,
  bank       text not null check (bank in ('question', 'ngn')),
  -- '' for classic questions (no clinical-judgment step).
  step       text not null,
  category   text not null,
  answered   integer not null,
  points     integer not null,
  max_points integer not null,
  primary key (user_id, bank, step, category)
);

alter table private.review_schedule enable row level security;
alter table private.item_marks enable row level security;
alter table public.custom_tests enable row level security;
alter table public.custom_test_items enable row level security;
alter table private.student_custom_stats enable row level security;
-- Read and written through the functions only: a test in progress holds what a timed test must not
-- show yet (its points once graded), and the schedule and marks are written with the record.
revoke all on table public.custom_tests, public.custom_test_items from public, anon, authenticated, service_role;
revoke all on table private.review_schedule, private.item_marks, private.student_custom_stats
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The review schedule, written by every recorded answer
-- ---------------------------------------------------------------------------------------------

-- One answer of a student to an item at p_at: Good when fully right, else Again. An answer older
-- than the card's last review (a set delivered late from the outbox) is reviewed at the last
-- review's instant (FSRS cannot go back in time). The caller holds the student's lock.
create or replace function private.review_item(p_user uuid, p_bank text, p_item text, p_correct boolean, p_at timestamptz)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_card private.review_schedule;
  v_at   timestamptz;
  v_next record;
begin
  select * into v_card from private.review_schedule s
   where s.user_id = p_user and s.bank = p_bank and s.item_id = p_item
   for update;
  v_at := greatest(p_at, v_card.last_review);
  select * into v_next from private.fsrs_review(
    v_card.difficulty, v_card.stability,
    case when found then ((v_at at time zone 'UTC')::date - (v_card.last_review at time zone 'UTC')::date) else 0 end,
    case when p_correct then 3 else 1 end);
  insert into private.review_schedule as s (
    user_id, bank, item_id, due, stability, difficulty, scheduled_days, reps, lapses, last_review, last_correct)
  values (p_user, p_bank, p_item, v_at + make_interval(days => v_next.interval_days), v_next.stability,
          v_next.difficulty, v_next.interval_days, 1, 0, v_at, p_correct)
  on conflict (user_id, bank, item_id) do update set
    due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
    scheduled_days = excluded.scheduled_days, reps = s.reps + 1,
    lapses = s.lapses + case when p_correct then 0 else 1 end,
    last_review = excluded.last_review,
    last_correct = excluded.last_correct;
end;
$$;
revoke all on function private.review_item(uuid, text, text, boolean, timestamptz) from public;

-- Practice and judgment answers feed the schedule as they are stored (a repeat set is in no
-- aggregate, and not in the schedule either: its answers were just shown).
create or replace function private.review_practice_answer()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_set public.practice_sets;
begin
  select * into v_set from public.practice_sets p where p.id = new.set_id;
  if v_set.counted then
    perform private.review_item(new.user_id, 'question', new.question_id, new.is_correct, v_set.submitted_at);
  end if;
  return null;
end;
$$;
revoke all on function private.review_practice_answer() from public;

create or replace function private.review_judgment_answer()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_set public.judgment_sets;
begin
  select * into v_set from public.judgment_sets j where j.id = new.set_id;
  if v_set.counted then
    perform private.review_item(new.user_id, 'ngn', new.item_id, new.points = new.max_points, v_set.submitted_at);
  end if;
  return null;
end;
$$;
revoke all on function private.review_judgment_answer() from public;

drop trigger if exists practice_answers_review on public.practice_answers;
create trigger practice_answers_review
  after insert on public.practice_answers
  for each row execute function private.review_practice_answer();

drop trigger if exists judgment_answers_review on public.judgment_answers;
create trigger judgment_answers_review
  after insert on public.judgment_answers
  for each row execute function private.review_judgment_answer();

-- The answers recorded before the schedule existed, replayed in the order they were submitted.
do $$
declare
  v_answer record;
begin
  for v_answer in
    select a.user_id, 'question' as bank, a.question_id as item_id, a.is_correct as correct, p.submitted_at
      from public.practice_answers a join public.practice_sets p on p.id = a.set_id and p.counted
    union all
    select a.user_id, 'ngn', a.item_id, a.points = a.max_points, j.submitted_at
      from public.judgment_answers a join public.judgment_sets j on j.id = a.set_id and j.counted
    order by 5, 1, 3
  loop
    perform private.review_item(v_answer.user_id, v_answer.bank, v_answer.item_id, v_answer.correct,
                                v_answer.submitted_at);
  end loop;
end;
$$;

-- The end of the student's today: the instant their next day starts, from their offset to UTC.
create or replace function private.end_of_student_day(p_utc_offset_minutes integer)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (date_trunc('day', (now() at time zone 'UTC') + make_interval(mins => p_utc_offset_minutes))
          + interval '1 day' - make_interval(mins => p_utc_offset_minutes)) at time zone 'UTC'
$$;
revoke all on function private.end_of_student_day(integer) from public;

create or replace function private.check_utc_offset(p_minutes integer)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_minutes is null or p_minutes not between -840 and 840 then
    raise exception using errcode = '22023', message = 'The offset from UTC is between -840 and 840 minutes.';
  end if;
  return p_minutes;
end;
$$;
revoke all on function private.check_utc_offset(integer) from public;

-- ---------------------------------------------------------------------------------------------
-- Settings, candidates and the size rule (one place for what is counted and what is served)
-- ---------------------------------------------------------------------------------------------

-- The settings checked and normalised (categories and kinds once each, in their canonical order),
-- or a 400 naming what is wrong.
create or replace function private.custom_test_settings(p_settings jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_bad        text;
  v_categories text[];
  v_kinds      text[];
  v_count      integer;
  v_offset     integer;
  v_pools      text[] := array['all', 'unused', 'incorrect', 'flagged', 'due'];
  v_all_kinds  text[] := array['classic', 'standalone', 'case'];
begin
  if p_settings is null or jsonb_typeof(p_settings) <> 'object' then
    raise exception using errcode = '22023', message = 'Send the test settings.';
  end if;

  v_categories := private.json_text_array(p_settings -> 'categories');
  if v_categories is null or cardinality(v_categories) = 0 then
    raise exception using errcode = '22023', message = 'Choose at least one client-need category.';
  end if;
  select c into v_bad from unnest(v_categories) as c where c <> all (private.client_need_categories()) limit 1;
  if found then
    raise exception using errcode = '22023', message = format('Unknown category: %s.', v_bad);
  end if;

  if jsonb_typeof(p_settings -> 'item_count') <> 'number'
     or (p_settings ->> 'item_count')::numeric not between 10 and 85
     or (p_settings ->> 'item_count')::numeric <> floor((p_settings ->> 'item_count')::numeric) then
    raise exception using errcode = '22023', message = 'Choose between 10 and 85 items.';
  end if;
  v_count := (p_settings ->> 'item_count')::integer;

  if jsonb_typeof(p_settings -> 'pool') is distinct from 'string' or p_settings ->> 'pool' <> all (v_pools) then
    raise exception using errcode = '22023',
      message = format('Unknown pool: %s. Use ''all'', ''unused'', ''incorrect'', ''flagged'' or ''due''.',
                       coalesce(p_settings ->> 'pool', 'null'));
  end if;

  v_kinds := private.json_text_array(p_settings -> 'kinds');
  if v_kinds is null or cardinality(v_kinds) = 0 then
    raise exception using errcode = '22023', message = 'Choose at least one kind of item.';
  end if;
  select k into v_bad from unnest(v_kinds) as k where k <> all (v_all_kinds) limit 1;
  if found then
    raise exception using errcode = '22023',
      message = format('Unknown kind: %s. Use ''classic'', ''standalone'' or ''case''.', v_bad);
  end if;

  if jsonb_typeof(p_settings -> 'mode') is distinct from 'string' or p_settings ->> 'mode' not in ('tutor', 'timed') then
    raise exception using errcode = '22023',
      message = format('Unknown mode: %s. Use ''tutor'' or ''timed''.', coalesce(p_settings ->> 'mode', 'null'));
  end if;

  if p_settings ? 'utc_offset_minutes' then
    if jsonb_typeof(p_settings -> 'utc_offset_minutes') <> 'number'
       or (p_settings ->> 'utc_offset_minutes')::numeric not between -840 and 840
       or (p_settings ->> 'utc_offset_minutes')::numeric <> floor((p_settings ->> 'utc_offset_minutes')::numeric) then
      perform private.check_utc_offset(null);
    end if;
    v_offset := (p_settings ->> 'utc_offset_minutes')::integer;
  else
    v_offset := 0;
  end if;

  return jsonb_build_object(
    'categories', to_jsonb(array(select c from unnest(private.client_need_categories()) with ordinality as c(c, ord)
                                  where c = any (v_categories) order by ord)),
    'item_count', v_count,
    'pool', p_settings ->> 'pool',
    'kinds', to_jsonb(array(select k from unnest(v_all_kinds) with ordinality as k(k, ord)
                             where k = any (v_kinds) order by ord)),
    'mode', p_settings ->> 'mode',
    'utc_offset_minutes', v_offset);
end;
$$;
revoke all on function private.custom_test_settings(jsonb) from public;

-- Every unit a custom test may draw from for this student, with the pools it is in: a classic
-- question or a stand-alone NGN item (one item), or a case study (its six items, whole). A case
-- study is unused when none of its items was answered, and in the other pools when any item is.
-- A scan of the banks (a few thousand rows) joined to the student's schedule and marks.
create or replace function private.custom_test_units(p_user uuid, p_day_end timestamptz)
returns table (kind text, unit_id text, category text, size integer,
               unused boolean, incorrect boolean, flagged boolean, due boolean)
language sql
stable
set search_path = ''
as $$
  with classic as (
    select q.id, q.category from public.questions q
     where q.category = any (private.client_need_categories())
       and exists (select 1 from public.question_options o where o.question_id = q.id and o.is_correct)),
  items as (
    select 'classic' as kind, c.id as unit_id, c.category, 'question' as bank, c.id as item_id from classic c
    union all
    select case when n.case_id is null then 'standalone' else 'case' end, coalesce(n.case_id, n.id),
           coalesce(k.category, n.category), 'ngn', n.id
      from public.ngn_items n
      left join public.ngn_cases k on k.id = n.case_id
     where n.case_id is null
        or (select count(*) from public.ngn_items i where i.case_id = n.case_id) = 6)
  select i.kind, i.unit_id, min(i.category), count(*)::integer,
         bool_and(s.item_id is null), bool_or(not s.last_correct), bool_or(coalesce(m.flagged, false)),
         bool_or(s.due < p_day_end)
    from items i
    left join private.review_schedule s on s.user_id = p_user and s.bank = i.bank and s.item_id = i.item_id
    left join private.item_marks m on m.user_id = p_user and m.bank = i.bank and m.item_id = i.item_id
   where i.category = any (private.client_need_categories())
   group by i.kind, i.unit_id
$$;
revoke all on function private.custom_test_units(uuid, timestamptz) from public;

create or replace function private.unit_in_pool(p_pool text, p_unused boolean, p_incorrect boolean,
                                                p_flagged boolean, p_due boolean)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case p_pool when 'all' then true when 'unused' then p_unused when 'incorrect' then coalesce(p_incorrect, false)
                     when 'flagged' then p_flagged when 'due' then coalesce(p_due, false) end
$$;
revoke all on function private.unit_in_pool(text, boolean, boolean, boolean, boolean) from public;

-- The size rule: from the item count asked, the kinds chosen and how many single items and case
-- studies are available, how many case studies come first, how many single items, and how many
-- case studies after (when the singles ran out): { first_cases, singles, extra_cases }.
--   only case studies: as many whole case studies as fit;
--   a mix with case studies: one case study per 6 x (kinds chosen) items, at least one;
--   otherwise: the count, or what is available.
create or replace function private.custom_test_size(p_count integer, p_kinds text[], p_singles integer, p_cases integer)
returns integer[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_first   integer := 0;
  v_singles integer := 0;
  v_extra   integer := 0;
begin
  if 'case' = any (p_kinds) then
    v_first := least(p_cases, case when cardinality(p_kinds) = 1 then p_count / 6
                                   else greatest(1, p_count / (6 * cardinality(p_kinds))) end);
  end if;
  if cardinality(p_kinds) > 1 or 'case' <> all (p_kinds) then
    v_singles := least(p_singles, p_count - 6 * v_first);
  end if;
  if 'case' = any (p_kinds) then
    v_extra := least(p_cases - v_first, (p_count - 6 * v_first - v_singles) / 6);
  end if;
  return array[v_first, v_singles, v_extra];
end;
$$;
revoke all on function private.custom_test_size(integer, text[], integer, integer) from public;

-- ---------------------------------------------------------------------------------------------
-- Reading a test
-- ---------------------------------------------------------------------------------------------

-- An NGN item as a candidate sees it: every key field removed, at any depth (the mock exam's
-- withoutKeys, supabase/functions/mock-exam/handler.ts, strips the same fields).
create or replace function private.ngn_item_without_keys(p_value jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  case jsonb_typeof(p_value)
    when 'object' then
      return coalesce((select jsonb_object_agg(e.key, private.ngn_item_without_keys(e.value))
                         from jsonb_each(p_value) as e
                        where e.key not in ('correct', 'answers', 'rationale', 'scoring', 'difficulty')),
                      '{}'::jsonb);
    when 'array' then
      return coalesce((select jsonb_agg(private.ngn_item_without_keys(e.value) order by e.ord)
                         from jsonb_array_elements(p_value) with ordinality as e(value, ord)), '[]'::jsonb);
    else
      return p_value;
  end case;
end;
$$;
revoke all on function private.ngn_item_without_keys(jsonb) from public;

-- The items of one test (or only the one at p_position) as the API shows them: content while the
-- student has access, the stored answer, the student's flag and note, and the reveal (key, points
-- and rationale) once allowed: tutor mode once answered, both modes once submitted.
create or replace function private.custom_test_items_json(p_test public.custom_tests, p_access boolean, p_position integer)
returns json
language sql
stable
set search_path = ''
as $$
  select coalesce(json_agg(
           json_build_object(
             'position', t.position,
             'bank', case t.bank when 'question' then 'classic' else 'ngn' end,
             'item_id', t.item_id,
             'category', t.category,
             'case', case when k.id is not null then
                       json_build_object('id', k.id, 'title', k.title, 'intro', k.intro, 'step', n.position) end,
             'classic', case when q.id is not null then
                          json_build_object('stem', q.stem, 'options', (
                            select json_agg(json_build_object('id', o.id, 'label', o.label) order by o.position)
                              from public.question_options o where o.question_id = q.id)) end,
             'ngn', case when n.id is not null then private.ngn_item_without_keys(n.item) end,
             'response', t.response,
             'seconds_spent', t.seconds_spent,
             'flagged', coalesce(m.flagged, false),
             'note', coalesce(m.note, ''),
             'reveal', case when (q.id is not null or n.id is not null) and t.points is not null
                              and (p_test.status = 'submitted' or p_test.mode = 'tutor') then
                         json_build_object(
                           'points', t.points,
                           'max_points', t.max_points,
                           'rationale', coalesce(q.rationale, n.item ->> 'rationale'),
                           'options', case when q.id is not null then (
                             select json_agg(json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                                             order by o.position)
                               from public.question_options o where o.question_id = q.id) end,
                           'item', n.item)
                       when p_test.status = 'submitted' and (q.id is not null or n.id is not null) then
                         -- Unanswered: the key, no points earned.
                         json_build_object(
                           'points', 0,
                           'max_points', t.max_points,
                           'rationale', coalesce(q.rationale, n.item ->> 'rationale'),
                           'options', case when q.id is not null then (
                             select json_agg(json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                                             order by o.position)
                               from public.question_options o where o.question_id = q.id) end,
                           'item', n.item)
                     end)
           order by t.position), '[]'::json)
    from public.custom_test_items t
    left join lateral (select q.* from public.questions q
                        where t.bank = 'question' and q.id = t.item_id and p_access limit 1) as q on true
    left join lateral (select n.* from public.ngn_items n
                        where t.bank = 'ngn' and n.id = t.item_id and p_access limit 1) as n on true
    left join public.ngn_cases k on k.id = n.case_id
    left join private.item_marks m on m.user_id = t.user_id and m.bank = t.bank and m.item_id = t.item_id
   where t.test_id = p_test.id and (p_position is null or t.position = p_position)
$$;
revoke all on function private.custom_test_items_json(public.custom_tests, boolean, integer) from public;

create or replace function private.custom_test_json(p_test public.custom_tests)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'test_id', p_test.id,
    'mode', p_test.mode,
    'status', p_test.status,
    'settings', p_test.settings,
    'started_at', p_test.started_at,
    'submitted_at', p_test.submitted_at,
    'time_limit_seconds', p_test.time_limit_seconds,
    'ends_at', p_test.started_at + make_interval(secs => p_test.time_limit_seconds),
    'server_now', now(),
    'content_available', private.user_has_access(p_test.user_id, now()),
    'items', private.custom_test_items_json(p_test, private.user_has_access(p_test.user_id, now()), null),
    'result', case when p_test.status = 'submitted' then json_build_object(
                'points', p_test.points, 'max_points', p_test.max_points, 'answered', p_test.answered,
                'unanswered', p_test.item_count - p_test.answered) end)
$$;
revoke all on function private.custom_test_json(public.custom_tests) from public;

-- The caller's test, or a 404 (not found and another student's test are the same answer; the
-- PostgREST way, as get_practice_set).
create or replace function private.own_custom_test(p_test_id uuid, p_user uuid)
returns public.custom_tests
language plpgsql
stable
set search_path = ''
as $$
declare
  v_test public.custom_tests;
begin
  select * into v_test from public.custom_tests t where t.id = p_test_id and t.user_id = p_user;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Test not found.')::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  return v_test;
end;
$$;
revoke all on function private.own_custom_test(uuid, uuid) from public;

-- The points a stored response earns on its item, null when the item has left the bank.
create or replace function private.custom_item_points(p_bank text, p_item text, p_response jsonb)
returns integer
language sql
stable
set search_path = ''
as $$
  select case p_bank
    when 'question' then (
      select case when (select o.is_correct from public.question_options o
                         where o.question_id = q.id and o.id = p_response -> 'answer' ->> 0) then 1 else 0 end
        from public.questions q where q.id = p_item)
    else (select private.score_ngn_response(n.scoring, p_response) from public.ngn_items n where n.id = p_item)
  end
$$;
revoke all on function private.custom_item_points(text, text, jsonb) from public;

-- ---------------------------------------------------------------------------------------------
-- API
-- ---------------------------------------------------------------------------------------------

-- What the builder shows: the items start_custom_test would serve for these settings and the
-- available items of each choice, the other choices as given. No content: a signed-in student.
create or replace function public.get_custom_test_counts(settings jsonb)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid        uuid := private.require_student();
  v_settings   jsonb := private.custom_test_settings(get_custom_test_counts.settings);
  v_categories text[] := private.json_text_array(v_settings -> 'categories');
  v_kinds      text[] := private.json_text_array(v_settings -> 'kinds');
  v_pool       text := v_settings ->> 'pool';
  v_result     json;
begin
  with units as materialized (
    select * from private.custom_test_units(
      v_uid, private.end_of_student_day((v_settings ->> 'utc_offset_minutes')::integer))),
  chosen as (
    select count(*) filter (where u.kind <> 'case')::integer as singles,
           count(*) filter (where u.kind = 'case')::integer as cases
      from units u
     where u.kind = any (v_kinds) and u.category = any (v_categories)
       and private.unit_in_pool(v_pool, u.unused, u.incorrect, u.flagged, u.due)),
  sized as (
    select c.singles, c.cases,
           private.custom_test_size((v_settings ->> 'item_count')::integer, v_kinds, c.singles, c.cases) as size
      from chosen c)
  select json_build_object(
    'items', sized.size[1] * 6 + sized.size[2] + sized.size[3] * 6,
    'available', sized.singles + 6 * sized.cases,
    -- One grouped pass over the units per figure (each choice with the other choices as given).
    'by_category', (
      select json_agg(json_build_object('category', need.name, 'available', coalesce(c.available, 0))
                      order by need.ord)
        from unnest(private.client_need_categories()) with ordinality as need(name, ord)
        left join (select u.category, sum(u.size)::integer as available
                     from units u
                    where u.kind = any (v_kinds)
                      and private.unit_in_pool(v_pool, u.unused, u.incorrect, u.flagged, u.due)
                    group by u.category) as c on c.category = need.name),
    'by_pool', (
      select json_build_object(
               'all', coalesce(sum(u.size), 0),
               'unused', coalesce(sum(u.size) filter (where u.unused), 0),
               'incorrect', coalesce(sum(u.size) filter (where u.incorrect), 0),
               'flagged', coalesce(sum(u.size) filter (where u.flagged), 0),
               'due', coalesce(sum(u.size) filter (where u.due), 0))
        from units u
       where u.category = any (v_categories) and u.kind = any (v_kinds)),
    'by_kind', (
      select json_build_object(
               'classic', coalesce(sum(u.size) filter (where u.kind = 'classic'), 0),
               'standalone', coalesce(sum(u.size) filter (where u.kind = 'standalone'), 0),
               'case', coalesce(sum(u.size) filter (where u.kind = 'case'), 0))
        from units u
       where u.category = any (v_categories)
         and private.unit_in_pool(v_pool, u.unused, u.incorrect, u.flagged, u.due)))
    into v_result
    from sized;
  return v_result;
end;
$$;

-- Serves a test: the units drawn at random under the size rule, in random order (a case study's
-- items together and in order), noted as served (private.note_served), without keys.
create or replace function public.start_custom_test(settings jsonb)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid        uuid := private.require_practice_access();
  v_settings   jsonb := private.custom_test_settings(start_custom_test.settings);
  v_categories text[] := private.json_text_array(v_settings -> 'categories');
  v_kinds      text[] := private.json_text_array(v_settings -> 'kinds');
  v_pool       text := v_settings ->> 'pool';
  v_count      integer := (v_settings ->> 'item_count')::integer;
  v_singles    text[];
  v_cases      text[];
  v_size       integer[];
  v_test       public.custom_tests;
  v_units      text[];
begin
  perform private.lock_student(v_uid);
  perform private.use_write_quota(v_uid);

  -- Every matching unit in random order: the case studies, and the single items of the other kinds.
  select coalesce(array_agg(u.unit_id order by random()) filter (where u.kind = 'case'), '{}'),
         coalesce(array_agg(u.kind || ':' || u.unit_id order by random()) filter (where u.kind <> 'case'), '{}')
    into v_cases, v_singles
    from private.custom_test_units(v_uid, private.end_of_student_day((v_settings ->> 'utc_offset_minutes')::integer)) u
   where u.kind = any (v_kinds) and u.category = any (v_categories)
     and private.unit_in_pool(v_pool, u.unused, u.incorrect, u.flagged, u.due);
  v_size := private.custom_test_size(v_count, v_kinds, cardinality(v_singles), cardinality(v_cases));
  if v_size[1] + v_size[2] + v_size[3] = 0 then
    raise exception using errcode = '22023', message = 'No items match these choices.',
      hint = 'Choose more categories, another pool or more kinds of item.';
  end if;
  -- The first draws of each: the case studies of the size rule, the singles.
  v_units := array(select 'case:' || c from unnest(v_cases[1:v_size[1] + v_size[3]]) as c)
             || v_singles[1:v_size[2]];

  insert into public.custom_tests (user_id, mode, settings, time_limit_seconds, item_count)
  values (v_uid, v_settings ->> 'mode', v_settings,
          case when v_settings ->> 'mode' = 'timed' then (v_size[1] * 6 + v_size[2] + v_size[3] * 6) * 80 end,
          v_size[1] * 6 + v_size[2] + v_size[3] * 6)
  returning * into v_test;

  -- The test's order: the units shuffled, a case study's six in its order.
  insert into public.custom_test_items (test_id, position, user_id, bank, item_id, case_id, category, step, max_points)
  select v_test.id, row_number() over (order by u.shuffle, x.sub), v_uid, x.bank, x.item_id, x.case_id,
         x.category, x.step, x.max_points
    from (select split_part(unit, ':', 1) as kind, substr(unit, strpos(unit, ':') + 1) as unit_id, random() as shuffle
            from unnest(v_units) as unit) as u
    cross join lateral (
      select 'question' as bank, q.id as item_id, null::text as case_id, q.category, null::text as step,
             1 as max_points, 0 as sub
        from public.questions q where u.kind = 'classic' and q.id = u.unit_id
      union all
      select 'ngn', n.id, n.case_id, n.category, n.step, n.max_points, coalesce(n.position, 0)
        from public.ngn_items n
       where (u.kind = 'standalone' and n.id = u.unit_id and n.case_id is null)
          or (u.kind = 'case' and n.case_id = u.unit_id)) as x;

  perform private.note_served(v_uid, 'question',
    array(select t.item_id from public.custom_test_items t where t.test_id = v_test.id and t.bank = 'question'));
  perform private.note_served(v_uid, 'ngn',
    array(select t.item_id from public.custom_test_items t where t.test_id = v_test.id and t.bank = 'ngn'));
  return private.custom_test_json(v_test);
end;
$$;

-- One of the caller's tests: in progress (content needs access, as serving did) or submitted.
create or replace function public.get_custom_test(test_id uuid)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_student();
begin
  return private.custom_test_json(private.own_custom_test(get_custom_test.test_id, v_uid));
end;
$$;

-- Stores the answer to one item and the seconds spent on it. Tutor mode grades it at once and
-- reveals its key (the answer is then final); timed mode keeps it changeable until submit and
-- refuses answers more than 30 s past the clock. Access is required (a tutor answer reveals a key).
-- No write quota: an answer overwrites its row (nothing grows), and a test has at most 85 items.
create or replace function public.answer_custom_test_item(
  test_id uuid, "position" integer, response jsonb, seconds_spent integer)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid      uuid := private.require_practice_access();
  v_position integer := answer_custom_test_item."position";
  v_response jsonb := answer_custom_test_item.response;
  v_seconds  integer := answer_custom_test_item.seconds_spent;
  v_test     public.custom_tests;
  v_item     public.custom_test_items;
  v_problem  text;
begin
  perform private.lock_student(v_uid);
  v_test := private.own_custom_test(answer_custom_test_item.test_id, v_uid);
  if v_test.status = 'submitted' then
    raise exception using errcode = '22023', message = 'This test is already submitted.';
  end if;
  if v_test.mode = 'timed'
     and now() > v_test.started_at + make_interval(secs => v_test.time_limit_seconds) + interval '30 seconds' then
    raise exception using errcode = '22023', message = 'Time is up for this test.', hint = 'Submit it to see your results.';
  end if;
  if v_test.started_at < now() - private.served_window() then
    raise exception using errcode = '22023', message = 'This test was started more than 48 hours ago.',
      hint = 'Submit it to see your results.';
  end if;
  select * into v_item from public.custom_test_items t where t.test_id = v_test.id and t.position = v_position;
  if not found then
    raise exception using errcode = '22023', message = format('This test has no item %s.', coalesce(v_position::text, 'null'));
  end if;
  if v_seconds is null or v_seconds not between 0 and 86400 then
    raise exception using errcode = '22023', message = 'Send the seconds spent on the item (0 to 86400).';
  end if;
  if v_test.mode = 'tutor' and v_item.response is not null then
    raise exception using errcode = '22023', message = 'This item is already answered.';
  end if;

  if v_item.bank = 'question' then
    if v_response is null or jsonb_typeof(v_response) <> 'object'
       or (select array_agg(k) from jsonb_object_keys(v_response) as k) is distinct from array['answer']
       or jsonb_typeof(v_response -> 'answer') <> 'array' or jsonb_array_length(v_response -> 'answer') <> 1
       or jsonb_typeof(v_response -> 'answer' -> 0) <> 'string' then
      raise exception using errcode = '22023', message = 'Answer a question with { "answer": [one option id] }.';
    end if;
    if not exists (select 1 from public.question_options o
                    where o.question_id = v_item.item_id and o.id = v_response -> 'answer' ->> 0) then
      raise exception using errcode = '22023',
        message = format('Option %s does not belong to question %s.', v_response -> 'answer' ->> 0, v_item.item_id);
    end if;
  else
    select private.ngn_response_problem(n.scoring, v_response) into v_problem
      from public.ngn_items n where n.id = v_item.item_id;
    if not found then
      raise exception using errcode = '22023', message = 'This item is no longer in the bank.';
    end if;
    if v_problem is not null then
      raise exception using errcode = '22023', message = v_problem,
        detail = format('Item %s (item %s of the test).', v_item.item_id, v_position);
    end if;
  end if;

  update public.custom_test_items t
     set response = v_response, answered_at = now(), seconds_spent = v_seconds,
         points = case when v_test.mode = 'tutor' then private.custom_item_points(t.bank, t.item_id, v_response) end
   where t.test_id = v_test.id and t.position = v_position;
  return (select e from json_array_elements(private.custom_test_items_json(
            v_test, private.user_has_access(v_uid, now()), v_position)) as e limit 1);
end;
$$;

-- Ends the test: every answered item graded (an item retired from the bank counts as unanswered),
-- the test's totals stored, its answers added to the results figures and to the review schedule.
-- A second submit returns the same test.
create or replace function public.submit_custom_test(test_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid  uuid := private.require_student();
  v_test public.custom_tests;
  v_item record;
begin
  perform private.lock_student(v_uid);
  v_test := private.own_custom_test(submit_custom_test.test_id, v_uid);
  if v_test.status = 'submitted' then
    return private.custom_test_json(v_test);
  end if;
  perform private.use_write_quota(v_uid);

  update public.custom_test_items t
     set points = private.custom_item_points(t.bank, t.item_id, t.response)
   where t.test_id = v_test.id and t.response is not null;
  update public.custom_test_items t
     set response = null, answered_at = null
   where t.test_id = v_test.id and t.response is not null and t.points is null;

  update public.custom_tests t
     set status = 'submitted', submitted_at = now(),
         answered = (select count(*) from public.custom_test_items i where i.test_id = t.id and i.points is not null),
         points = (select coalesce(sum(i.points), 0) from public.custom_test_items i where i.test_id = t.id),
         max_points = (select coalesce(sum(i.max_points), 0) from public.custom_test_items i where i.test_id = t.id)
   where t.id = v_test.id
  returning * into v_test;

  insert into private.student_custom_stats as s (user_id, bank, step, category, answered, points, max_points)
  select v_uid, i.bank, coalesce(i.step, ''), i.category, count(*), sum(i.points), sum(i.max_points)
    from public.custom_test_items i
   where i.test_id = v_test.id and i.points is not null
   group by i.bank, coalesce(i.step, ''), i.category
   order by 2, 3, 4
  on conflict (user_id, bank, step, category) do update set
    answered = s.answered + excluded.answered,
    points = s.points + excluded.points,
    max_points = s.max_points + excluded.max_points;

  for v_item in
    select i.bank, i.item_id, i.points = i.max_points as correct, i.answered_at
      from public.custom_test_items i
     where i.test_id = v_test.id and i.points is not null
     order by i.bank, i.item_id
  loop
    perform private.review_item(v_uid, v_item.bank, v_item.item_id, v_item.correct, v_item.answered_at);
  end loop;
  return private.custom_test_json(v_test);
end;
$$;

-- Flags or unflags an item and keeps the student's note on it. Only items served to the student
-- (private.served_items): no marks on ids they were never given. Not flagged with an empty note
-- removes the mark.
create or replace function public.set_item_mark(bank text, item_id text, flagged boolean, note text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid     uuid := private.require_student();
  v_bank    text := case set_item_mark.bank when 'classic' then 'question' when 'ngn' then 'ngn' end;
  v_item    text := set_item_mark.item_id;
  v_flagged boolean := set_item_mark.flagged;
  v_note    text := coalesce(btrim(set_item_mark.note), '');
begin
  perform private.lock_student(v_uid);
  if v_bank is null then
    raise exception using errcode = '22023',
      message = format('Unknown bank: %s. Use ''classic'' or ''ngn''.', coalesce(set_item_mark.bank, 'null'));
  end if;
  if v_flagged is null then
    raise exception using errcode = '22023', message = 'Send whether the item is flagged.';
  end if;
  if char_length(v_note) > 2000 then
    raise exception using errcode = '22023', message = 'A note holds at most 2000 characters.';
  end if;
  if v_item is null or not exists (
       select 1 from private.served_items s where s.user_id = v_uid and s.bank = v_bank and s.item_id = v_item) then
    raise exception using errcode = '22023', message = 'This item was not given to you.';
  end if;
  if not v_flagged and v_note = '' then
    delete from private.item_marks m where m.user_id = v_uid and m.bank = v_bank and m.item_id = v_item;
  else
    insert into private.item_marks as m (user_id, bank, item_id, flagged, note, updated_at)
    values (v_uid, v_bank, v_item, v_flagged, v_note, now())
    on conflict on constraint item_marks_pkey do update set
      flagged = excluded.flagged, note = excluded.note, updated_at = excluded.updated_at;
  end if;
  return json_build_object('bank', set_item_mark.bank, 'item_id', v_item, 'flagged', v_flagged, 'note', v_note);
end;
$$;

-- The dashboard's figure: items of the student's schedule due by the end of their today.
create or replace function public.get_review_due_count(utc_offset_minutes integer default 0)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_student();
  v_end timestamptz := private.end_of_student_day(private.check_utc_offset(get_review_due_count.utc_offset_minutes));
begin
  return json_build_object('due_today', (
    select count(*) from private.review_schedule s
     where s.user_id = v_uid and s.due < v_end
       and case s.bank when 'question' then exists (select 1 from public.questions q where q.id = s.item_id)
                       else exists (select 1 from public.ngn_items n where n.id = s.item_id) end));
end;
$$;

-- The caller's custom tests, newest first (20).
create or replace function public.list_custom_tests()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_student();
begin
  return coalesce((
    select json_agg(json_build_object(
             'test_id', t.id, 'mode', t.mode, 'status', t.status, 'started_at', t.started_at,
             'submitted_at', t.submitted_at, 'items', t.item_count, 'answered',
             coalesce(t.answered, (select count(*) from public.custom_test_items i
                                    where i.test_id = t.id and i.response is not null)),
             'points', coalesce(t.points, 0), 'max_points', coalesce(t.max_points, 0))
           order by t.started_at desc, t.id)
      from (select * from public.custom_tests t where t.user_id = v_uid
             order by t.started_at desc, t.id limit 20) as t), '[]'::json);
end;
$$;

revoke all on function public.get_custom_test_counts(jsonb), public.start_custom_test(jsonb),
  public.get_custom_test(uuid), public.answer_custom_test_item(uuid, integer, jsonb, integer),
  public.submit_custom_test(uuid), public.set_item_mark(text, text, boolean, text),
  public.get_review_due_count(integer), public.list_custom_tests()
  from public, anon;
grant execute on function public.get_custom_test_counts(jsonb), public.start_custom_test(jsonb),
  public.get_custom_test(uuid), public.answer_custom_test_item(uuid, integer, jsonb, integer),
  public.submit_custom_test(uuid), public.set_item_mark(text, text, boolean, text),
  public.get_review_due_count(integer), public.list_custom_tests()
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Results: the custom tests' share of the summary's figures. The practice-only parts keep their
-- bodies under a new name; the summary's part adds the custom tests' aggregates to them.
-- ---------------------------------------------------------------------------------------------

alter function private.results_totals(uuid) rename to results_practice_totals;
alter function private.results_categories(uuid) rename to results_practice_categories;
alter function private.results_judgment(uuid) rename to results_judgment_sets;

-- Totals: practice sets and submitted custom tests; questions answered and right, classic items of
-- custom tests included.
create or replace function private.results_totals(p_user uuid)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'sets', (p.totals ->> 'sets')::integer
            + (select count(*) from public.custom_tests t where t.user_id = p_user and t.status = 'submitted'),
    'answered', (p.totals ->> 'answered')::integer + coalesce(c.answered, 0),
    'correct', (p.totals ->> 'correct')::integer + coalesce(c.points, 0))
    from (select private.results_practice_totals(p_user)::jsonb as totals) as p
    left join (select sum(s.answered)::integer as answered, sum(s.points)::integer as points
                 from private.student_custom_stats s where s.user_id = p_user and s.bank = 'question') as c on true
$$;
revoke all on function private.results_totals(uuid) from public;

-- Categories: practice answers plus custom tests' classic answers, all eight in order.
create or replace function private.results_categories(p_user uuid)
returns json
language sql
stable
set search_path = ''
as $$
  select json_agg(json_build_object(
           'category', c.value ->> 'category',
           'answered', (c.value ->> 'answered')::integer + coalesce(s.answered, 0),
           'correct', (c.value ->> 'correct')::integer + coalesce(s.points, 0)) order by c.ord)
    from jsonb_array_elements(private.results_practice_categories(p_user)::jsonb) with ordinality as c(value, ord)
    left join private.student_custom_stats s
      on s.user_id = p_user and s.bank = 'question' and s.step = '' and s.category = c.value ->> 'category'
$$;
revoke all on function private.results_categories(uuid) from public;

-- Judgment: judgment sets plus custom tests' NGN answers, by step and by category.
create or replace function private.results_judgment(p_user uuid)
returns json
language sql
stable
set search_path = ''
as $$
  with base as (select private.results_judgment_sets(p_user)::jsonb as j),
  custom as (select s.step, s.category, s.points, s.max_points
               from private.student_custom_stats s where s.user_id = p_user and s.bank = 'ngn')
  select json_build_object(
    'sets', (base.j ->> 'sets')::integer,
    'points', (base.j ->> 'points')::integer + (select coalesce(sum(c.points), 0) from custom c),
    'max_points', (base.j ->> 'max_points')::integer + (select coalesce(sum(c.max_points), 0) from custom c),
    'by_step', (
      select json_agg(json_build_object(
               'step', b.value ->> 'step',
               'points', (b.value ->> 'points')::integer
                         + (select coalesce(sum(c.points), 0) from custom c where c.step = b.value ->> 'step'),
               'max_points', (b.value ->> 'max_points')::integer
                         + (select coalesce(sum(c.max_points), 0) from custom c where c.step = b.value ->> 'step'))
               order by b.ord)
        from jsonb_array_elements(base.j -> 'by_step') with ordinality as b(value, ord)),
    'by_category', (
      select json_agg(json_build_object(
               'category', b.value ->> 'category',
               'points', (b.value ->> 'points')::integer
                         + (select coalesce(sum(c.points), 0) from custom c where c.category = b.value ->> 'category'),
               'max_points', (b.value ->> 'max_points')::integer
                         + (select coalesce(sum(c.max_points), 0) from custom c where c.category = b.value ->> 'category'))
               order by b.ord)
        from jsonb_array_elements(base.j -> 'by_category') with ordinality as b(value, ord)))
    from base
$$;
revoke all on function private.results_judgment(uuid) from public;

-- The fresh start also wipes the custom tests, their aggregates and the review schedule (what was
-- answered); the student's flags and notes are their own writing and stay. The practice and
-- judgment part stays where it was defined (20261125130000), renamed and private, and the public
-- function wraps it, so neither part is written twice.
alter function public.reset_practice_history() rename to reset_sets_history;
alter function public.reset_sets_history() set schema private;
revoke all on function private.reset_sets_history() from public, anon, authenticated, service_role;

create or replace function public.reset_practice_history()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid    uuid := private.require_student();
  v_sets   jsonb;
  v_custom integer;
begin
  -- Takes the student's lock and counts the write, then clears practice and judgment sets; the
  -- lock is held to the end of the transaction, so the custom tests go in the same fresh start.
  v_sets := private.reset_sets_history()::jsonb;
  delete from public.custom_tests t where t.user_id = v_uid;
  get diagnostics v_custom = row_count;
  delete from private.student_custom_stats s where s.user_id = v_uid;
  delete from private.review_schedule s where s.user_id = v_uid;
  return (v_sets || jsonb_build_object('deleted_custom_tests', v_custom))::json;
end;
$$;
revoke all on function public.reset_practice_history() from public, anon;
grant execute on function public.reset_practice_history() to authenticated, service_role;

-- The mock exam prefers items a student has not met in practice: answered custom-test items count as
-- met too. The mock exam's history stays where it was defined (20261128130000), renamed and private;
-- this wraps it, so neither part is written twice. mock_exam_get calls it by its public name.
alter function public.mock_exam_history(uuid) rename to mock_exam_history_sets;
alter function public.mock_exam_history_sets(uuid) set schema private;
revoke all on function private.mock_exam_history_sets(uuid) from public, anon, authenticated, service_role;

create or replace function public.mock_exam_history(p_user uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select s.h || jsonb_build_object('seenInPractice', coalesce((
           select jsonb_agg(distinct x.id) from (
             select jsonb_array_elements_text(s.h -> 'seenInPractice') as id
             union
             select t.item_id from public.custom_test_items t
              where t.user_id = p_user and t.answered_at is not null) x), '[]'::jsonb))
    from (select private.mock_exam_history_sets(p_user) as h) s
$$;
revoke all on function public.mock_exam_history(uuid) from public, anon, authenticated;
grant execute on function public.mock_exam_history(uuid) to service_role;

-- The record's invariant (for the race tests) gains the custom tests: each submitted test's totals
-- against its items, and student_custom_stats against a recount of the submitted tests.
alter function private.learning_record_mismatches(uuid) rename to practice_record_mismatches;

create or replace function private.learning_record_mismatches(p_user uuid)
returns table (aggregate text, key text, stored text, recounted text)
language sql
stable
set search_path = ''
as $$
  select * from private.practice_record_mismatches(p_user)
  union all
  select 'custom_tests', t.id::text,
         format('answered=%s points=%s max_points=%s', t.answered, t.points, t.max_points),
         format('answered=%s points=%s max_points=%s', count(i.points), coalesce(sum(i.points), 0),
                coalesce(sum(i.max_points), 0))
    from public.custom_tests t
    join public.custom_test_items i on i.test_id = t.id
   where t.user_id = p_user and t.status = 'submitted'
   group by t.id
  having t.answered <> count(i.points) or t.points <> coalesce(sum(i.points), 0)
      or t.max_points <> coalesce(sum(i.max_points), 0)
  union all
  select 'student_custom_stats', coalesce(s.bank || ' / ' || s.step || ' / ' || s.category,
                                          r.bank || ' / ' || r.step || ' / ' || r.category),
         format('answered=%s points=%s max_points=%s', coalesce(s.answered, 0), coalesce(s.points, 0),
                coalesce(s.max_points, 0)),
         format('answered=%s points=%s max_points=%s', coalesce(r.answered, 0), coalesce(r.points, 0),
                coalesce(r.max_points, 0))
    from (select * from private.student_custom_stats s where s.user_id = p_user) as s
    full join (
      select i.bank, coalesce(i.step, '') as step, i.category, count(*) as answered, sum(i.points) as points,
             sum(i.max_points) as max_points
        from public.custom_test_items i
        join public.custom_tests t on t.id = i.test_id and t.status = 'submitted'
       where t.user_id = p_user and i.points is not null
       group by i.bank, coalesce(i.step, ''), i.category) as r
      on r.bank = s.bank and r.step = s.step and r.category = s.category
   where coalesce(s.answered, 0) <> coalesce(r.answered, 0) or coalesce(s.points, 0) <> coalesce(r.points, 0)
      or coalesce(s.max_points, 0) <> coalesce(r.max_points, 0)
$$;
revoke all on function private.learning_record_mismatches(uuid) from public, anon, authenticated, service_role;
revoke all on function private.practice_record_mismatches(uuid) from public, anon, authenticated, service_role;
