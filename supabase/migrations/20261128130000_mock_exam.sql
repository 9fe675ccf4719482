-- The full-length mock exam (docs/decisions/180-mock-exam-on-the-server.md). The exam runs on the
-- server: the mock-exam function (supabase/functions/mock-exam) chooses each item with the engine in
-- domain/cat, grades each answer and stores everything here through the service-role functions
-- below. Clients never write these tables and read only their own FINISHED exams (RLS); no key,
-- rationale or item parameter is in them anyway (keys stay in the bank tables, which no client reads).

create table if not exists public.mock_exams (
  id                 uuid primary key default gen_random_uuid(),
  user_id            uuid not null references auth.users (id) on delete cascade,
  status             text not null default 'in_progress' check (status in ('in_progress', 'finished')),
  started_at         timestamptz not null default now(),
  -- Five hours (domain/cat/constants.ts TIME_LIMIT_MINUTES); stored so a later change of the limit
  -- does not move the end of an exam already running.
  time_limit_minutes integer not null default 300 check (time_limit_minutes > 0),
  -- The engine's plan (positions and case studies), fixed at the start.
  plan               jsonb not null,
  -- The engine's ExamState after the last answer (plan, answered items with their points, estimate).
  state              jsonb not null,
  -- The item on screen: its ordinal (1-based) in mock_exam_items; null once finished.
  current_ordinal    integer,
  -- The engine's record of the item on screen (role, thresholds), until it is answered.
  pending            jsonb,
  finished_at        timestamptz,
  -- The result: the stop rule that ended it, the final estimate, its SE and the pass probability.
  stop_rule          text check (stop_rule in ('confidence', 'maximum-length', 'time')),
  passed             boolean,
  estimate           double precision,
  standard_error     double precision,
  pass_probability   double precision,
  check ((status = 'finished') = (finished_at is not null)),
  check (status = 'finished' or current_ordinal is not null)
);
-- One exam in progress per student.
create unique index if not exists mock_exams_one_in_progress
  on public.mock_exams (user_id) where status = 'in_progress';
create index if not exists mock_exams_user_idx on public.mock_exams (user_id, started_at desc);

-- Every item served, in order. `token` is the served item's one-time handle: an answer must name
-- it, so a submit from a stale screen (another tab, a replayed request) cannot land on a later item.
create table if not exists public.mock_exam_items (
  exam_id       uuid not null references public.mock_exams (id) on delete cascade,
  ordinal       integer not null check (ordinal between 1 and 150),
  -- Denormalised for the RLS policy.
  user_id       uuid not null,
  -- No foreign key: an item may be retired from the bank later, the record stays.
  item_id       text not null,
  bank          text not null check (bank in ('classic', 'ngn')),
  -- Pretest items are not scored; case-study items are scored (case_study_id names the study).
  kind          text not null check (kind in ('scored', 'pretest')),
  case_study_id text,
  token         uuid not null default gen_random_uuid(),
  served_at     timestamptz not null default now(),
  primary key (exam_id, ordinal),
  unique (exam_id, item_id)
);

-- One response per served item (the primary key refuses a second).
create table if not exists public.mock_exam_responses (
  exam_id     uuid not null,
  ordinal     integer not null,
  user_id     uuid not null,
  response    jsonb not null,
  points      smallint not null check (points >= 0),
  max_points  smallint not null check (max_points >= 1 and points <= max_points),
  answered_at timestamptz not null default now(),
  primary key (exam_id, ordinal),
  foreign key (exam_id, ordinal) references public.mock_exam_items (exam_id, ordinal) on delete cascade
);

alter table public.mock_exams enable row level security;
alter table public.mock_exam_items enable row level security;
alter table public.mock_exam_responses enable row level security;
revoke all on table public.mock_exams, public.mock_exam_items, public.mock_exam_responses
  from public, anon, authenticated;
grant select on table public.mock_exams, public.mock_exam_items, public.mock_exam_responses to authenticated;
grant select, insert, update, delete on table public.mock_exams, public.mock_exam_items,
  public.mock_exam_responses to service_role;

-- A student reads their own finished exams only: an exam in progress is read through the function.
create policy mock_exams_select_own_finished on public.mock_exams
  for select to authenticated
  using ((select auth.uid()) = user_id and status = 'finished');
create policy mock_exam_items_select_own_finished on public.mock_exam_items
  for select to authenticated
  using ((select auth.uid()) = user_id and exists (
    select 1 from public.mock_exams e where e.id = exam_id and e.status = 'finished'));
create policy mock_exam_responses_select_own_finished on public.mock_exam_responses
  for select to authenticated
  using ((select auth.uid()) = user_id and exists (
    select 1 from public.mock_exams e where e.id = exam_id and e.status = 'finished'));

-- The exam's bank as the engine needs it: every classic item with a client need and a difficulty
-- label (0/1), every NGN item with its points, step and case study. No content, no keys.
create or replace function public.mock_exam_bank()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(row_to_json(b)::jsonb order by b.id), '[]'::jsonb)
    from (
      select q.id, 'classic' as bank, q.category, q.difficulty, 1 as max_points,
             null::text as step, null::text as case_id, null::integer as position
        from public.questions q
       where q.category = any (private.client_need_categories())
         and q.difficulty in ('easy', 'medium', 'hard')
         and exists (select 1 from public.question_options o where o.question_id = q.id and o.is_correct)
      union all
      select n.id, 'ngn', n.category, n.difficulty, n.max_points, n.step, n.case_id, n.position::integer
        from public.ngn_items n
       where n.category = any (private.client_need_categories())
         and n.difficulty in ('easy', 'medium', 'hard')
    ) b
$$;

-- What a student has met: items and case studies of earlier mock exams (never again), and the
-- items answered in practice (the engine prefers unseen ones).
create or replace function public.mock_exam_history(p_user uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'metInMocks', coalesce((
      select jsonb_agg(distinct x.id) from (
        select i.item_id as id from public.mock_exam_items i where i.user_id = p_user
        union
        select i.case_study_id from public.mock_exam_items i
         where i.user_id = p_user and i.case_study_id is not null) x), '[]'::jsonb),
    'seenInPractice', coalesce((
      select jsonb_agg(distinct x.id) from (
        select a.question_id as id from public.practice_answers a where a.user_id = p_user
        union
        select a.item_id from public.judgment_answers a where a.user_id = p_user) x), '[]'::jsonb))
$$;

-- Items with their content AND keys, for the function only (it strips keys before showing an item
-- and grades with them): classic { stem, options [{ id, label, isCorrect }], rationale },
-- NGN { item (keys included), scoring, maxPoints, step, caseStudy { id, title, setting, intro } }.
create or replace function public.mock_exam_item_content(p_ids jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with ids as (select jsonb_array_elements_text(case when jsonb_typeof(p_ids) = 'array' then p_ids
                                                     else '[]'::jsonb end) as id)
  select coalesce(jsonb_object_agg(c.id, c.content), '{}'::jsonb)
    from (
      select q.id, jsonb_build_object(
               'bank', 'classic', 'category', q.category, 'stem', q.stem, 'rationale', q.rationale,
               'options', (select jsonb_agg(jsonb_build_object('id', o.id, 'label', o.label,
                                                               'isCorrect', o.is_correct) order by o.position)
                             from public.question_options o where o.question_id = q.id)) as content
        from public.questions q join ids on ids.id = q.id
      union all
      select n.id, jsonb_build_object(
               'bank', 'ngn', 'category', n.category, 'step', n.step, 'item', n.item,
               'scoring', n.scoring, 'maxPoints', n.max_points,
               'caseStudy', case when c.id is null then null else jsonb_build_object(
                 'id', c.id, 'title', c.title, 'setting', c.setting, 'intro', c.intro,
                 'position', n.position) end)
        from public.ngn_items n join ids on ids.id = n.id
        left join public.ngn_cases c on c.id = n.case_id
    ) c
$$;

-- One exam of a student with every item served and its response (the report's and the handler's
-- view), or null: the exam in progress (p_finished false), or a finished one (p_exam, else the latest).
create or replace function public.mock_exam_get(p_user uuid, p_exam uuid, p_finished boolean)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id, 'status', e.status, 'startedAt', e.started_at, 'finishedAt', e.finished_at,
    'timeLimitMinutes', e.time_limit_minutes, 'state', e.state, 'currentOrdinal', e.current_ordinal,
    'pending', e.pending, 'stopRule', e.stop_rule, 'passed', e.passed, 'estimate', e.estimate,
    'standardError', e.standard_error, 'passProbability', e.pass_probability,
    'hasAccess', private.user_has_access(p_user, now()),
    -- What the engine needs to choose the next item (one round trip per answer instead of two).
    'history', case when e.status = 'in_progress' then public.mock_exam_history(p_user) end,
    -- The item on screen with its key: the function grades with it and strips it before showing.
    'currentContent', case when e.status = 'in_progress' then (
      select public.mock_exam_item_content(jsonb_build_array(i.item_id)) -> i.item_id
        from public.mock_exam_items i where i.exam_id = e.id and i.ordinal = e.current_ordinal) end,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
               'ordinal', i.ordinal, 'itemId', i.item_id, 'bank', i.bank, 'kind', i.kind,
               'caseStudyId', i.case_study_id, 'token', i.token, 'servedAt', i.served_at,
               'response', r.response, 'points', r.points, 'maxPoints', r.max_points,
               'answeredAt', r.answered_at) order by i.ordinal)
        from public.mock_exam_items i
        left join public.mock_exam_responses r on r.exam_id = i.exam_id and r.ordinal = i.ordinal
       where i.exam_id = e.id), '[]'::jsonb))
    from public.mock_exams e
   where e.user_id = p_user
     and (p_exam is null or e.id = p_exam)
     and e.status = case when p_finished then 'finished' else 'in_progress' end
   order by e.started_at desc
   limit 1
$$;

-- Whether the student may take a mock exam now (the practice entitlement).
create or replace function public.mock_exam_access(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.user_has_access(p_user, now())
$$;

-- Starts an exam with its first item, under the student's lock. Outcomes as data, not errors, so
-- the function answers each with its own status: { error: 'no_access' | 'exam_in_progress' } or
-- { exam } (as mock_exam_get).
create or replace function public.mock_exam_start(p_user uuid, p_state jsonb, p_pending jsonb, p_first jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.lock_student(p_user);
  if not private.user_has_access(p_user, now()) then
    return jsonb_build_object('error', 'no_access');
  end if;
  if exists (select 1 from public.mock_exams e where e.user_id = p_user and e.status = 'in_progress') then
    return jsonb_build_object('error', 'exam_in_progress');
  end if;
  insert into public.mock_exams (user_id, plan, state, current_ordinal, pending)
  values (p_user, p_state -> 'plan', p_state, 1, p_pending)
  returning id into v_id;
  insert into public.mock_exam_items (exam_id, ordinal, user_id, item_id, bank, kind, case_study_id)
  values (v_id, 1, p_user, p_first ->> 'itemId', p_first ->> 'bank', p_first ->> 'kind',
          p_first ->> 'caseStudyId');
  return jsonb_build_object('exam', public.mock_exam_get(p_user, null, false));
end;
$$;

-- Records the answer to the item on screen and moves on, under the student's lock: the item must
-- still be the one on screen (ordinal and token) and unanswered, else { error: 'stale' }. With
-- p_next the next item is served; with p_result the exam ends. Returns { exam } as mock_exam_get.
create or replace function public.mock_exam_answer(
  p_user uuid, p_exam uuid, p_ordinal integer, p_token uuid, p_response jsonb, p_points integer,
  p_max_points integer, p_state jsonb, p_pending jsonb, p_next jsonb, p_result jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_student(p_user);
  if not exists (
    select 1
      from public.mock_exams e
      join public.mock_exam_items i on i.exam_id = e.id and i.ordinal = e.current_ordinal
     where e.id = p_exam and e.user_id = p_user and e.status = 'in_progress'
       and e.current_ordinal = p_ordinal and i.token = p_token
       and not exists (select 1 from public.mock_exam_responses r
                        where r.exam_id = e.id and r.ordinal = p_ordinal)) then
    return jsonb_build_object('error', 'stale');
  end if;
  insert into public.mock_exam_responses (exam_id, ordinal, user_id, response, points, max_points)
  values (p_exam, p_ordinal, p_user, p_response, p_points, p_max_points);
  if p_next is not null then
    insert into public.mock_exam_items (exam_id, ordinal, user_id, item_id, bank, kind, case_study_id)
    values (p_exam, p_ordinal + 1, p_user, p_next ->> 'itemId', p_next ->> 'bank', p_next ->> 'kind',
            p_next ->> 'caseStudyId');
    update public.mock_exams
       set state = p_state, pending = p_pending, current_ordinal = p_ordinal + 1
     where id = p_exam;
  else
    perform private.mock_exam_close(p_exam, p_state, p_result);
  end if;
  return jsonb_build_object('exam', public.mock_exam_get(p_user, p_exam, p_next is null));
end;
$$;

create or replace function private.mock_exam_close(p_exam uuid, p_state jsonb, p_result jsonb)
returns void
language sql
set search_path = ''
as $$
  update public.mock_exams
     set status = 'finished', finished_at = now(), state = p_state, pending = null, current_ordinal = null,
         stop_rule = p_result ->> 'rule', passed = (p_result ->> 'passed')::boolean,
         estimate = (p_result ->> 'estimate')::double precision,
         standard_error = (p_result ->> 'standardError')::double precision,
         pass_probability = (p_result ->> 'passProbability')::double precision
   where id = p_exam and status = 'in_progress'
$$;
revoke all on function private.mock_exam_close(uuid, jsonb, jsonb) from public;

-- Ends an exam in progress without an answer (its time ran out), under the student's lock.
create or replace function public.mock_exam_finish(p_user uuid, p_exam uuid, p_state jsonb, p_result jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_student(p_user);
  if not exists (select 1 from public.mock_exams e
                  where e.id = p_exam and e.user_id = p_user and e.status = 'in_progress') then
    return jsonb_build_object('error', 'stale');
  end if;
  perform private.mock_exam_close(p_exam, p_state, p_result);
  return jsonb_build_object('exam', public.mock_exam_get(p_user, p_exam, true));
end;
$$;

-- Every function above is for the mock-exam function's service role only.
revoke all on function public.mock_exam_bank() from public, anon, authenticated;
revoke all on function public.mock_exam_history(uuid) from public, anon, authenticated;
revoke all on function public.mock_exam_get(uuid, uuid, boolean) from public, anon, authenticated;
revoke all on function public.mock_exam_access(uuid) from public, anon, authenticated;
revoke all on function public.mock_exam_start(uuid, jsonb, jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.mock_exam_answer(uuid, uuid, integer, uuid, jsonb, integer, integer, jsonb,
  jsonb, jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.mock_exam_finish(uuid, uuid, jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.mock_exam_item_content(jsonb) from public, anon, authenticated;
grant execute on function public.mock_exam_bank(), public.mock_exam_history(uuid),
  public.mock_exam_get(uuid, uuid, boolean), public.mock_exam_access(uuid),
  public.mock_exam_start(uuid, jsonb, jsonb, jsonb),
  public.mock_exam_answer(uuid, uuid, integer, uuid, jsonb, integer, integer, jsonb, jsonb, jsonb, jsonb),
  public.mock_exam_finish(uuid, uuid, jsonb, jsonb), public.mock_exam_item_content(jsonb)
  to service_role;
