-- Clinical judgment practice (Next Generation NCLEX): the NGN bank (standalone items and six-step
-- case studies, loaded from supabase/questions/ngn/*.json), judgment sets graded on the server, and
-- their share of the results summary.
--
--   supabase.rpc('get_clinical_judgment_set', { kind, item_limit })
--   supabase.rpc('record_clinical_judgment_set', { set_id, kind, case_id, item_ids, responses,
--                                                  started_at, submitted_at })
--   supabase.rpc('get_results_summary')      -- practice and judgment (defined here only)
--   supabase.rpc('reset_practice_history')   -- practice and judgment sets (20261128162200 wraps it to add custom tests)
--
-- Grading mirrors domain/ngn-scoring.ts on the same neutral key (its scoringKeyOf, stored in
-- ngn_items.scoring): private.score_ngn_response is scoreResponse, private.ngn_max_points
-- is maxPoints and private.ngn_response_problem is responseProblem, with the same messages. The SQL
-- tests compare them with the TypeScript module on generated responses for every type and rule.
--
-- The bank is read only through the functions (the items carry their keys); students read their
-- own judgment sets and answers (RLS); every write goes through record_clinical_judgment_set, which
-- keeps the aggregates in step with the record.

create schema if not exists private;
revoke all on schema private from public;

-- ---------------------------------------------------------------------------------------------
-- Scoring (schema private: not callable through the API). Defined first: ngn_items checks its
-- max_points with private.ngn_max_points.
-- ---------------------------------------------------------------------------------------------

-- The six steps of NCSBN's Clinical Judgment Measurement Model in the order a case study walks
-- them (domain/ngn-items.ts JUDGMENT_STEPS; a test checks they match).
create or replace function private.judgment_steps()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['recognize-cues', 'analyze-cues', 'prioritize-hypotheses', 'generate-solutions',
               'take-action', 'evaluate-outcomes']
$$;
revoke all on function private.judgment_steps() from public;

-- maxPoints: dyad 1, triad 2, otherwise one point per correct choice of every group.
create or replace function private.ngn_max_points(p_scoring jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_scoring ->> 'rule'
           when 'dyad' then 1
           when 'triad' then 2
           else (select coalesce(sum(jsonb_array_length(g.value -> 'correct')), 0)::integer
                   from jsonb_array_elements(p_scoring -> 'groups') as g(value))
         end
$$;
revoke all on function private.ngn_max_points(jsonb) from public;

-- picksOf: the picks of one group that count. Only real choices of the group, each once (jsonb
-- equality: the string "1" is a choice id, the number 1 is not); more picks than the group allows
-- (maxPicks) count as none. A part that is not a list counts as no picks.
create or replace function private.ngn_counted_picks(p_group jsonb, p_response jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  with picks as (
    select distinct pick.value
      from jsonb_array_elements(
             case when jsonb_typeof(p_response -> (p_group ->> 'id')) = 'array'
                  then p_response -> (p_group ->> 'id') else '[]'::jsonb end) as pick(value)
     where exists (
       select 1 from jsonb_array_elements(p_group -> 'choices') as choice(value) where choice.value = pick.value))
  select case when jsonb_typeof(p_group -> 'maxPicks') = 'number'
                   and (select count(*) from picks) > (p_group ->> 'maxPicks')::integer
              then '[]'::jsonb
              else coalesce((select jsonb_agg(picks.value) from picks), '[]'::jsonb)
         end
$$;
revoke all on function private.ngn_counted_picks(jsonb, jsonb) from public;

-- scoreResponse: the points a response earns under the key's rule.
--   0/1: one point per correct pick. +/-: per group, correct picks minus wrong picks, never below 0.
--   dyad: 1 when groups 1 and 2 are exactly right. triad: 1 when groups 1 and 2 are exactly right,
--   plus 1 when groups 1 and 3 are. A group is exactly right when its counted picks are its key.
create or replace function private.score_ngn_response(p_scoring jsonb, p_response jsonb)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_right integer[];
  v_wrong integer[];
  v_exact boolean[];
begin
  select coalesce(array_agg(s.right_picks order by g.ord), '{}'),
         coalesce(array_agg(s.picks - s.right_picks order by g.ord), '{}'),
         coalesce(array_agg(s.picks = jsonb_array_length(g.grp -> 'correct') and s.picks = s.right_picks
                            order by g.ord), '{}')
    into v_right, v_wrong, v_exact
    from jsonb_array_elements(p_scoring -> 'groups') with ordinality as g(grp, ord)
    cross join lateral (
      select count(*)::integer as picks,
             (count(*) filter (where exists (
                select 1 from jsonb_array_elements(g.grp -> 'correct') as key(value)
                 where key.value = pick.value)))::integer as right_picks
        from jsonb_array_elements(private.ngn_counted_picks(g.grp, p_response)) as pick(value)) as s;

  case p_scoring ->> 'rule'
    when '0/1' then
      return (select coalesce(sum(r.n), 0) from unnest(v_right) as r(n));
    when '+/-' then
      return (select coalesce(sum(greatest(0, x.r - x.w)), 0) from unnest(v_right, v_wrong) as x(r, w));
    when 'dyad' then
      return case when coalesce(v_exact[1] and v_exact[2], false) then 1 else 0 end;
    when 'triad' then
      return case when coalesce(v_exact[1] and v_exact[2], false) then 1 else 0 end
           + case when coalesce(v_exact[1] and v_exact[3], false) then 1 else 0 end;
    else
      raise exception using errcode = '22023',
        message = format('Unknown scoring rule: %s.', coalesce(p_scoring ->> 'rule', 'null'));
  end case;
end;
$$;
revoke all on function private.score_ngn_response(jsonb, jsonb) from public;

-- responseProblem: why a response does not fit the item, or NULL. The same checks and messages, per
-- part: an unknown part, an unknown choice (the first, in pick order), a choice picked twice, more
-- picks than the part takes. When a response has several problems, an unknown part is named first
-- and the parts are then checked in the key's order (TypeScript checks in the object's property
-- order, which a jsonb value does not keep). What TypeScript's types rule out is refused too: a
-- response that is not an object, a part that is not a list; a pick that is not a string is an
-- unknown choice.
create or replace function private.ngn_response_problem(p_scoring jsonb, p_response jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_part  text;
  v_group jsonb;
  v_picks jsonb;
  v_bad   jsonb;
  v_max   integer;
begin
  if p_response is null or jsonb_typeof(p_response) <> 'object' then
    return 'A response maps each part to a list of choice ids.';
  end if;

  select e.key into v_part
    from jsonb_each(p_response) as e
   where not exists (
     select 1 from jsonb_array_elements(p_scoring -> 'groups') as g(value) where g.value ->> 'id' = e.key)
   limit 1;
  if found then
    return format('Unknown part "%s".', v_part);
  end if;

  for v_part, v_group, v_picks in
    select g.value ->> 'id', g.value, p_response -> (g.value ->> 'id')
      from jsonb_array_elements(p_scoring -> 'groups') with ordinality as g(value, ord)
     where p_response ? (g.value ->> 'id')
     order by g.ord
  loop
    if jsonb_typeof(v_picks) <> 'array' then
      return format('Part "%s" takes a list of choice ids.', v_part);
    end if;
    select p.value into v_bad
      from jsonb_array_elements(v_picks) with ordinality as p(value, ord)
     where not exists (
       select 1 from jsonb_array_elements(v_group -> 'choices') as choice(value) where choice.value = p.value)
     order by p.ord
     limit 1;
    if found then
      return format('Unknown choice "%s" in part "%s".', coalesce(v_bad #>> '{}', 'null'), v_part);
    end if;
    if (select count(distinct p.value) from jsonb_array_elements(v_picks) as p(value)) <> jsonb_array_length(v_picks) then
      return format('A choice is picked twice in part "%s".', v_part);
    end if;
    if jsonb_typeof(v_group -> 'maxPicks') = 'number' then
      v_max := (v_group ->> 'maxPicks')::integer;
      if jsonb_array_length(v_picks) > v_max then
        return format('Part "%s" takes at most %s %s.', v_part, v_max,
                      case when v_max = 1 then 'choice' else 'choices' end);
      end if;
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function private.ngn_response_problem(jsonb, jsonb) from public;

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

-- The NGN bank. Rows come from supabase/seed.sql (generated from supabase/questions/ngn/*.json,
-- validated with domain/ngn-items.ts ngnFileSchema) and, locally, from server/db/ngn-bank.ts.
create table if not exists public.ngn_cases (
  id         text primary key,
  title      text not null,
  setting    text not null,
  category   text not null,
  difficulty text not null,
  intro      text not null
);

create table if not exists public.ngn_items (
  id         text primary key,
  -- NULL for a standalone item; a case study's items are its steps 1–6, in order.
  case_id    text references public.ngn_cases (id) on delete cascade,
  position   smallint check (position between 1 and 6),
  type       text not null check (type in ('multiple-response', 'matrix', 'drop-down', 'drag-and-drop',
                                           'highlight', 'bow-tie')),
  category   text not null,
  step       text not null check (step = any (private.judgment_steps())),
  setting    text not null,
  difficulty text not null,
  trend      boolean not null default false,
  -- The whole validated item, keys included, as the app renders it.
  item       jsonb not null,
  -- Its ScoringKey (scoringKeyOf): { rule, groups: [{ id, choices, correct, maxPicks? }] }.
  scoring    jsonb not null,
  -- maxPoints(scoring), written by the seed from TypeScript and checked against the SQL rule here.
  max_points smallint not null check (max_points = private.ngn_max_points(scoring)),
  check ((case_id is null) = (position is null)),
  unique (case_id, position)
);

alter table public.ngn_cases enable row level security;
alter table public.ngn_items enable row level security;
-- No policies and no grants for the API roles: reads go through get_clinical_judgment_set.
revoke all on table public.ngn_cases, public.ngn_items from public, anon, authenticated;
grant select, insert, update, delete on table public.ngn_cases, public.ngn_items to service_role;
-- A check constraint runs its functions as the writing role: service_role may write the bank.
grant execute on function private.judgment_steps(), private.ngn_max_points(jsonb) to service_role;

create table if not exists public.judgment_sets (
  -- Generated by the client before it sends the set (idempotency, as practice_sets).
  id           uuid primary key,
  user_id      uuid not null references auth.users (id) on delete cascade,
  kind         text not null check (kind in ('standalone', 'case')),
  -- No foreign key: a case study may be retired from the bank later, the record stays.
  case_id      text,
  started_at   timestamptz not null,
  submitted_at timestamptz not null,
  recorded_at  timestamptz not null default now(),
  points       integer not null,
  max_points   integer not null,
  -- False for a repeat (as practice_sets.counted): kept, left out of the aggregates.
  counted      boolean not null default true,
  check ((kind = 'case') = (case_id is not null))
);
create index if not exists judgment_sets_user_submitted_idx
  on public.judgment_sets (user_id, submitted_at desc);
-- 'case' prefers a case study the student has not done.
create index if not exists judgment_sets_user_case_idx
  on public.judgment_sets (user_id, case_id) where case_id is not null;

create table if not exists public.judgment_answers (
  set_id     uuid not null references public.judgment_sets (id) on delete cascade,
  -- 1-based, the order the items were shown in.
  position   smallint not null,
  -- Denormalised from the set so the RLS policy needs no join.
  user_id    uuid not null,
  -- No foreign key: an item may be retired from the bank later, the record stays.
  item_id    text not null,
  -- Snapshots of the item when it was answered.
  type       text not null,
  category   text not null,
  step       text not null,
  -- The NgnResponse: part id -> the choice ids picked there.
  response   jsonb not null,
  points     smallint not null,
  max_points smallint not null,
  primary key (set_id, position)
);
-- Direct reads (RLS on user_id) and 'standalone' preferring unanswered items: index probes.
create index if not exists judgment_answers_user_item_idx on public.judgment_answers (user_id, item_id);

-- Per student, step and category: what the summary's judgment block needs without the answers.
create table if not exists private.student_judgment_stats (
  user_id    uuid not null references auth.users (id) on delete cascade,
  step       text not null,
  category   text not null,
  answered   integer not null,
  points     integer not null,
  max_points integer not null,
  primary key (user_id, step, category)
);

create table if not exists private.student_judgment_totals (
  user_id    uuid primary key references auth.users (id) on delete cascade,
  sets       integer not null,
  points     integer not null,
  max_points integer not null
);

alter table public.judgment_sets enable row level security;
alter table public.judgment_answers enable row level security;
alter table private.student_judgment_stats enable row level security;
alter table private.student_judgment_totals enable row level security;

-- Read-only for the API roles: a direct write would bypass the grading and the aggregates.
revoke all on table public.judgment_sets, public.judgment_answers from public, anon, authenticated, service_role;
grant select on table public.judgment_sets, public.judgment_answers to authenticated, service_role;
revoke all on table private.student_judgment_stats, private.student_judgment_totals
  from public, anon, authenticated, service_role;

drop policy if exists judgment_sets_select_own on public.judgment_sets;
create policy judgment_sets_select_own on public.judgment_sets
  for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists judgment_answers_select_own on public.judgment_answers;
create policy judgment_answers_select_own on public.judgment_answers
  for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- Internal helpers
-- ---------------------------------------------------------------------------------------------

-- The stored result of a judgment set, for a re-send of the same set id. Another student's id is
-- refused without saying anything about that set. NULL when the id is not recorded at all.
create or replace function private.recorded_judgment_set_result(p_set_id uuid, p_user uuid)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_set public.judgment_sets;
begin
  select * into v_set from public.judgment_sets s where s.id = p_set_id;
  if not found then
    return null;
  end if;
  if v_set.user_id <> p_user then
    raise exception using errcode = '22023', message = 'This judgment set id is already in use.';
  end if;
  return json_build_object(
    'set_id', v_set.id,
    'points', v_set.points,
    'max_points', v_set.max_points,
    'items', coalesce((
      select json_agg(json_build_object('item_id', a.item_id, 'points', a.points, 'max_points', a.max_points)
                      order by a.position)
        from public.judgment_answers a
       where a.set_id = v_set.id), '[]'::json),
    'counted', v_set.counted,
    'already_recorded', true);
end;
$$;
revoke all on function private.recorded_judgment_set_result(uuid, uuid) from public;

-- ---------------------------------------------------------------------------------------------
-- API
-- ---------------------------------------------------------------------------------------------

-- A clinical judgment set for an entitled student (the same rule and message as
-- get_practice_questions). Items come with their keys, like the practice questions, and are
-- recorded as served to the caller (private.served_items), so their responses can be recorded.
--   'standalone': up to item_limit (1–20, default 10) standalone items in random order, items the
--     student has not answered first. When the bank has items of other types, no more than half of
--     the set is multiple-response (the set is shorter rather than break that rule).
--   'case': one case study, one the student has not done first, with its six items in order.
create or replace function public.get_clinical_judgment_set(kind text, item_limit integer default 10)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_kind     text := get_clinical_judgment_set.kind;
  v_uid      uuid := private.require_practice_access();
  v_limit    integer := least(greatest(coalesce(item_limit, 10), 1), 20);
  v_others   integer;
  v_mr       integer;
  v_take_mr  integer;
  v_take_oth integer;
  v_case     public.ngn_cases;
  v_picked   text[];
begin
  if v_kind is null or v_kind not in ('standalone', 'case') then
    raise exception using errcode = '22023',
      message = format('Unknown kind: %s. Use ''standalone'' or ''case''.', coalesce(v_kind, 'null'));
  end if;

  if v_kind = 'case' then
    select c.* into v_case
      from public.ngn_cases c
     where (select count(*) from public.ngn_items i where i.case_id = c.id) = 6
     order by exists (select 1 from public.judgment_sets s where s.user_id = v_uid and s.case_id = c.id),
              random()
     limit 1;
    if not found then
      return json_build_object('kind', v_kind, 'case', null, 'items', '[]'::json);
    end if;
    perform private.note_served(v_uid, 'ngn', array(select i.id from public.ngn_items i where i.case_id = v_case.id));
    return json_build_object(
      'kind', v_kind,
      'case', json_build_object('id', v_case.id, 'title', v_case.title, 'intro', v_case.intro,
                                'setting', v_case.setting, 'category', v_case.category),
      'items', (select coalesce(json_agg(i.item order by i.position), '[]'::json)
                  from public.ngn_items i where i.case_id = v_case.id));
  end if;

  select count(*) filter (where i.type <> 'multiple-response'),
         count(*) filter (where i.type = 'multiple-response')
    into v_others, v_mr
    from public.ngn_items i
   where i.case_id is null;
  if v_others = 0 then
    v_take_mr := least(v_mr, v_limit);
    v_take_oth := 0;
  else
    -- At most half multiple-response: never more than the other items taken.
    v_take_mr := least(v_mr, v_limit / 2, v_others);
    v_take_oth := least(v_others, v_limit - v_take_mr);
  end if;

  v_picked := array(
    select ranked.id
      from (select i.id, i.type = 'multiple-response' as is_mr,
                   row_number() over (
                     partition by i.type = 'multiple-response'
                     order by exists (select 1 from public.judgment_answers a
                                       where a.user_id = v_uid and a.item_id = i.id),
                              random()) as rank
              from public.ngn_items i
             where i.case_id is null) as ranked
     where ranked.rank <= case when ranked.is_mr then v_take_mr else v_take_oth end
     order by random());
  return json_build_object(
    'kind', v_kind,
    'case', null,
    'items', coalesce((
      select json_agg(i.item order by pick.ord)
        from unnest(private.note_served(v_uid, 'ngn', v_picked)) with ordinality as pick(id, ord)
        join public.ngn_items i on i.id = pick.id),
      '[]'::json));
end;
$$;
revoke all on function public.get_clinical_judgment_set(text, integer) from public, anon;
grant execute on function public.get_clinical_judgment_set(text, integer) to authenticated, service_role;

-- Records one submitted judgment set. The client sends only its responses; the points come from
-- ngn_items.scoring. As record_practice_set: only items served to this student within the served
-- window (no scoring oracle for items never served), times within that window, the write quota,
-- and a repeat of items already recorded since they were served is kept but not counted.
create or replace function public.record_clinical_judgment_set(
  set_id       uuid,
  kind         text,
  case_id      text,
  item_ids     jsonb,
  responses    jsonb,
  started_at   timestamptz,
  submitted_at timestamptz
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- Copies of the arguments: their names are also column names.
  v_set_id    uuid := record_clinical_judgment_set.set_id;
  v_kind      text := record_clinical_judgment_set.kind;
  v_case_id   text := record_clinical_judgment_set.case_id;
  v_ids       text[] := private.json_text_array(record_clinical_judgment_set.item_ids);
  v_responses jsonb := record_clinical_judgment_set.responses;
  v_started   timestamptz := record_clinical_judgment_set.started_at;
  v_submitted timestamptz := record_clinical_judgment_set.submitted_at;
  v_uid       uuid := private.require_student();
  v_result    json;
  v_bad       text;
  v_ord       bigint;
  v_problem   text;
  v_points    integer;
  v_max       integer;
  v_counted   boolean;
begin
  -- First, before any row is read: one write at a time per student (lock_student).
  perform private.lock_student(v_uid);
  if v_set_id is null then
    raise exception using errcode = '22023', message = 'Send the judgment set id.';
  end if;

  -- A re-send (lost response, retry): the stored result, nothing changes.
  v_result := private.recorded_judgment_set_result(v_set_id, v_uid);
  if v_result is not null then
    return v_result;
  end if;
  perform private.use_write_quota(v_uid);

  if v_ids is null or cardinality(v_ids) = 0 or array_ndims(v_ids) <> 1
     or array_position(v_ids, null) is not null
     or v_responses is null or jsonb_typeof(v_responses) <> 'array'
     or jsonb_array_length(v_responses) <> cardinality(v_ids) then
    raise exception using errcode = '22023', message = 'Send one response for each item.';
  end if;
  if cardinality(v_ids) > 20 then
    raise exception using errcode = '22023', message = 'A clinical judgment set holds at most 20 items.';
  end if;
  if v_kind is null or v_kind not in ('standalone', 'case') then
    raise exception using errcode = '22023',
      message = format('Unknown kind: %s. Use ''standalone'' or ''case''.', coalesce(v_kind, 'null'));
  end if;
  perform private.check_set_times(v_started, v_submitted, 'clinical judgment set');

  select u.id into v_bad
    from unnest(v_ids) with ordinality as u(id, ord)
   group by u.id
  having count(*) > 1
   order by min(u.ord)
   limit 1;
  if found then
    raise exception using errcode = '22023', message = format('Item %s appears twice in the set.', v_bad);
  end if;

  -- Served to this student recently (one message for unknown and unserved ids), and still in the
  -- bank (an item retired since it was served cannot be scored: the same message).
  v_counted := private.take_served(v_uid, 'ngn', v_ids, v_set_id);
  if exists (select 1 from unnest(v_ids) as u(id)
              where not exists (select 1 from public.ngn_items i where i.id = u.id)) then
    raise exception using errcode = '22023',
      message = 'This set has items that were not given to you in the last 48 hours.',
      hint = 'Start a new set.';
  end if;

  if v_kind = 'case' then
    if v_case_id is null or not exists (select 1 from public.ngn_cases c where c.id = v_case_id) then
      raise exception using errcode = '22023',
        message = format('Unknown case study: %s.', coalesce(v_case_id, 'null'));
    end if;
    if v_ids is distinct from array(
         select i.id from public.ngn_items i where i.case_id = v_case_id order by i.position)
       or cardinality(v_ids) <> 6 then
      raise exception using errcode = '22023',
        message = format('A case study set holds the six items of %s in order.', v_case_id);
    end if;
  else
    if v_case_id is not null then
      raise exception using errcode = '22023', message = 'A standalone set has no case study.';
    end if;
    select u.id into v_bad
      from unnest(v_ids) with ordinality as u(id, ord)
      join public.ngn_items i on i.id = u.id
     where i.case_id is not null
     order by u.ord
     limit 1;
    if found then
      raise exception using errcode = '22023',
        message = format('Item %s belongs to a case study: send it in a case set.', v_bad);
    end if;
  end if;

  -- Each response must fit its item: responseProblem's message, the item named in the detail.
  select u.id, u.ord, p.problem into v_bad, v_ord, v_problem
    from unnest(v_ids) with ordinality as u(id, ord)
    join public.ngn_items i on i.id = u.id
    cross join lateral (
      select private.ngn_response_problem(i.scoring, v_responses -> (u.ord::integer - 1)) as problem) as p
   where p.problem is not null
   order by u.ord
   limit 1;
  if found then
    raise exception using errcode = '22023', message = v_problem,
      detail = format('Item %s (item %s of the set).', v_bad, v_ord);
  end if;

  -- The grade. ON CONFLICT: an identical request that got here first (concurrent retry) wins;
  -- this one then answers like a re-send.
  select coalesce(sum(private.score_ngn_response(i.scoring, v_responses -> (u.ord::integer - 1))), 0),
         coalesce(sum(i.max_points), 0)
    into v_points, v_max
    from unnest(v_ids) with ordinality as u(id, ord)
    join public.ngn_items i on i.id = u.id;

  insert into public.judgment_sets as s (
    id, user_id, kind, case_id, started_at, submitted_at, points, max_points, counted)
  values (v_set_id, v_uid, v_kind, case when v_kind = 'case' then v_case_id end, v_started, v_submitted,
          v_points, v_max, v_counted)
  on conflict (id) do nothing;
  if not found then
    return private.recorded_judgment_set_result(v_set_id, v_uid);
  end if;

  insert into public.judgment_answers (
    set_id, position, user_id, item_id, type, category, step, response, points, max_points)
  select v_set_id, u.ord, v_uid, i.id, i.type, i.category, i.step, v_responses -> (u.ord::integer - 1),
         private.score_ngn_response(i.scoring, v_responses -> (u.ord::integer - 1)), i.max_points
    from unnest(v_ids) with ordinality as u(id, ord)
    join public.ngn_items i on i.id = u.id;

  -- Aggregates (not for a repeat), locked in key order so two sets of one student recorded at once
  -- cannot deadlock.
  if v_counted then
    insert into private.student_judgment_stats as t (user_id, step, category, answered, points, max_points)
    select v_uid, a.step, a.category, count(*), sum(a.points), sum(a.max_points)
      from public.judgment_answers a
     where a.set_id = v_set_id
     group by a.step, a.category
     order by a.step, a.category
    on conflict (user_id, step, category) do update set
      answered = t.answered + excluded.answered,
      points = t.points + excluded.points,
      max_points = t.max_points + excluded.max_points;

    insert into private.student_judgment_totals as t (user_id, sets, points, max_points)
    values (v_uid, 1, v_points, v_max)
    on conflict (user_id) do update set
      sets = t.sets + 1,
      points = t.points + excluded.points,
      max_points = t.max_points + excluded.max_points;
  end if;

  return json_build_object(
    'set_id', v_set_id,
    'points', v_points,
    'max_points', v_max,
    'items', (
      select json_agg(json_build_object('item_id', a.item_id, 'points', a.points, 'max_points', a.max_points)
                      order by a.position)
        from public.judgment_answers a
       where a.set_id = v_set_id),
    'counted', v_counted,
    'already_recorded', false);
end;
$$;
revoke all on function public.record_clinical_judgment_set(uuid, text, text, jsonb, jsonb, timestamptz, timestamptz)
  from public, anon;
grant execute on function public.record_clinical_judgment_set(uuid, text, text, jsonb, jsonb, timestamptz, timestamptz)
  to authenticated, service_role;

-- The summary's "judgment": The judgment sets' totals, points by CJMM step (all six, in order) and by client-need category (all eight), from the aggregates.
create or replace function private.results_judgment(p_user uuid)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'sets', coalesce(jt.sets, 0),
    'points', coalesce(jt.points, 0),
    'max_points', coalesce(jt.max_points, 0),
    'by_step', (
      select json_agg(json_build_object('step', b.name, 'points', b.points, 'max_points', b.max_points)
                      order by b.ord)
        from (select step.name, step.ord,
                     coalesce(sum(s.points), 0)::integer as points,
                     coalesce(sum(s.max_points), 0)::integer as max_points
                from unnest(private.judgment_steps()) with ordinality as step(name, ord)
                left join private.student_judgment_stats s on s.user_id = p_user and s.step = step.name
               group by step.name, step.ord) as b),
    'by_category', (
      select json_agg(json_build_object('category', b.name, 'points', b.points, 'max_points', b.max_points)
                      order by b.ord)
        from (select need.name, need.ord,
                     coalesce(sum(s.points), 0)::integer as points,
                     coalesce(sum(s.max_points), 0)::integer as max_points
                from unnest(private.client_need_categories()) with ordinality as need(name, ord)
                left join private.student_judgment_stats s on s.user_id = p_user and s.category = need.name
               group by need.name, need.ord) as b))
    from (select 1) as one
    left join private.student_judgment_totals jt on jt.user_id = p_user
$$;
revoke all on function private.results_judgment(uuid) from public;

-- Everything the /results page shows, in one round trip, one private function per part
-- (private.results_<part>(student)): a new part is one more function and one more line here.
-- Only aggregate rows, the last 30 sets (index on user_id, submitted_at) and the student's status
-- rows are read, never the answers.
create or replace function public.get_results_summary()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_student();
begin
  return json_build_object(
    'totals', private.results_totals(v_uid),
    'categories', private.results_categories(v_uid),
    'over_time', private.results_over_time(v_uid),
    'recent_sets', private.results_recent_sets(v_uid),
    'weakest', private.results_weakest(v_uid),
    'missed_count', private.results_missed_count(v_uid),
    'seen_count', private.results_seen_count(v_uid),
    'bank_size', private.results_bank_size(v_uid),
    'judgment', private.results_judgment(v_uid));
end;
$$;
revoke all on function public.get_results_summary() from public, anon;
grant execute on function public.get_results_summary() to authenticated, service_role;

-- Deletes the caller's practice and judgment sets (their answers cascade) and aggregates: a fresh
-- start. Holds the student's lock (lock_student), so a submission arriving meanwhile is recorded
-- either wholly before the reset (and erased with the rest) or wholly after it.
create or replace function public.reset_practice_history()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid      uuid := private.require_student();
  v_deleted  integer;
  v_judgment integer;
begin
  perform private.lock_student(v_uid);
  perform private.use_write_quota(v_uid);
  delete from public.practice_sets p where p.user_id = v_uid;
  get diagnostics v_deleted = row_count;
  delete from private.student_question_status s where s.user_id = v_uid;
  delete from private.student_category_stats c where c.user_id = v_uid;
  delete from private.student_totals t where t.user_id = v_uid;
  delete from public.judgment_sets j where j.user_id = v_uid;
  get diagnostics v_judgment = row_count;
  delete from private.student_judgment_stats s where s.user_id = v_uid;
  delete from private.student_judgment_totals t where t.user_id = v_uid;
  return json_build_object('deleted_sets', v_deleted, 'deleted_judgment_sets', v_judgment);
end;
$$;
revoke all on function public.reset_practice_history() from public, anon;
grant execute on function public.reset_practice_history() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The record's invariant (for tests: no API role may call it)
-- ---------------------------------------------------------------------------------------------

-- Every stored aggregate of one student that differs from a recount of their rows: one row per
-- disagreement, empty when the record is consistent. Covers each set's own counts against its
-- answers, student_totals, student_question_status, student_category_stats, student_judgment_stats
-- and student_judgment_totals, recounted from the counted sets (a repeat is in no aggregate). A
-- missing aggregate row counts as zeros (a reset deletes them).
-- last_correct is the answer of the latest-submitted set; when several sets share that instant the
-- one recorded last wins, so any answer at that instant is accepted. The race tests call this after
-- every race (docs/decisions/100-per-student-serialisation.md).
create or replace function private.learning_record_mismatches(p_user uuid)
returns table (aggregate text, key text, stored text, recounted text)
language sql
stable
set search_path = ''
as $$
  -- Each practice set's counts against its answers.
  select 'practice_sets', p.id::text,
         format('questions=%s correct=%s', p.question_count, p.correct_count),
         format('questions=%s correct=%s', count(a.position), count(a.position) filter (where a.is_correct))
    from public.practice_sets p
    left join public.practice_answers a on a.set_id = p.id
   where p.user_id = p_user
   group by p.id
  having p.question_count <> count(a.position)
      or p.correct_count <> count(a.position) filter (where a.is_correct)
  union all
  -- The student's totals.
  select 'student_totals', '', t.stored, r.recounted
    from (select format('sets=%s answered=%s correct=%s questions_seen=%s',
                        coalesce(max(t.sets), 0), coalesce(max(t.answered), 0),
                        coalesce(max(t.correct), 0), coalesce(max(t.questions_seen), 0)) as stored
            from private.student_totals t where t.user_id = p_user) as t,
         (select format('sets=%s answered=%s correct=%s questions_seen=%s',
                        (select count(*) from public.practice_sets p where p.user_id = p_user and p.counted),
                        count(a.position), count(a.position) filter (where a.is_correct),
                        count(distinct a.question_id)) as recounted
            from public.practice_answers a
            join public.practice_sets p on p.id = a.set_id and p.counted
           where a.user_id = p_user) as r
   where t.stored <> r.recounted
  union all
  -- Per question.
  select 'student_question_status', coalesce(s.question_id, r.question_id),
         case when s.question_id is not null then
           format('seen=%s correct=%s last_correct=%s last_answered_at=%s',
                  s.times_seen, s.times_correct, s.last_correct, s.last_answered_at) end,
         case when r.question_id is not null then
           format('seen=%s correct=%s last_correct=%s last_answered_at=%s',
                  r.times_seen, r.times_correct,
                  case when s.last_correct in (r.latest_any_correct, r.latest_all_correct)
                       then s.last_correct else r.latest_any_correct end,
                  r.last_answered_at) end
    from (select * from private.student_question_status s where s.user_id = p_user) as s
    full join (
      select a.question_id, count(*) as times_seen, count(*) filter (where a.is_correct) as times_correct,
             max(p.submitted_at) as last_answered_at,
             bool_or(a.is_correct) filter (where p.submitted_at = l.latest) as latest_any_correct,
             bool_and(a.is_correct) filter (where p.submitted_at = l.latest) as latest_all_correct
        from public.practice_answers a
        join public.practice_sets p on p.id = a.set_id and p.counted
        join (select a2.question_id, max(p2.submitted_at) as latest
                from public.practice_answers a2 join public.practice_sets p2 on p2.id = a2.set_id and p2.counted
               where a2.user_id = p_user group by a2.question_id) as l on l.question_id = a.question_id
       where a.user_id = p_user
       group by a.question_id) as r on r.question_id = s.question_id
   where s.question_id is null or r.question_id is null
      or s.times_seen <> r.times_seen or s.times_correct <> r.times_correct
      or s.last_answered_at <> r.last_answered_at
      or s.last_correct not in (r.latest_any_correct, r.latest_all_correct)
  union all
  -- Per category (answers with a category).
  select 'student_category_stats', coalesce(s.category, r.category),
         format('answered=%s correct=%s', coalesce(s.answered, 0), coalesce(s.correct, 0)),
         format('answered=%s correct=%s', coalesce(r.answered, 0), coalesce(r.correct, 0))
    from (select * from private.student_category_stats s where s.user_id = p_user) as s
    full join (
      select a.category, count(*) as answered, count(*) filter (where a.is_correct) as correct
        from public.practice_answers a
        join public.practice_sets p on p.id = a.set_id and p.counted
       where a.user_id = p_user and a.category is not null
       group by a.category) as r on r.category = s.category
   where coalesce(s.answered, 0) <> coalesce(r.answered, 0) or coalesce(s.correct, 0) <> coalesce(r.correct, 0)
  union all
  -- Each judgment set's points against its answers.
  select 'judgment_sets', j.id::text,
         format('points=%s max_points=%s', j.points, j.max_points),
         format('points=%s max_points=%s', coalesce(sum(a.points), 0), coalesce(sum(a.max_points), 0))
    from public.judgment_sets j
    left join public.judgment_answers a on a.set_id = j.id
   where j.user_id = p_user
   group by j.id
  having j.points <> coalesce(sum(a.points), 0) or j.max_points <> coalesce(sum(a.max_points), 0)
  union all
  -- Judgment totals.
  select 'student_judgment_totals', '', t.stored, r.recounted
    from (select format('sets=%s points=%s max_points=%s', coalesce(max(t.sets), 0),
                        coalesce(max(t.points), 0), coalesce(max(t.max_points), 0)) as stored
            from private.student_judgment_totals t where t.user_id = p_user) as t,
         (select format('sets=%s points=%s max_points=%s', count(*),
                        coalesce(sum(j.points), 0), coalesce(sum(j.max_points), 0)) as recounted
            from public.judgment_sets j where j.user_id = p_user and j.counted) as r
   where t.stored <> r.recounted
  union all
  -- Judgment points per step and category.
  select 'student_judgment_stats', coalesce(s.step || ' / ' || s.category, r.step || ' / ' || r.category),
         format('answered=%s points=%s max_points=%s',
                coalesce(s.answered, 0), coalesce(s.points, 0), coalesce(s.max_points, 0)),
         format('answered=%s points=%s max_points=%s',
                coalesce(r.answered, 0), coalesce(r.points, 0), coalesce(r.max_points, 0))
    from (select * from private.student_judgment_stats s where s.user_id = p_user) as s
    full join (
      select a.step, a.category, count(*) as answered, sum(a.points) as points, sum(a.max_points) as max_points
        from public.judgment_answers a
        join public.judgment_sets j on j.id = a.set_id and j.counted
       where a.user_id = p_user
       group by a.step, a.category) as r on r.step = s.step and r.category = s.category
   where coalesce(s.answered, 0) <> coalesce(r.answered, 0)
      or coalesce(s.points, 0) <> coalesce(r.points, 0)
      or coalesce(s.max_points, 0) <> coalesce(r.max_points, 0)
$$;
revoke all on function private.learning_record_mismatches(uuid) from public, anon, authenticated, service_role;
