-- GENERATED FILE: do not edit. Source: the migrated database (supabase/migrations), dumped with
-- pg_dump --schema-only --schema=public --schema=private. Regenerate with `npm run db:types`
-- (scripts/gen-db-types.ts); npm test checks it is fresh. Read it to see each object's one current
-- definition; deploy with the migrations, never with this file.
--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: private; Type: SCHEMA; Schema: -; Owner: postgres
--

CREATE SCHEMA private;

ALTER SCHEMA private OWNER TO postgres;

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: pg_database_owner
--

CREATE SCHEMA public;

ALTER SCHEMA public OWNER TO pg_database_owner;

--
-- Name: SCHEMA public; Type: COMMENT; Schema: -; Owner: pg_database_owner
--

COMMENT ON SCHEMA public IS 'standard public schema';

--
-- Name: check_set_times(timestamp with time zone, timestamp with time zone, text); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.check_set_times(p_started timestamp with time zone, p_submitted timestamp with time zone, p_what text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if p_started is null or p_submitted is null then
    raise exception using errcode = '22023', message = 'Send when the set was started and submitted.';
  end if;
  if p_submitted < p_started then
    raise exception using errcode = '22023',
      message = format('A %s cannot be submitted before it was started.', p_what);
  end if;
  -- Some slack for clock skew between the device and the server.
  if p_submitted > now() + interval '5 minutes' then
    raise exception using errcode = '22023', message = 'The submission time is in the future.';
  end if;
  if p_started < now() - private.served_window() then
    raise exception using errcode = '22023',
      message = format('A %s must be started and submitted within 48 hours.', p_what),
      hint = 'Start a new set.';
  end if;
end;
$$;

ALTER FUNCTION private.check_set_times(p_started timestamp with time zone, p_submitted timestamp with time zone, p_what text) OWNER TO postgres;

--
-- Name: check_utc_offset(integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.check_utc_offset(p_minutes integer) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_minutes is null or p_minutes not between -840 and 840 then
    raise exception using errcode = '22023', message = 'The offset from UTC is between -840 and 840 minutes.';
  end if;
  return p_minutes;
end;
$$;

ALTER FUNCTION private.check_utc_offset(p_minutes integer) OWNER TO postgres;

--
-- Name: claim_checkouts(uuid, text); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.claim_checkouts(p_user_id uuid, p_email text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  perform private.lock_student(p_user_id);
  with claimed as (
    delete from private.unclaimed_checkouts u
     where lower(u.email) = lower(p_email)
    returning u.stripe_subscription_id
  )
  update public.subscriptions s
     set user_id = p_user_id
    from claimed c
   where s.stripe_subscription_id = c.stripe_subscription_id
     and s.user_id is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

ALTER FUNCTION private.claim_checkouts(p_user_id uuid, p_email text) OWNER TO postgres;

--
-- Name: claim_checkouts_on_confirmed_email(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.claim_checkouts_on_confirmed_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.accounts (user_id, email, email_confirmed)
  values (new.id, new.email, new.email_confirmed_at is not null)
  on conflict (user_id) do update set email = excluded.email, email_confirmed = excluded.email_confirmed;
  if new.email is not null and new.email_confirmed_at is not null
     and (tg_op = 'INSERT' or old.email_confirmed_at is null or old.email is distinct from new.email) then
    perform private.claim_checkouts(new.id, new.email);
  end if;
  return new;
end;
$$;

ALTER FUNCTION private.claim_checkouts_on_confirmed_email() OWNER TO postgres;

--
-- Name: client_need_categories(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.client_need_categories() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['Coordinated Care', 'Safety & Infection Control', 'Health Promotion & Maintenance',
               'Psychosocial Integrity', 'Basic Care & Comfort', 'Pharmacological Therapies',
               'Reduction of Risk Potential', 'Physiological Adaptation']
$$;

ALTER FUNCTION private.client_need_categories() OWNER TO postgres;

--
-- Name: count_practice_set(uuid, uuid, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.count_practice_set(p_set_id uuid, p_user uuid, p_submitted timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_new_seen integer;
  v_total    integer;
  v_correct  integer;
begin
  select p.question_count, p.correct_count into v_total, v_correct
    from public.practice_sets p where p.id = p_set_id;
  -- Rows are locked in key order so two sets of one student recorded at the same
  -- time cannot deadlock. xmax = 0 tells an inserted row from an updated one: the question is new.
  with upserted as (
    insert into private.student_question_status as s (
      user_id, question_id, times_seen, times_correct, last_correct, last_answered_at)
    select p_user, a.question_id, 1, a.is_correct::integer, a.is_correct, p_submitted
      from public.practice_answers a
     where a.set_id = p_set_id
     order by a.question_id
    on conflict (user_id, question_id) do update set
      times_seen = s.times_seen + 1,
      times_correct = s.times_correct + excluded.times_correct,
      last_correct = case when excluded.last_answered_at >= s.last_answered_at
                          then excluded.last_correct else s.last_correct end,
      last_answered_at = greatest(s.last_answered_at, excluded.last_answered_at)
    returning s.xmax = 0 as inserted)
  select count(*) filter (where upserted.inserted) into v_new_seen from upserted;

  insert into private.student_category_stats as c (user_id, category, answered, correct)
  select p_user, a.category, count(*), count(*) filter (where a.is_correct)
    from public.practice_answers a
   where a.set_id = p_set_id and a.category is not null
   group by a.category
   order by a.category
  on conflict (user_id, category) do update set
    answered = c.answered + excluded.answered,
    correct = c.correct + excluded.correct;

  insert into private.student_totals as t (user_id, sets, answered, correct, questions_seen)
  values (p_user, 1, v_total, v_correct, v_new_seen)
  on conflict (user_id) do update set
    sets = t.sets + 1,
    answered = t.answered + excluded.answered,
    correct = t.correct + excluded.correct,
    questions_seen = t.questions_seen + excluded.questions_seen;

end;
$$;

ALTER FUNCTION private.count_practice_set(p_set_id uuid, p_user uuid, p_submitted timestamp with time zone) OWNER TO postgres;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: subscriptions; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.subscriptions (
    stripe_subscription_id text NOT NULL,
    user_id uuid,
    stripe_customer_id text NOT NULL,
    status text NOT NULL,
    price_id text,
    trial_start timestamp with time zone,
    trial_end timestamp with time zone,
    current_period_start timestamp with time zone,
    current_period_end timestamp with time zone,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    cancel_at timestamp with time zone,
    canceled_at timestamp with time zone,
    ended_at timestamp with time zone,
    livemode boolean DEFAULT false NOT NULL,
    source_version timestamp with time zone NOT NULL,
    source_event_id text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.subscriptions OWNER TO postgres;

--
-- Name: counts_for_access(public.subscriptions, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.counts_for_access(s public.subscriptions, at_time timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.subscription_grants_access(s, at_time)
     and (s.status <> 'trialing' or private.is_first_trial(s))
$$;

ALTER FUNCTION private.counts_for_access(s public.subscriptions, at_time timestamp with time zone) OWNER TO postgres;

--
-- Name: custom_item_points(text, text, jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.custom_item_points(p_bank text, p_item text, p_response jsonb) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case p_bank
    when 'question' then (
      select case when (select o.is_correct from public.question_options o
                         where o.question_id = q.id and o.id = p_response -> 'answer' ->> 0) then 1 else 0 end
        from public.questions q where q.id = p_item)
    else (select private.score_ngn_response(n.scoring, p_response) from public.ngn_items n where n.id = p_item)
  end
$$;

ALTER FUNCTION private.custom_item_points(p_bank text, p_item text, p_response jsonb) OWNER TO postgres;

--
-- Name: custom_tests; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.custom_tests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    mode text NOT NULL,
    settings jsonb NOT NULL,
    status text DEFAULT 'in_progress'::text NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    time_limit_seconds integer,
    submitted_at timestamp with time zone,
    item_count smallint NOT NULL,
    answered smallint,
    points integer,
    max_points integer,
    CONSTRAINT custom_tests_check CHECK (((status = 'submitted'::text) = (submitted_at IS NOT NULL))),
    CONSTRAINT custom_tests_check1 CHECK (((mode = 'timed'::text) = (time_limit_seconds IS NOT NULL))),
    CONSTRAINT custom_tests_item_count_check CHECK (((item_count >= 1) AND (item_count <= 85))),
    CONSTRAINT custom_tests_mode_check CHECK ((mode = ANY (ARRAY['tutor'::text, 'timed'::text]))),
    CONSTRAINT custom_tests_status_check CHECK ((status = ANY (ARRAY['in_progress'::text, 'submitted'::text]))),
    CONSTRAINT custom_tests_time_limit_seconds_check CHECK ((time_limit_seconds > 0))
);

ALTER TABLE public.custom_tests OWNER TO postgres;

--
-- Name: custom_test_items_json(public.custom_tests, boolean, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.custom_test_items_json(p_test public.custom_tests, p_access boolean, p_position integer) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.custom_test_items_json(p_test public.custom_tests, p_access boolean, p_position integer) OWNER TO postgres;

--
-- Name: custom_test_json(public.custom_tests); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.custom_test_json(p_test public.custom_tests) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.custom_test_json(p_test public.custom_tests) OWNER TO postgres;

--
-- Name: custom_test_settings(jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.custom_test_settings(p_settings jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.custom_test_settings(p_settings jsonb) OWNER TO postgres;

--
-- Name: custom_test_size(integer, text[], integer, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.custom_test_size(p_count integer, p_kinds text[], p_singles integer, p_cases integer) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.custom_test_size(p_count integer, p_kinds text[], p_singles integer, p_cases integer) OWNER TO postgres;

--
-- Name: custom_test_units(uuid, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.custom_test_units(p_user uuid, p_day_end timestamp with time zone) RETURNS TABLE(kind text, unit_id text, category text, size integer, unused boolean, incorrect boolean, flagged boolean, due boolean)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.custom_test_units(p_user uuid, p_day_end timestamp with time zone) OWNER TO postgres;

--
-- Name: end_of_student_day(integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.end_of_student_day(p_utc_offset_minutes integer) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (date_trunc('day', (now() at time zone 'UTC') + make_interval(mins => p_utc_offset_minutes))
          + interval '1 day' - make_interval(mins => p_utc_offset_minutes)) at time zone 'UTC'
$$;

ALTER FUNCTION private.end_of_student_day(p_utc_offset_minutes integer) OWNER TO postgres;

--
-- Name: fsrs_factor(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_factor() RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.fsrs_round(exp((1 / -w[21]) * ln(0.9::double precision)) - 1, 8) from private.fsrs_w() as w
$$;

ALTER FUNCTION private.fsrs_factor() OWNER TO postgres;

--
-- Name: fsrs_init_difficulty(integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_init_difficulty(p_grade integer) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.fsrs_round(w[5] - exp((p_grade - 1) * w[6]) + 1, 8) from private.fsrs_w() as w
$$;

ALTER FUNCTION private.fsrs_init_difficulty(p_grade integer) OWNER TO postgres;

--
-- Name: fsrs_interval(double precision); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_interval(p_stability double precision) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select least(greatest(1, floor(p_stability * private.fsrs_round(
           ((0.9::double precision ^ (1 / -w[21])) - 1) / private.fsrs_factor(), 8) + 0.5)::integer), 36500)
    from private.fsrs_w() as w
$$;

ALTER FUNCTION private.fsrs_interval(p_stability double precision) OWNER TO postgres;

--
-- Name: fsrs_next_difficulty(double precision, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_next_difficulty(p_difficulty double precision, p_grade integer) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select least(greatest(private.fsrs_round(
           w[8] * private.fsrs_init_difficulty(4)
           + (1 - w[8]) * (p_difficulty + private.fsrs_round(-w[7] * (p_grade - 3) * (10 - p_difficulty) / 9, 8)),
           8), 1), 10)
    from private.fsrs_w() as w
$$;

ALTER FUNCTION private.fsrs_next_difficulty(p_difficulty double precision, p_grade integer) OWNER TO postgres;

--
-- Name: fsrs_next_stability(double precision, double precision, double precision, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_next_stability(p_difficulty double precision, p_stability double precision, p_retrievability double precision, p_grade integer) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.fsrs_next_stability(p_difficulty double precision, p_stability double precision, p_retrievability double precision, p_grade integer) OWNER TO postgres;

--
-- Name: fsrs_retrievability(integer, double precision); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_retrievability(p_days integer, p_stability double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.fsrs_round((1 + private.fsrs_factor() * p_days / p_stability) ^ (-w[21]), 8)
    from private.fsrs_w() as w
$$;

ALTER FUNCTION private.fsrs_retrievability(p_days integer, p_stability double precision) OWNER TO postgres;

--
-- Name: fsrs_review(double precision, double precision, integer, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_review(p_difficulty double precision, p_stability double precision, p_days integer, p_grade integer, OUT difficulty double precision, OUT stability double precision, OUT interval_days integer) RETURNS record
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.fsrs_review(p_difficulty double precision, p_stability double precision, p_days integer, p_grade integer, OUT difficulty double precision, OUT stability double precision, OUT interval_days integer) OWNER TO postgres;

--
-- Name: fsrs_round(double precision, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_round(p_value double precision, p_decimals integer) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select floor(p_value * (10::double precision ^ p_decimals) + 0.5) / (10::double precision ^ p_decimals)
$$;

ALTER FUNCTION private.fsrs_round(p_value double precision, p_decimals integer) OWNER TO postgres;

--
-- Name: fsrs_w(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.fsrs_w() RETURNS double precision[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array[0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
               1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]::double precision[]
$$;

ALTER FUNCTION private.fsrs_w() OWNER TO postgres;

--
-- Name: is_first_trial(public.subscriptions); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.is_first_trial(s public.subscriptions) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select s.user_id is null or not exists (
    select 1
      from public.subscriptions o
     where o.user_id = s.user_id
       and o.stripe_subscription_id <> s.stripe_subscription_id
       and o.trial_start is not null
       and (o.trial_start, o.stripe_subscription_id)
           < (coalesce(s.trial_start, s.current_period_start, 'infinity'::timestamptz), s.stripe_subscription_id)
  )
$$;

ALTER FUNCTION private.is_first_trial(s public.subscriptions) OWNER TO postgres;

--
-- Name: json_text_array(jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.json_text_array(p_value jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case
    when jsonb_typeof(p_value) = 'array'
     and not exists (select 1 from jsonb_array_elements(p_value) as e where jsonb_typeof(e) <> 'string')
    then array(select jsonb_array_elements_text(p_value))
  end
$$;

ALTER FUNCTION private.json_text_array(p_value jsonb) OWNER TO postgres;

--
-- Name: judgment_steps(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.judgment_steps() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['recognize-cues', 'analyze-cues', 'prioritize-hypotheses', 'generate-solutions',
               'take-action', 'evaluate-outcomes']
$$;

ALTER FUNCTION private.judgment_steps() OWNER TO postgres;

--
-- Name: learning_record_mismatches(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.learning_record_mismatches(p_user uuid) RETURNS TABLE(aggregate text, key text, stored text, recounted text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.learning_record_mismatches(p_user uuid) OWNER TO postgres;

--
-- Name: lock_student(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.lock_student(p_user uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select pg_advisory_xact_lock(hashtextextended('pn-prep.student:' || p_user::text, 0))
   where p_user is not null
$$;

ALTER FUNCTION private.lock_student(p_user uuid) OWNER TO postgres;

--
-- Name: mock_exam_close(uuid, jsonb, jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.mock_exam_close(p_exam uuid, p_state jsonb, p_result jsonb) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.mock_exams
     set status = 'finished', finished_at = now(), state = p_state, pending = null, current_ordinal = null,
         stop_rule = p_result ->> 'rule', passed = (p_result ->> 'passed')::boolean,
         estimate = (p_result ->> 'estimate')::double precision,
         standard_error = (p_result ->> 'standardError')::double precision,
         pass_probability = (p_result ->> 'passProbability')::double precision
   where id = p_exam and status = 'in_progress'
$$;

ALTER FUNCTION private.mock_exam_close(p_exam uuid, p_state jsonb, p_result jsonb) OWNER TO postgres;

--
-- Name: mock_exam_history_sets(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.mock_exam_history_sets(p_user uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.mock_exam_history_sets(p_user uuid) OWNER TO postgres;

--
-- Name: ngn_counted_picks(jsonb, jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.ngn_counted_picks(p_group jsonb, p_response jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.ngn_counted_picks(p_group jsonb, p_response jsonb) OWNER TO postgres;

--
-- Name: ngn_item_without_keys(jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.ngn_item_without_keys(p_value jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.ngn_item_without_keys(p_value jsonb) OWNER TO postgres;

--
-- Name: ngn_max_points(jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.ngn_max_points(p_scoring jsonb) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_scoring ->> 'rule'
           when 'dyad' then 1
           when 'triad' then 2
           else (select coalesce(sum(jsonb_array_length(g.value -> 'correct')), 0)::integer
                   from jsonb_array_elements(p_scoring -> 'groups') as g(value))
         end
$$;

ALTER FUNCTION private.ngn_max_points(p_scoring jsonb) OWNER TO postgres;

--
-- Name: ngn_response_problem(jsonb, jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.ngn_response_problem(p_scoring jsonb, p_response jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.ngn_response_problem(p_scoring jsonb, p_response jsonb) OWNER TO postgres;

--
-- Name: note_served(uuid, text, text[]); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.note_served(p_user uuid, p_bank text, p_ids text[]) RETURNS text[]
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.lock_student(p_user);
  insert into private.served_items as s (user_id, bank, item_id, served_at, answered_in)
  select p_user, p_bank, u.id, now(), null
    from unnest(p_ids) as u(id)
   group by u.id
   order by u.id
  on conflict (user_id, bank, item_id) do update set served_at = excluded.served_at, answered_in = null;
  return p_ids;
end;
$$;

ALTER FUNCTION private.note_served(p_user uuid, p_bank text, p_ids text[]) OWNER TO postgres;

--
-- Name: own_custom_test(uuid, uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.own_custom_test(p_test_id uuid, p_user uuid) RETURNS public.custom_tests
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.own_custom_test(p_test_id uuid, p_user uuid) OWNER TO postgres;

--
-- Name: pick_practice_question_ids(uuid, integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.pick_practice_question_ids(p_user uuid, p_count integer) RETURNS text[]
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_max_key integer;
  v_seen    integer;
  v_picked  text[] := '{}';
  v_need    integer;
  v_keys    integer[];
  v_draws   integer;
  v_round   integer := 0;
begin
  select (select max(q.pick_key) from public.questions q),
         coalesce((select t.questions_seen from private.student_totals t where t.user_id = p_user), 0)
    into v_max_key, v_seen;
  if v_max_key is null or p_count <= 0 then
    return v_picked;
  end if;
  if v_seen = 0 then
    -- Nothing seen: every question is unseen, the plain uniform pick is the whole answer.
    return private.pick_random_question_ids(p_count);
  end if;

  -- 1. Unseen, by probes. v_seen may count retired questions, so the unseen share is a lower bound.
  if (v_max_key - v_seen) * 20 >= v_max_key then
    loop
      v_need := p_count - cardinality(v_picked);
      exit when v_need = 0 or v_round = 4;
      v_round := v_round + 1;
      -- Expected hits: draws x unseen share (repeats are rare in a bank much larger than a set;
      -- in a small one a short round is simply followed by another).
      v_draws := least(ceil((v_need + 2)::numeric * v_max_key / (v_max_key - v_seen))::integer + 2, 1000);
      v_keys := array(
        select 1 + floor(random() * v_max_key)::integer
          from generate_series(1, v_draws));
      v_picked := v_picked || array(
        select hit.id
          from unnest(v_keys) with ordinality as draw(key, ord)
          cross join lateral (
            select q.id from public.questions q where q.pick_key = draw.key limit 1) as hit
          -- A lateral LIMIT 1 again: one primary-key probe per hit. As NOT EXISTS the planner may
          -- hash all of the student's status rows instead (O(seen) per call).
          left join lateral (
            select true as seen from private.student_question_status s
             where s.user_id = p_user and s.question_id = hit.id limit 1) as status on true
         where hit.id <> all (v_picked) and status.seen is null
         group by hit.id
         order by min(draw.ord)
         limit v_need);
    end loop;
  end if;

  -- 1b. Unseen, exactly: the keys between the student's seen keys, in random order.
  v_need := p_count - cardinality(v_picked);
  if v_need > 0 then
    v_picked := v_picked || array(
      with seen as (
        select q.pick_key as key
          from private.student_question_status s
          cross join lateral (
            select q.pick_key from public.questions q where q.id = s.question_id limit 1) as q
         where s.user_id = p_user
        union all
        select v_max_key + 1),
      bounds as (
        select seen.key, lag(seen.key, 1, 0) over (order by seen.key) as previous from seen)
      select hit.id
        from bounds
        cross join lateral generate_series(bounds.previous + 1, bounds.key - 1) as gap(key)
        cross join lateral (
          select q.id from public.questions q where q.pick_key = gap.key limit 1) as hit
       where hit.id <> all (v_picked)
       order by random()
       limit v_need);
  end if;

  -- 2. Missed.
  v_need := p_count - cardinality(v_picked);
  if v_need > 0 then
    v_picked := v_picked || array(
      select s.question_id
        from private.student_question_status s
       where s.user_id = p_user and not s.last_correct
         and s.question_id <> all (v_picked)
         and exists (select 1 from public.questions q where q.id = s.question_id)
       order by random()
       limit v_need);
  end if;

  -- 3. Any.
  v_need := p_count - cardinality(v_picked);
  if v_need > 0 then
    v_picked := v_picked || private.pick_random_question_ids(v_need, v_picked);
  end if;
  return v_picked;
end;
$$;

ALTER FUNCTION private.pick_practice_question_ids(p_user uuid, p_count integer) OWNER TO postgres;

--
-- Name: pick_random_question_ids(integer, text[]); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.pick_random_question_ids(p_count integer, p_exclude text[] DEFAULT '{}'::text[]) RETURNS text[]
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_max_key integer;
  v_picked  text[] := '{}';
  v_need    integer;
  v_keys    integer[];
  v_round   integer := 0;
begin
  select max(q.pick_key) into v_max_key from public.questions q;
  -- Keys are dense (1..N), so excluding N ids leaves nothing: skip the probes and the fill-up scan.
  if v_max_key is null or p_count <= 0 or cardinality(p_exclude) >= v_max_key then
    return v_picked;
  end if;

  loop
    v_need := p_count - cardinality(v_picked);
    exit when v_need = 0 or v_round = 4;
    v_round := v_round + 1;
    -- Oversample so a round rarely comes up short (repeats and holes are dropped).
    v_keys := array(
      select 1 + floor(random() * v_max_key)::integer
        from generate_series(1, 2 * v_need + 4));
    v_picked := v_picked || array(
      select hit.id
        from unnest(v_keys) with ordinality as draw(key, ord)
        -- LIMIT 1 keeps this a per-draw index probe: it stops the planner from flattening it
        -- into a join that may scan the whole table when the bank (or its statistics) is small.
        cross join lateral (
          select q.id from public.questions q where q.pick_key = draw.key limit 1) as hit
       where hit.id <> all (v_picked) and hit.id <> all (p_exclude)
       group by hit.id
       order by min(draw.ord)
       limit v_need);
  end loop;

  v_need := p_count - cardinality(v_picked);
  if v_need > 0 then
    v_picked := v_picked || array(
      select q.id
        from public.questions q
       where q.id <> all (v_picked) and q.id <> all (p_exclude)
       order by random()
       limit v_need);
  end if;
  return v_picked;
end;
$$;

ALTER FUNCTION private.pick_random_question_ids(p_count integer, p_exclude text[]) OWNER TO postgres;

--
-- Name: practice_questions_json(text[]); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.practice_questions_json(p_ids text[]) RETURNS json
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return coalesce((
    select json_agg(
             json_build_object(
               'id', q.id,
               'stem', q.stem,
               'category', q.category,
               'rationale', q.rationale,  -- extra help under incorrect items after submission
               'options', (
                 select coalesce(json_agg(
                          json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                          order by o.position), '[]'::json)
                   from public.question_options o
                  where o.question_id = q.id))
             order by pick.ord)
      from unnest(p_ids) with ordinality as pick(id, ord)
      cross join lateral (
        select q.id, q.stem, q.category, q.rationale from public.questions q where q.id = pick.id limit 1) as q),
    '[]'::json);
end;
$$;

ALTER FUNCTION private.practice_questions_json(p_ids text[]) OWNER TO postgres;

--
-- Name: practice_record_mismatches(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.practice_record_mismatches(p_user uuid) RETURNS TABLE(aggregate text, key text, stored text, recounted text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.practice_record_mismatches(p_user uuid) OWNER TO postgres;

--
-- Name: questions_assign_pick_key(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.questions_assign_pick_key() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.pick_key := coalesce((select max(q.pick_key) from public.questions q), 0) + 1;
  return new;
end;
$$;

ALTER FUNCTION private.questions_assign_pick_key() OWNER TO postgres;

--
-- Name: questions_fill_pick_key_holes(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.questions_fill_pick_key_holes() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.questions_fill_pick_key_holes() OWNER TO postgres;

--
-- Name: questions_keep_pick_key(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.questions_keep_pick_key() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.pick_key is distinct from old.pick_key and pg_trigger_depth() = 1 then
    new.pick_key := old.pick_key;
  end if;
  return new;
end;
$$;

ALTER FUNCTION private.questions_keep_pick_key() OWNER TO postgres;

--
-- Name: recorded_judgment_set_result(uuid, uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.recorded_judgment_set_result(p_set_id uuid, p_user uuid) RETURNS json
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.recorded_judgment_set_result(p_set_id uuid, p_user uuid) OWNER TO postgres;

--
-- Name: recorded_practice_set_result(uuid, uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.recorded_practice_set_result(p_set_id uuid, p_user uuid) RETURNS json
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_set public.practice_sets;
begin
  select * into v_set from public.practice_sets p where p.id = p_set_id;
  if not found then
    return null;
  end if;
  if v_set.user_id <> p_user then
    raise exception using errcode = '22023', message = 'This practice set id is already in use.';
  end if;
  return json_build_object(
    'set_id', v_set.id,
    'correct', v_set.correct_count,
    'total', v_set.question_count,
    'submitted_at', v_set.submitted_at,
    'counted', v_set.counted,
    'already_recorded', true);
end;
$$;

ALTER FUNCTION private.recorded_practice_set_result(p_set_id uuid, p_user uuid) OWNER TO postgres;

--
-- Name: require_practice_access(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.require_practice_access() RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null or not private.user_has_access(v_uid, now()) then
    raise exception using
      errcode = '42501',
      message = 'An active subscription or trial is required to practise.',
      hint = 'Start the free trial on the billing page.';
  end if;
  return v_uid;
end;
$$;

ALTER FUNCTION private.require_practice_access() OWNER TO postgres;

--
-- Name: require_student(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.require_student() RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'Sign in to keep your practice record.';
  end if;
  return v_uid;
end;
$$;

ALTER FUNCTION private.require_student() OWNER TO postgres;

--
-- Name: reset_sets_history(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.reset_sets_history() RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.reset_sets_history() OWNER TO postgres;

--
-- Name: results_bank_size(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_bank_size(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_json(coalesce((select max(q.pick_key) from public.questions q), 0))
$$;

ALTER FUNCTION private.results_bank_size(p_user uuid) OWNER TO postgres;

--
-- Name: results_categories(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_categories(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select json_agg(json_build_object(
           'category', c.value ->> 'category',
           'answered', (c.value ->> 'answered')::integer + coalesce(s.answered, 0),
           'correct', (c.value ->> 'correct')::integer + coalesce(s.points, 0)) order by c.ord)
    from jsonb_array_elements(private.results_practice_categories(p_user)::jsonb) with ordinality as c(value, ord)
    left join private.student_custom_stats s
      on s.user_id = p_user and s.bank = 'question' and s.step = '' and s.category = c.value ->> 'category'
$$;

ALTER FUNCTION private.results_categories(p_user uuid) OWNER TO postgres;

--
-- Name: results_judgment(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_judgment(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.results_judgment(p_user uuid) OWNER TO postgres;

--
-- Name: results_judgment_sets(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_judgment_sets(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.results_judgment_sets(p_user uuid) OWNER TO postgres;

--
-- Name: results_missed_count(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_missed_count(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_json((
    select count(*)
      from private.student_question_status s
     where s.user_id = p_user and not s.last_correct
       and exists (select 1 from public.questions q where q.id = s.question_id)))
$$;

ALTER FUNCTION private.results_missed_count(p_user uuid) OWNER TO postgres;

--
-- Name: results_over_time(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_over_time(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((
    select json_agg(
             json_build_object('set_id', r.id, 'submitted_at', r.submitted_at,
                               'correct', r.correct_count, 'total', r.question_count)
             order by r.submitted_at, r.id)
      from (select p.id, p.submitted_at, p.correct_count, p.question_count
              from public.practice_sets p
             where p.user_id = p_user and p.counted
             order by p.submitted_at desc, p.id desc
             limit 30) as r), '[]'::json)
$$;

ALTER FUNCTION private.results_over_time(p_user uuid) OWNER TO postgres;

--
-- Name: results_practice_categories(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_practice_categories(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (
    select json_agg(
             json_build_object('category', need.name, 'answered', coalesce(s.answered, 0),
                               'correct', coalesce(s.correct, 0))
             order by need.ord)
      from unnest(private.client_need_categories()) with ordinality as need(name, ord)
      left join private.student_category_stats s on s.user_id = p_user and s.category = need.name)
$$;

ALTER FUNCTION private.results_practice_categories(p_user uuid) OWNER TO postgres;

--
-- Name: results_practice_totals(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_practice_totals(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select json_build_object(
           'sets', coalesce(t.sets, 0),
           'answered', coalesce(t.answered, 0),
           'correct', coalesce(t.correct, 0))
    from (select 1) as one
    left join private.student_totals t on t.user_id = p_user
$$;

ALTER FUNCTION private.results_practice_totals(p_user uuid) OWNER TO postgres;

--
-- Name: results_recent_sets(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_recent_sets(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((
    select json_agg(
             json_build_object('set_id', r.id, 'submitted_at', r.submitted_at,
                               'correct', r.correct_count, 'total', r.question_count, 'focus', r.focus,
                               'counted', r.counted)
             order by r.submitted_at desc, r.id desc)
      from (select p.id, p.submitted_at, p.correct_count, p.question_count, p.focus, p.counted
              from public.practice_sets p
             where p.user_id = p_user
             order by p.submitted_at desc, p.id desc
             limit 20) as r), '[]'::json)
$$;

ALTER FUNCTION private.results_recent_sets(p_user uuid) OWNER TO postgres;

--
-- Name: results_seen_count(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_seen_count(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_json((
    select count(*)
      from private.student_question_status s
     where s.user_id = p_user
       and exists (select 1 from public.questions q where q.id = s.question_id)))
$$;

ALTER FUNCTION private.results_seen_count(p_user uuid) OWNER TO postgres;

--
-- Name: results_totals(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_totals(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select json_build_object(
    'sets', (p.totals ->> 'sets')::integer
            + (select count(*) from public.custom_tests t where t.user_id = p_user and t.status = 'submitted'),
    'answered', (p.totals ->> 'answered')::integer + coalesce(c.answered, 0),
    'correct', (p.totals ->> 'correct')::integer + coalesce(c.points, 0))
    from (select private.results_practice_totals(p_user)::jsonb as totals) as p
    left join (select sum(s.answered)::integer as answered, sum(s.points)::integer as points
                 from private.student_custom_stats s where s.user_id = p_user and s.bank = 'question') as c on true
$$;

ALTER FUNCTION private.results_totals(p_user uuid) OWNER TO postgres;

--
-- Name: results_weakest(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.results_weakest(p_user uuid) RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((
    select json_agg(
             json_build_object('category', w.category, 'answered', w.answered, 'correct', w.correct)
             order by w.rank)
      from (select s.category, s.answered, s.correct,
                   row_number() over (order by s.correct::numeric / s.answered, s.answered desc, need.ord) as rank
              from unnest(private.client_need_categories()) with ordinality as need(name, ord)
              join private.student_category_stats s on s.user_id = p_user and s.category = need.name
             where s.answered >= 5
             order by rank
             limit 2) as w), '[]'::json)
$$;

ALTER FUNCTION private.results_weakest(p_user uuid) OWNER TO postgres;

--
-- Name: review_item(uuid, text, text, boolean, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.review_item(p_user uuid, p_bank text, p_item text, p_correct boolean, p_at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.review_item(p_user uuid, p_bank text, p_item text, p_correct boolean, p_at timestamp with time zone) OWNER TO postgres;

--
-- Name: review_judgment_answer(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.review_judgment_answer() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.review_judgment_answer() OWNER TO postgres;

--
-- Name: review_practice_answer(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.review_practice_answer() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.review_practice_answer() OWNER TO postgres;

--
-- Name: score_ngn_response(jsonb, jsonb); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.score_ngn_response(p_scoring jsonb, p_response jsonb) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION private.score_ngn_response(p_scoring jsonb, p_response jsonb) OWNER TO postgres;

--
-- Name: served_window(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.served_window() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select interval '48 hours'
$$;

ALTER FUNCTION private.served_window() OWNER TO postgres;

--
-- Name: subscription_access_end(public.subscriptions); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.subscription_access_end(s public.subscriptions) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case s.status
    when 'trialing' then least(s.trial_end, coalesce(s.cancel_at, 'infinity'::timestamptz))
    when 'active' then least(s.current_period_end, coalesce(s.cancel_at, 'infinity'::timestamptz))
    when 'past_due' then least(
      s.current_period_start
        + case when s.trial_end is not null and s.current_period_start <= s.trial_end
               then interval '0' else interval '3 days' end,
      s.current_period_end)
  end
$$;

ALTER FUNCTION private.subscription_access_end(s public.subscriptions) OWNER TO postgres;

--
-- Name: subscription_grants_access(public.subscriptions, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.subscription_grants_access(s public.subscriptions, at_time timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    at_time < private.subscription_access_end(s)
      + case when s.status = 'active' and not s.cancel_at_period_end and s.cancel_at is null
             then interval '1 day' else interval '0' end,
    false)
$$;

ALTER FUNCTION private.subscription_grants_access(s public.subscriptions, at_time timestamp with time zone) OWNER TO postgres;

--
-- Name: take_served(uuid, text, text[], uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.take_served(p_user uuid, p_bank text, p_ids text[], p_set_id uuid) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_counted boolean;
begin
  if exists (
    select 1
      from unnest(p_ids) as u(id)
     where not exists (
       select 1 from private.served_items s
        where s.user_id = p_user and s.bank = p_bank and s.item_id = u.id
          and s.served_at > now() - private.served_window())) then
    raise exception using errcode = '22023',
      message = case p_bank when 'question' then 'This set has questions that were not given to you in the last 48 hours.'
                            else 'This set has items that were not given to you in the last 48 hours.' end,
      hint = 'Start a new set.';
  end if;
  select bool_and(s.answered_in is null) into v_counted
    from private.served_items s
   where s.user_id = p_user and s.bank = p_bank and s.item_id = any (p_ids);
  update private.served_items s set answered_in = p_set_id
   where s.user_id = p_user and s.bank = p_bank and s.item_id = any (p_ids) and s.answered_in is null;
  return v_counted;
end;
$$;

ALTER FUNCTION private.take_served(p_user uuid, p_bank text, p_ids text[], p_set_id uuid) OWNER TO postgres;

--
-- Name: unit_in_pool(text, boolean, boolean, boolean, boolean); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.unit_in_pool(p_pool text, p_unused boolean, p_incorrect boolean, p_flagged boolean, p_due boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_pool when 'all' then true when 'unused' then p_unused when 'incorrect' then coalesce(p_incorrect, false)
                     when 'flagged' then p_flagged when 'due' then coalesce(p_due, false) end
$$;

ALTER FUNCTION private.unit_in_pool(p_pool text, p_unused boolean, p_incorrect boolean, p_flagged boolean, p_due boolean) OWNER TO postgres;

--
-- Name: use_write_quota(uuid); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.use_write_quota(p_user uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_writes integer;
  v_start  timestamptz;
  v_wait   integer;
begin
  insert into private.student_write_quota as q (user_id, window_start, writes)
  values (p_user, now(), 1)
  on conflict (user_id) do update set
    window_start = case when q.window_start <= now() - interval '1 hour' then now() else q.window_start end,
    writes = case when q.window_start <= now() - interval '1 hour' then 1 else q.writes + 1 end
  returning q.writes, q.window_start into v_writes, v_start;
  if v_writes > private.write_quota_per_hour() then
    v_wait := greatest(1, ceil(extract(epoch from v_start + interval '1 hour' - now()))::integer);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', format('%s saves to your practice record in the last hour: the most an hour allows.',
                          private.write_quota_per_hour()),
        'hint', format('Try again in %s minutes.', ceil(v_wait / 60.0)))::text,
      detail = json_build_object('status', 429,
                                 'headers', json_build_object('Retry-After', v_wait::text))::text;
  end if;
end;
$$;

ALTER FUNCTION private.use_write_quota(p_user uuid) OWNER TO postgres;

--
-- Name: user_has_access(uuid, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.user_has_access(p_user_id uuid, at_time timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1
      from public.subscriptions s
     where s.user_id = p_user_id
       and private.counts_for_access(s, at_time)
  )
$$;

ALTER FUNCTION private.user_has_access(p_user_id uuid, at_time timestamp with time zone) OWNER TO postgres;

--
-- Name: write_quota_per_hour(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE FUNCTION private.write_quota_per_hour() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 120
$$;

ALTER FUNCTION private.write_quota_per_hour() OWNER TO postgres;

--
-- Name: answer_custom_test_item(uuid, integer, jsonb, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.answer_custom_test_item(test_id uuid, "position" integer, response jsonb, seconds_spent integer) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.answer_custom_test_item(test_id uuid, "position" integer, response jsonb, seconds_spent integer) OWNER TO postgres;

--
-- Name: check_user_entitlement(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.check_user_entitlement(check_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(
    check_user_id = (select auth.uid()) and private.user_has_access(check_user_id, now()),
    false)
$$;

ALTER FUNCTION public.check_user_entitlement(check_user_id uuid) OWNER TO postgres;

--
-- Name: customer_for_portal(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.customer_for_portal(p_user_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.stripe_customer_id
    from public.subscriptions s
   where s.user_id = p_user_id
   order by private.counts_for_access(s, now()) desc, s.updated_at desc
   limit 1
$$;

ALTER FUNCTION public.customer_for_portal(p_user_id uuid) OWNER TO postgres;

--
-- Name: get_billing_status(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_billing_status() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with mine as (
    select s.*,
           private.counts_for_access(s, now()) as grants,
           private.subscription_access_end(s) as access_end
      from public.subscriptions s
     where s.user_id = (select auth.uid())
  ),
  shown as (
    select * from mine
     order by grants desc, access_end desc nulls last, updated_at desc
     limit 1
  )
  select case
    when (select auth.uid()) is null then null
    when not exists (select 1 from shown) then jsonb_build_object('kind', 'none')
    else (
      select jsonb_build_object(
        'kind', case
          when not sh.grants then 'ended'
          when sh.status = 'past_due' then 'past_due'
          when sh.cancel_at_period_end or sh.cancel_at is not null then 'canceling'
          when sh.status = 'trialing' then 'trialing'
          else 'active' end,
        'status', sh.status,
        'access_until', case when sh.grants then sh.access_end end,
        'renews_at', case when sh.grants and sh.status = 'active'
                           and not sh.cancel_at_period_end and sh.cancel_at is null
                          then sh.current_period_end end,
        -- When access last ended: a refused second trial is still "trialing" with an end in the
        -- future, so the date comes from whatever of the student's did end, not from the row shown.
        'ended_at', case when not sh.grants then coalesce(
          (select max(coalesce(m.ended_at, m.access_end)) from mine m
            where coalesce(m.ended_at, m.access_end) <= now()),
          sh.updated_at) end,
        'had_trial', exists (select 1 from mine m where m.trial_start is not null))
        from shown sh)
  end
$$;

ALTER FUNCTION public.get_billing_status() OWNER TO postgres;

--
-- Name: get_clinical_judgment_set(text, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_clinical_judgment_set(kind text, item_limit integer DEFAULT 10) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.get_clinical_judgment_set(kind text, item_limit integer) OWNER TO postgres;

--
-- Name: get_custom_test(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_custom_test(test_id uuid) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_student();
begin
  return private.custom_test_json(private.own_custom_test(get_custom_test.test_id, v_uid));
end;
$$;

ALTER FUNCTION public.get_custom_test(test_id uuid) OWNER TO postgres;

--
-- Name: get_custom_test_counts(jsonb); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_custom_test_counts(settings jsonb) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.get_custom_test_counts(settings jsonb) OWNER TO postgres;

--
-- Name: get_focused_practice_questions(text, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_focused_practice_questions(focus text, question_limit integer DEFAULT 10) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_focus    text := get_focused_practice_questions.focus;
  v_uid      uuid := private.require_practice_access();
  v_limit    integer := least(greatest(coalesce(question_limit, 10), 1), 50);
  v_category text;
  v_ids      text[] := '{}';
begin
  if v_focus is null or v_focus not in ('weakest', 'missed') then
    raise exception using errcode = '22023',
      message = format('Unknown focus: %s. Use ''weakest'' or ''missed''.', coalesce(v_focus, 'null'));
  end if;

  if v_focus = 'weakest' then
    select s.category into v_category
      from unnest(private.client_need_categories()) with ordinality as need(name, ord)
      join private.student_category_stats s on s.user_id = v_uid and s.category = need.name
     where s.answered > 0
     order by s.answered < 5, s.correct::numeric / s.answered, s.answered desc, need.ord
     limit 1;
    if v_category is not null then
      -- A scan of one category's questions (index on category): a category is a few dozen to a
      -- few hundred questions, and the three tiers need the student's status of each.
      v_ids := array(
        select q.id
          from public.questions q
          left join private.student_question_status s on s.user_id = v_uid and s.question_id = q.id
         where q.category = v_category
         order by case when s.question_id is null then 0 when not s.last_correct then 1 else 2 end,
                  random()
         limit v_limit);
    end if;
  else
    v_ids := array(
      select s.question_id
        from private.student_question_status s
       where s.user_id = v_uid and not s.last_correct
         and exists (select 1 from public.questions q where q.id = s.question_id)
       order by random()
       limit v_limit);
  end if;

  return json_build_object(
    'focus', v_focus,
    'category', v_category,
    'questions', private.practice_questions_json(private.note_served(v_uid, 'question', v_ids)));
end;
$$;

ALTER FUNCTION public.get_focused_practice_questions(focus text, question_limit integer) OWNER TO postgres;

--
-- Name: get_judgment_set_review(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_judgment_set_review(set_id uuid) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_practice_access();
  v_set public.judgment_sets;
begin
  select * into v_set from public.judgment_sets s
   where s.id = get_judgment_set_review.set_id and s.user_id = v_uid;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Judgment set not found.')::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  return json_build_object(
    'set_id', v_set.id,
    'kind', v_set.kind,
    'case', (select json_build_object('id', c.id, 'title', c.title, 'intro', c.intro)
               from public.ngn_cases c where c.id = v_set.case_id),
    'started_at', v_set.started_at,
    'submitted_at', v_set.submitted_at,
    'points', v_set.points,
    'max_points', v_set.max_points,
    'items', coalesce((
      select json_agg(
               json_build_object('item_id', a.item_id, 'item', i.item, 'response', a.response,
                                 'points', a.points, 'max_points', a.max_points)
               order by a.position)
        from public.judgment_answers a
        left join public.ngn_items i on i.id = a.item_id
       where a.set_id = v_set.id), '[]'::json));
end;
$$;

ALTER FUNCTION public.get_judgment_set_review(set_id uuid) OWNER TO postgres;

--
-- Name: get_mock_exam_record(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_mock_exam_record() RETURNS json
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select json_build_object(
    'exams', coalesce((
      select json_agg(json_build_object(
               'id', e.id, 'started_at', e.started_at, 'finished_at', e.finished_at,
               'stop_rule', e.stop_rule, 'passed', e.passed, 'estimate', e.estimate,
               'standard_error', e.standard_error, 'pass_probability', e.pass_probability,
               'items_answered', (select count(*) from public.mock_exam_responses r where r.exam_id = e.id))
             order by e.finished_at, e.id)
        from public.mock_exams e
       where e.user_id = (select auth.uid()) and e.status = 'finished'), '[]'::json),
    'nclex_result', (
      select json_build_object('passed', r.passed, 'taken_on', r.taken_on, 'recorded_at', r.recorded_at)
        from public.nclex_results r where r.user_id = (select auth.uid())))
$$;

ALTER FUNCTION public.get_mock_exam_record() OWNER TO postgres;

--
-- Name: get_practice_questions(integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_practice_questions(question_limit integer DEFAULT 10) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_practice_access();
begin
  return json_build_object('questions', private.practice_questions_json(private.note_served(
    v_uid, 'question',
    private.pick_practice_question_ids(v_uid, least(greatest(coalesce(question_limit, 10), 1), 50)))));
end;
$$;

ALTER FUNCTION public.get_practice_questions(question_limit integer) OWNER TO postgres;

--
-- Name: get_practice_set(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_practice_set(set_id uuid) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid    uuid := private.require_student();
  v_set    public.practice_sets;
  v_access boolean;
begin
  select * into v_set from public.practice_sets p
   where p.id = get_practice_set.set_id and p.user_id = v_uid;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Practice set not found.')::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  v_access := private.user_has_access(v_uid, now());
  return json_build_object(
    'set_id', v_set.id,
    'submitted_at', v_set.submitted_at,
    'started_at', v_set.started_at,
    'layout', v_set.layout,
    'focus', v_set.focus,
    'correct', v_set.correct_count,
    'total', v_set.question_count,
    'counted', v_set.counted,
    -- False once access has ended: the questions come without text, options or rationale.
    'content_available', v_access,
    'questions', coalesce((
      select json_agg(
               json_build_object(
                 'id', a.question_id,
                 'stem', q.stem,
                 'category', a.category,
                 'rationale', q.rationale,
                 'chosen_option_id', a.chosen_option_id,
                 'correct_option_id', a.correct_option_id,
                 'is_correct', a.is_correct,
                 'options', coalesce((
                   select json_agg(
                            json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                            order by o.position)
                     from public.question_options o
                    where o.question_id = q.id), '[]'::json))
               order by a.position)
        from public.practice_answers a
        left join lateral (
          select q.id, q.stem, q.rationale from public.questions q
           where q.id = a.question_id and v_access limit 1) as q
          on true
       where a.set_id = v_set.id), '[]'::json));
end;
$$;

ALTER FUNCTION public.get_practice_set(set_id uuid) OWNER TO postgres;

--
-- Name: get_results_summary(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_results_summary() RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.get_results_summary() OWNER TO postgres;

--
-- Name: get_review_due_count(integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.get_review_due_count(utc_offset_minutes integer DEFAULT 0) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.get_review_due_count(utc_offset_minutes integer) OWNER TO postgres;

--
-- Name: list_custom_tests(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.list_custom_tests() RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.list_custom_tests() OWNER TO postgres;

--
-- Name: list_judgment_sets(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.list_judgment_sets() RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_student();
begin
  return coalesce((
    select json_agg(
             json_build_object(
               'set_id', s.id,
               'kind', s.kind,
               'case_title', c.title,
               'submitted_at', s.submitted_at,
               'items', (select count(*) from public.judgment_answers a where a.set_id = s.id),
               'points', s.points,
               'max_points', s.max_points)
             order by s.submitted_at desc, s.id desc)
      from (select * from public.judgment_sets j
             where j.user_id = v_uid
             order by j.submitted_at desc, j.id desc
             limit 50) as s
      left join public.ngn_cases c on c.id = s.case_id), '[]'::json);
end;
$$;

ALTER FUNCTION public.list_judgment_sets() OWNER TO postgres;

--
-- Name: mock_exam_access(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_access(p_user uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.user_has_access(p_user, now())
$$;

ALTER FUNCTION public.mock_exam_access(p_user uuid) OWNER TO postgres;

--
-- Name: mock_exam_answer(uuid, uuid, integer, uuid, jsonb, integer, integer, jsonb, jsonb, jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_answer(p_user uuid, p_exam uuid, p_ordinal integer, p_token uuid, p_response jsonb, p_points integer, p_max_points integer, p_state jsonb, p_pending jsonb, p_next jsonb, p_result jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.mock_exam_answer(p_user uuid, p_exam uuid, p_ordinal integer, p_token uuid, p_response jsonb, p_points integer, p_max_points integer, p_state jsonb, p_pending jsonb, p_next jsonb, p_result jsonb) OWNER TO postgres;

--
-- Name: mock_exam_bank(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_bank() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.mock_exam_bank() OWNER TO postgres;

--
-- Name: mock_exam_finish(uuid, uuid, jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_finish(p_user uuid, p_exam uuid, p_state jsonb, p_result jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.mock_exam_finish(p_user uuid, p_exam uuid, p_state jsonb, p_result jsonb) OWNER TO postgres;

--
-- Name: mock_exam_get(uuid, uuid, boolean); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_get(p_user uuid, p_exam uuid, p_finished boolean) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.mock_exam_get(p_user uuid, p_exam uuid, p_finished boolean) OWNER TO postgres;

--
-- Name: mock_exam_history(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_history(p_user uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.h || jsonb_build_object('seenInPractice', coalesce((
           select jsonb_agg(distinct x.id) from (
             select jsonb_array_elements_text(s.h -> 'seenInPractice') as id
             union
             select t.item_id from public.custom_test_items t
              where t.user_id = p_user and t.answered_at is not null) x), '[]'::jsonb))
    from (select private.mock_exam_history_sets(p_user) as h) s
$$;

ALTER FUNCTION public.mock_exam_history(p_user uuid) OWNER TO postgres;

--
-- Name: mock_exam_item_content(jsonb); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_item_content(p_ids jsonb) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.mock_exam_item_content(p_ids jsonb) OWNER TO postgres;

--
-- Name: mock_exam_start(uuid, jsonb, jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.mock_exam_start(p_user uuid, p_state jsonb, p_pending jsonb, p_first jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.mock_exam_start(p_user uuid, p_state jsonb, p_pending jsonb, p_first jsonb) OWNER TO postgres;

--
-- Name: record_clinical_judgment_set(uuid, text, text, jsonb, jsonb, timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.record_clinical_judgment_set(set_id uuid, kind text, case_id text, item_ids jsonb, responses jsonb, started_at timestamp with time zone, submitted_at timestamp with time zone) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.record_clinical_judgment_set(set_id uuid, kind text, case_id text, item_ids jsonb, responses jsonb, started_at timestamp with time zone, submitted_at timestamp with time zone) OWNER TO postgres;

--
-- Name: record_nclex_result(boolean, date); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.record_nclex_result(p_passed boolean, p_taken_on date) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_student();
  v_first date;
begin
  if p_passed is null or p_taken_on is null then
    raise exception using errcode = '22023', message = 'Send whether you passed and the date of your exam.';
  end if;
  if p_taken_on > (now() at time zone 'utc')::date + 1 then
    raise exception using errcode = '22023', message = 'The exam date cannot be in the future.';
  end if;
  select (min(e.started_at) at time zone 'utc')::date into v_first
    from public.mock_exams e where e.user_id = v_uid and e.status = 'finished';
  if v_first is null then
    raise exception using errcode = '22023',
      message = 'Take a mock exam first: your result is compared with your last mock exam before it.';
  end if;
  if p_taken_on < v_first - 1 then
    raise exception using errcode = '22023', message = 'The exam date cannot be before your first mock exam.';
  end if;
  insert into public.nclex_results (user_id, passed, taken_on)
  values (v_uid, p_passed, p_taken_on)
  on conflict (user_id) do update
     set passed = excluded.passed, taken_on = excluded.taken_on, recorded_at = now();
  return json_build_object('passed', p_passed, 'taken_on', p_taken_on);
end;
$$;

ALTER FUNCTION public.record_nclex_result(p_passed boolean, p_taken_on date) OWNER TO postgres;

--
-- Name: record_practice_set(uuid, jsonb, jsonb, text, timestamp with time zone, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.record_practice_set(set_id uuid, question_ids jsonb, chosen_option_ids jsonb, layout text, started_at timestamp with time zone, submitted_at timestamp with time zone, focus text DEFAULT 'mixed'::text) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- Copies of the arguments: their names are also column names.
  v_set_id    uuid := record_practice_set.set_id;
  v_qids      text[] := private.json_text_array(record_practice_set.question_ids);
  v_oids      text[] := private.json_text_array(record_practice_set.chosen_option_ids);
  v_layout    text := record_practice_set.layout;
  v_started   timestamptz := record_practice_set.started_at;
  v_submitted timestamptz := record_practice_set.submitted_at;
  v_focus     text := record_practice_set.focus;
  v_uid       uuid := private.require_student();
  v_result    json;
  v_bad       text;
  v_bad_opt   text;
  v_total     integer;
  v_correct   integer;
  v_counted   boolean;
begin
  -- First, before any row is read: one write at a time per student (lock_student).
  perform private.lock_student(v_uid);
  if v_set_id is null then
    raise exception using errcode = '22023', message = 'Send the practice set id.';
  end if;

  -- A re-send (lost response, retry): the stored result, nothing changes.
  v_result := private.recorded_practice_set_result(v_set_id, v_uid);
  if v_result is not null then
    return v_result;
  end if;
  perform private.use_write_quota(v_uid);

  if v_qids is null or v_oids is null or cardinality(v_qids) = 0
     or array_ndims(v_qids) <> 1 or array_ndims(v_oids) <> 1
     or cardinality(v_qids) <> cardinality(v_oids)
     or array_position(v_qids, null) is not null or array_position(v_oids, null) is not null then
    raise exception using errcode = '22023', message = 'Send one chosen option for each question.';
  end if;
  v_total := cardinality(v_qids);
  if v_total > 50 then
    raise exception using errcode = '22023', message = 'A practice set holds at most 50 questions.';
  end if;
  if v_layout is null or v_layout not in ('one', 'all') then
    raise exception using errcode = '22023',
      message = format('Unknown layout: %s. Use ''one'' or ''all''.', coalesce(v_layout, 'null'));
  end if;
  if v_focus is null or v_focus not in ('mixed', 'weakest', 'missed') then
    raise exception using errcode = '22023',
      message = format('Unknown focus: %s. Use ''mixed'', ''weakest'' or ''missed''.', coalesce(v_focus, 'null'));
  end if;
  perform private.check_set_times(v_started, v_submitted, 'practice set');

  select u.id into v_bad
    from unnest(v_qids) with ordinality as u(id, ord)
   group by u.id
  having count(*) > 1
   order by min(u.ord)
   limit 1;
  if found then
    raise exception using errcode = '22023', message = format('Question %s appears twice in the set.', v_bad);
  end if;

  -- Served to this student recently (one message for unknown and unserved ids), and still in the
  -- bank (a question retired since it was served cannot be graded: the same message).
  v_counted := private.take_served(v_uid, 'question', v_qids, v_set_id);
  if exists (select 1 from unnest(v_qids) as u(id)
              where not exists (select 1 from public.questions q where q.id = u.id)) then
    raise exception using errcode = '22023',
      message = 'This set has questions that were not given to you in the last 48 hours.',
      hint = 'Start a new set.';
  end if;

  select u.qid, u.oid into v_bad, v_bad_opt
    from unnest(v_qids, v_oids) with ordinality as u(qid, oid, ord)
   where not exists (
     select 1 from public.question_options o where o.id = u.oid and o.question_id = u.qid)
   order by u.ord
   limit 1;
  if found then
    raise exception using errcode = '22023',
      message = format('Option %s does not belong to question %s.', v_bad_opt, v_bad);
  end if;

  -- The grade. ON CONFLICT: an identical request that got here first (concurrent retry) wins;
  -- this one then answers like a re-send.
  insert into public.practice_sets as p (
    id, user_id, layout, focus, started_at, submitted_at, question_count, correct_count, counted)
  select v_set_id, v_uid, v_layout, v_focus, v_started, v_submitted, v_total,
         count(*) filter (where o.is_correct), v_counted
    from unnest(v_oids) as u(oid)
    cross join lateral (
      select o.is_correct from public.question_options o where o.id = u.oid limit 1) as o
  on conflict (id) do nothing
  returning p.correct_count into v_correct;
  if not found then
    return private.recorded_practice_set_result(v_set_id, v_uid);
  end if;

  insert into public.practice_answers (
    set_id, position, user_id, question_id, category, chosen_option_id, correct_option_id, is_correct)
  select v_set_id, u.ord, v_uid, u.qid, q.category, u.oid, c.id, o.is_correct
    from unnest(v_qids, v_oids) with ordinality as u(qid, oid, ord)
    cross join lateral (
      select q.category from public.questions q where q.id = u.qid limit 1) as q
    cross join lateral (
      select o.is_correct from public.question_options o where o.id = u.oid limit 1) as o
    -- LEFT: a question without a correct option fails loudly (not null) instead of vanishing.
    left join lateral (
      select c.id from public.question_options c
       where c.question_id = u.qid and c.is_correct
       order by c.position
       limit 1) as c on true;

  if v_counted then
    perform private.count_practice_set(v_set_id, v_uid, v_submitted);
  end if;

  return json_build_object(
    'set_id', v_set_id,
    'correct', v_correct,
    'total', v_total,
    'submitted_at', v_submitted,
    'counted', v_counted,
    'already_recorded', false);
end;
$$;

ALTER FUNCTION public.record_practice_set(set_id uuid, question_ids jsonb, chosen_option_ids jsonb, layout text, started_at timestamp with time zone, submitted_at timestamp with time zone, focus text) OWNER TO postgres;

--
-- Name: remove_nclex_result(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.remove_nclex_result() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_student();
begin
  delete from public.nclex_results r where r.user_id = v_uid;
end;
$$;

ALTER FUNCTION public.remove_nclex_result() OWNER TO postgres;

--
-- Name: reset_practice_history(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.reset_practice_history() RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.reset_practice_history() OWNER TO postgres;

--
-- Name: set_item_mark(text, text, boolean, text); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.set_item_mark(bank text, item_id text, flagged boolean, note text) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.set_item_mark(bank text, item_id text, flagged boolean, note text) OWNER TO postgres;

--
-- Name: start_custom_test(jsonb); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.start_custom_test(settings jsonb) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.start_custom_test(settings jsonb) OWNER TO postgres;

--
-- Name: stripe_apply_subscription(text, text, timestamp with time zone, jsonb, timestamp with time zone, uuid, text); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.stripe_apply_subscription(p_event_id text, p_event_type text, p_event_created timestamp with time zone, p_subscription jsonb, p_source_version timestamp with time zone, p_user_id uuid DEFAULT NULL::uuid, p_checkout_email text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_sub_id   text := p_subscription ->> 'id';
  v_period_start timestamptz;
  v_period_end   timestamptz;
  v_rows     integer;
  v_note     text := '';
  v_existing uuid;
  v_user_id  uuid := p_user_id;
  v_email    text := nullif(btrim(p_checkout_email), '');
begin
  if coalesce(p_subscription ->> 'object', '') <> 'subscription' or v_sub_id is null then
    raise exception 'stripe_apply_subscription: payload is not a subscription object';
  end if;

  insert into private.stripe_events (event_id, event_type, stripe_created_at)
  values (p_event_id, p_event_type, p_event_created)
  on conflict (event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  -- Since API 2025-03-31.basil the billing period lives on the subscription items; older payloads
  -- carry it at the top level.
  select to_timestamp(min((i ->> 'current_period_start')::bigint)),
         to_timestamp(max((i ->> 'current_period_end')::bigint))
    into v_period_start, v_period_end
    from jsonb_array_elements(coalesce(p_subscription -> 'items' -> 'data', '[]'::jsonb)) as i;
  v_period_start := coalesce(v_period_start, to_timestamp((p_subscription ->> 'current_period_start')::bigint));
  v_period_end := coalesce(v_period_end, to_timestamp((p_subscription ->> 'current_period_end')::bigint));

  -- An unknown user id must not raise (Stripe would retry for days): store the row unlinked.
  if v_user_id is not null and not exists (select 1 from private.accounts a where a.user_id = v_user_id) then
    v_user_id := null;
    v_note := ',unknown_user';
  end if;

  -- No account named: the confirmed account with the checkout's email, if there is exactly one.
  if v_user_id is null and v_email is not null then
    select a.user_id into v_user_id
      from private.accounts a
     where lower(a.email) = lower(v_email) and a.email_confirmed
     limit 1;
    if v_user_id is not null then
      v_note := v_note || ',by_email';
    end if;
  end if;

  -- One write at a time per student (lock_student), taken before the subscription row is read.
  perform private.lock_student(v_user_id);

  select s.user_id into v_existing from public.subscriptions s where s.stripe_subscription_id = v_sub_id;

  insert into public.subscriptions as s (
    stripe_subscription_id, user_id, stripe_customer_id, status, price_id,
    trial_start, trial_end, current_period_start, current_period_end,
    cancel_at_period_end, cancel_at, canceled_at, ended_at, livemode,
    source_version, source_event_id, updated_at)
  values (
    v_sub_id,
    v_user_id,
    coalesce(p_subscription -> 'customer' ->> 'id', p_subscription ->> 'customer'),
    p_subscription ->> 'status',
    p_subscription -> 'items' -> 'data' -> 0 -> 'price' ->> 'id',
    to_timestamp((p_subscription ->> 'trial_start')::bigint),
    to_timestamp((p_subscription ->> 'trial_end')::bigint),
    v_period_start,
    v_period_end,
    coalesce((p_subscription ->> 'cancel_at_period_end')::boolean, false),
    to_timestamp((p_subscription ->> 'cancel_at')::bigint),
    to_timestamp((p_subscription ->> 'canceled_at')::bigint),
    to_timestamp((p_subscription ->> 'ended_at')::bigint),
    coalesce((p_subscription ->> 'livemode')::boolean, false),
    p_source_version,
    p_event_id,
    now())
  on conflict (stripe_subscription_id) do update set
    stripe_customer_id   = excluded.stripe_customer_id,
    status               = excluded.status,
    price_id             = excluded.price_id,
    trial_start          = excluded.trial_start,
    trial_end            = excluded.trial_end,
    current_period_start = excluded.current_period_start,
    current_period_end   = excluded.current_period_end,
    cancel_at_period_end = excluded.cancel_at_period_end,
    cancel_at            = excluded.cancel_at,
    canceled_at          = excluded.canceled_at,
    ended_at             = excluded.ended_at,
    livemode             = excluded.livemode,
    source_version       = excluded.source_version,
    source_event_id      = excluded.source_event_id,
    updated_at           = now()
  where s.source_version <= excluded.source_version;  -- out-of-order delivery: keep the newer snapshot
  get diagnostics v_rows = row_count;

  -- Linking does not depend on snapshot freshness (checkout.session.completed may arrive after
  -- newer subscription events) and never re-points a subscription linked to someone else.
  if v_user_id is not null then
    if v_existing is null then
      update public.subscriptions set user_id = v_user_id
       where stripe_subscription_id = v_sub_id and user_id is null;
      delete from private.unclaimed_checkouts where stripe_subscription_id = v_sub_id;
      v_note := v_note || ',linked';
    elsif v_existing <> v_user_id then
      v_note := v_note || ',user_conflict';
    end if;
  elsif v_email is not null and v_existing is null then
    -- Nobody to link to yet: kept for the first confirmed sign-in with this email.
    insert into private.unclaimed_checkouts (stripe_subscription_id, email)
    values (v_sub_id, v_email)
    on conflict (stripe_subscription_id) do update set email = excluded.email;
    v_note := v_note || ',unclaimed';
  end if;

  return (case when v_rows = 1 then 'applied' else 'stale' end) || v_note;
end;
$$;

ALTER FUNCTION public.stripe_apply_subscription(p_event_id text, p_event_type text, p_event_created timestamp with time zone, p_subscription jsonb, p_source_version timestamp with time zone, p_user_id uuid, p_checkout_email text) OWNER TO postgres;

--
-- Name: submit_custom_test(uuid); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.submit_custom_test(test_id uuid) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

ALTER FUNCTION public.submit_custom_test(test_id uuid) OWNER TO postgres;

--
-- Name: accounts; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.accounts (
    user_id uuid NOT NULL,
    email text,
    email_confirmed boolean DEFAULT false NOT NULL
);

ALTER TABLE private.accounts OWNER TO postgres;

--
-- Name: item_marks; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.item_marks (
    user_id uuid NOT NULL,
    bank text NOT NULL,
    item_id text NOT NULL,
    flagged boolean NOT NULL,
    note text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT item_marks_bank_check CHECK ((bank = ANY (ARRAY['question'::text, 'ngn'::text]))),
    CONSTRAINT item_marks_note_check CHECK ((char_length(note) <= 2000))
);

ALTER TABLE private.item_marks OWNER TO postgres;

--
-- Name: review_schedule; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.review_schedule (
    user_id uuid NOT NULL,
    bank text NOT NULL,
    item_id text NOT NULL,
    due timestamp with time zone NOT NULL,
    stability double precision NOT NULL,
    difficulty double precision NOT NULL,
    scheduled_days integer NOT NULL,
    reps integer NOT NULL,
    lapses integer NOT NULL,
    last_review timestamp with time zone NOT NULL,
    last_correct boolean NOT NULL,
    CONSTRAINT review_schedule_bank_check CHECK ((bank = ANY (ARRAY['question'::text, 'ngn'::text])))
);

ALTER TABLE private.review_schedule OWNER TO postgres;

--
-- Name: served_items; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.served_items (
    user_id uuid NOT NULL,
    bank text NOT NULL,
    item_id text NOT NULL,
    served_at timestamp with time zone NOT NULL,
    answered_in uuid,
    CONSTRAINT served_items_bank_check CHECK ((bank = ANY (ARRAY['question'::text, 'ngn'::text])))
);

ALTER TABLE private.served_items OWNER TO postgres;

--
-- Name: stripe_events; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.stripe_events (
    event_id text NOT NULL,
    event_type text NOT NULL,
    stripe_created_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE private.stripe_events OWNER TO postgres;

--
-- Name: student_category_stats; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_category_stats (
    user_id uuid NOT NULL,
    category text NOT NULL,
    answered integer NOT NULL,
    correct integer NOT NULL
);

ALTER TABLE private.student_category_stats OWNER TO postgres;

--
-- Name: student_custom_stats; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_custom_stats (
    user_id uuid NOT NULL,
    bank text NOT NULL,
    step text NOT NULL,
    category text NOT NULL,
    answered integer NOT NULL,
    points integer NOT NULL,
    max_points integer NOT NULL,
    CONSTRAINT student_custom_stats_bank_check CHECK ((bank = ANY (ARRAY['question'::text, 'ngn'::text])))
);

ALTER TABLE private.student_custom_stats OWNER TO postgres;

--
-- Name: student_judgment_stats; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_judgment_stats (
    user_id uuid NOT NULL,
    step text NOT NULL,
    category text NOT NULL,
    answered integer NOT NULL,
    points integer NOT NULL,
    max_points integer NOT NULL
);

ALTER TABLE private.student_judgment_stats OWNER TO postgres;

--
-- Name: student_judgment_totals; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_judgment_totals (
    user_id uuid NOT NULL,
    sets integer NOT NULL,
    points integer NOT NULL,
    max_points integer NOT NULL
);

ALTER TABLE private.student_judgment_totals OWNER TO postgres;

--
-- Name: student_question_status; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_question_status (
    user_id uuid NOT NULL,
    question_id text NOT NULL,
    times_seen integer NOT NULL,
    times_correct integer NOT NULL,
    last_correct boolean NOT NULL,
    last_answered_at timestamp with time zone NOT NULL
);

ALTER TABLE private.student_question_status OWNER TO postgres;

--
-- Name: student_totals; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_totals (
    user_id uuid NOT NULL,
    sets integer NOT NULL,
    answered integer NOT NULL,
    correct integer NOT NULL,
    questions_seen integer NOT NULL
);

ALTER TABLE private.student_totals OWNER TO postgres;

--
-- Name: student_write_quota; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.student_write_quota (
    user_id uuid NOT NULL,
    window_start timestamp with time zone NOT NULL,
    writes integer NOT NULL
);

ALTER TABLE private.student_write_quota OWNER TO postgres;

--
-- Name: unclaimed_checkouts; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE private.unclaimed_checkouts (
    stripe_subscription_id text NOT NULL,
    email text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE private.unclaimed_checkouts OWNER TO postgres;

--
-- Name: custom_test_items; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.custom_test_items (
    test_id uuid NOT NULL,
    "position" smallint NOT NULL,
    user_id uuid NOT NULL,
    bank text NOT NULL,
    item_id text NOT NULL,
    case_id text,
    category text NOT NULL,
    step text,
    max_points smallint NOT NULL,
    response jsonb,
    answered_at timestamp with time zone,
    seconds_spent integer DEFAULT 0 NOT NULL,
    points smallint,
    CONSTRAINT custom_test_items_bank_check CHECK ((bank = ANY (ARRAY['question'::text, 'ngn'::text]))),
    CONSTRAINT custom_test_items_seconds_spent_check CHECK (((seconds_spent >= 0) AND (seconds_spent <= 86400)))
);

ALTER TABLE public.custom_test_items OWNER TO postgres;

--
-- Name: judgment_answers; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.judgment_answers (
    set_id uuid NOT NULL,
    "position" smallint NOT NULL,
    user_id uuid NOT NULL,
    item_id text NOT NULL,
    type text NOT NULL,
    category text NOT NULL,
    step text NOT NULL,
    response jsonb NOT NULL,
    points smallint NOT NULL,
    max_points smallint NOT NULL
);

ALTER TABLE public.judgment_answers OWNER TO postgres;

--
-- Name: judgment_sets; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.judgment_sets (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    case_id text,
    started_at timestamp with time zone NOT NULL,
    submitted_at timestamp with time zone NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    points integer NOT NULL,
    max_points integer NOT NULL,
    counted boolean DEFAULT true NOT NULL,
    CONSTRAINT judgment_sets_check CHECK (((kind = 'case'::text) = (case_id IS NOT NULL))),
    CONSTRAINT judgment_sets_kind_check CHECK ((kind = ANY (ARRAY['standalone'::text, 'case'::text])))
);

ALTER TABLE public.judgment_sets OWNER TO postgres;

--
-- Name: mock_exam_items; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mock_exam_items (
    exam_id uuid NOT NULL,
    ordinal integer NOT NULL,
    user_id uuid NOT NULL,
    item_id text NOT NULL,
    bank text NOT NULL,
    kind text NOT NULL,
    case_study_id text,
    token uuid DEFAULT gen_random_uuid() NOT NULL,
    served_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mock_exam_items_bank_check CHECK ((bank = ANY (ARRAY['classic'::text, 'ngn'::text]))),
    CONSTRAINT mock_exam_items_kind_check CHECK ((kind = ANY (ARRAY['scored'::text, 'pretest'::text]))),
    CONSTRAINT mock_exam_items_ordinal_check CHECK (((ordinal >= 1) AND (ordinal <= 150)))
);

ALTER TABLE public.mock_exam_items OWNER TO postgres;

--
-- Name: mock_exam_responses; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mock_exam_responses (
    exam_id uuid NOT NULL,
    ordinal integer NOT NULL,
    user_id uuid NOT NULL,
    response jsonb NOT NULL,
    points smallint NOT NULL,
    max_points smallint NOT NULL,
    answered_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mock_exam_responses_check CHECK (((max_points >= 1) AND (points <= max_points))),
    CONSTRAINT mock_exam_responses_points_check CHECK ((points >= 0))
);

ALTER TABLE public.mock_exam_responses OWNER TO postgres;

--
-- Name: mock_exams; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mock_exams (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    status text DEFAULT 'in_progress'::text NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    time_limit_minutes integer DEFAULT 300 NOT NULL,
    plan jsonb NOT NULL,
    state jsonb NOT NULL,
    current_ordinal integer,
    pending jsonb,
    finished_at timestamp with time zone,
    stop_rule text,
    passed boolean,
    estimate double precision,
    standard_error double precision,
    pass_probability double precision,
    CONSTRAINT mock_exams_check CHECK (((status = 'finished'::text) = (finished_at IS NOT NULL))),
    CONSTRAINT mock_exams_check1 CHECK (((status = 'finished'::text) OR (current_ordinal IS NOT NULL))),
    CONSTRAINT mock_exams_status_check CHECK ((status = ANY (ARRAY['in_progress'::text, 'finished'::text]))),
    CONSTRAINT mock_exams_stop_rule_check CHECK ((stop_rule = ANY (ARRAY['confidence'::text, 'maximum-length'::text, 'time'::text]))),
    CONSTRAINT mock_exams_time_limit_minutes_check CHECK ((time_limit_minutes > 0))
);

ALTER TABLE public.mock_exams OWNER TO postgres;

--
-- Name: nclex_results; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.nclex_results (
    user_id uuid NOT NULL,
    passed boolean NOT NULL,
    taken_on date NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.nclex_results OWNER TO postgres;

--
-- Name: ngn_cases; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.ngn_cases (
    id text NOT NULL,
    title text NOT NULL,
    setting text NOT NULL,
    category text NOT NULL,
    difficulty text NOT NULL,
    intro text NOT NULL
);

ALTER TABLE public.ngn_cases OWNER TO postgres;

--
-- Name: ngn_items; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.ngn_items (
    id text NOT NULL,
    case_id text,
    "position" smallint,
    type text NOT NULL,
    category text NOT NULL,
    step text NOT NULL,
    setting text NOT NULL,
    difficulty text NOT NULL,
    trend boolean DEFAULT false NOT NULL,
    item jsonb NOT NULL,
    scoring jsonb NOT NULL,
    max_points smallint NOT NULL,
    CONSTRAINT ngn_items_check CHECK ((max_points = private.ngn_max_points(scoring))),
    CONSTRAINT ngn_items_check1 CHECK (((case_id IS NULL) = ("position" IS NULL))),
    CONSTRAINT ngn_items_position_check CHECK ((("position" >= 1) AND ("position" <= 6))),
    CONSTRAINT ngn_items_step_check CHECK ((step = ANY (private.judgment_steps()))),
    CONSTRAINT ngn_items_type_check CHECK ((type = ANY (ARRAY['multiple-response'::text, 'matrix'::text, 'drop-down'::text, 'drag-and-drop'::text, 'highlight'::text, 'bow-tie'::text])))
);

ALTER TABLE public.ngn_items OWNER TO postgres;

--
-- Name: practice_answers; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.practice_answers (
    set_id uuid NOT NULL,
    "position" smallint NOT NULL,
    user_id uuid NOT NULL,
    question_id text NOT NULL,
    category text,
    chosen_option_id text NOT NULL,
    correct_option_id text NOT NULL,
    is_correct boolean NOT NULL
);

ALTER TABLE public.practice_answers OWNER TO postgres;

--
-- Name: practice_sets; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.practice_sets (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    layout text NOT NULL,
    focus text DEFAULT 'mixed'::text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    submitted_at timestamp with time zone NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    question_count smallint NOT NULL,
    correct_count smallint NOT NULL,
    counted boolean DEFAULT true NOT NULL,
    CONSTRAINT practice_sets_focus_check CHECK ((focus = ANY (ARRAY['mixed'::text, 'weakest'::text, 'missed'::text]))),
    CONSTRAINT practice_sets_layout_check CHECK ((layout = ANY (ARRAY['one'::text, 'all'::text])))
);

ALTER TABLE public.practice_sets OWNER TO postgres;

--
-- Name: question_options; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.question_options (
    id text NOT NULL,
    question_id text NOT NULL,
    "position" smallint NOT NULL,
    label text NOT NULL,
    is_correct boolean NOT NULL
);

ALTER TABLE public.question_options OWNER TO postgres;

--
-- Name: questions; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.questions (
    id text NOT NULL,
    category text,
    difficulty text,
    stem text NOT NULL,
    rationale text NOT NULL,
    pick_key integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.questions OWNER TO postgres;

--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (user_id);

--
-- Name: item_marks item_marks_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.item_marks
    ADD CONSTRAINT item_marks_pkey PRIMARY KEY (user_id, bank, item_id);

--
-- Name: review_schedule review_schedule_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.review_schedule
    ADD CONSTRAINT review_schedule_pkey PRIMARY KEY (user_id, bank, item_id);

--
-- Name: served_items served_items_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.served_items
    ADD CONSTRAINT served_items_pkey PRIMARY KEY (user_id, bank, item_id);

--
-- Name: stripe_events stripe_events_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (event_id);

--
-- Name: student_category_stats student_category_stats_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_category_stats
    ADD CONSTRAINT student_category_stats_pkey PRIMARY KEY (user_id, category);

--
-- Name: student_custom_stats student_custom_stats_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_custom_stats
    ADD CONSTRAINT student_custom_stats_pkey PRIMARY KEY (user_id, bank, step, category);

--
-- Name: student_judgment_stats student_judgment_stats_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_judgment_stats
    ADD CONSTRAINT student_judgment_stats_pkey PRIMARY KEY (user_id, step, category);

--
-- Name: student_judgment_totals student_judgment_totals_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_judgment_totals
    ADD CONSTRAINT student_judgment_totals_pkey PRIMARY KEY (user_id);

--
-- Name: student_question_status student_question_status_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_question_status
    ADD CONSTRAINT student_question_status_pkey PRIMARY KEY (user_id, question_id);

--
-- Name: student_totals student_totals_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_totals
    ADD CONSTRAINT student_totals_pkey PRIMARY KEY (user_id);

--
-- Name: student_write_quota student_write_quota_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_write_quota
    ADD CONSTRAINT student_write_quota_pkey PRIMARY KEY (user_id);

--
-- Name: unclaimed_checkouts unclaimed_checkouts_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.unclaimed_checkouts
    ADD CONSTRAINT unclaimed_checkouts_pkey PRIMARY KEY (stripe_subscription_id);

--
-- Name: custom_test_items custom_test_items_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.custom_test_items
    ADD CONSTRAINT custom_test_items_pkey PRIMARY KEY (test_id, "position");

--
-- Name: custom_test_items custom_test_items_test_id_bank_item_id_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.custom_test_items
    ADD CONSTRAINT custom_test_items_test_id_bank_item_id_key UNIQUE (test_id, bank, item_id);

--
-- Name: custom_tests custom_tests_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.custom_tests
    ADD CONSTRAINT custom_tests_pkey PRIMARY KEY (id);

--
-- Name: judgment_answers judgment_answers_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.judgment_answers
    ADD CONSTRAINT judgment_answers_pkey PRIMARY KEY (set_id, "position");

--
-- Name: judgment_sets judgment_sets_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.judgment_sets
    ADD CONSTRAINT judgment_sets_pkey PRIMARY KEY (id);

--
-- Name: mock_exam_items mock_exam_items_exam_id_item_id_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exam_items
    ADD CONSTRAINT mock_exam_items_exam_id_item_id_key UNIQUE (exam_id, item_id);

--
-- Name: mock_exam_items mock_exam_items_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exam_items
    ADD CONSTRAINT mock_exam_items_pkey PRIMARY KEY (exam_id, ordinal);

--
-- Name: mock_exam_responses mock_exam_responses_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exam_responses
    ADD CONSTRAINT mock_exam_responses_pkey PRIMARY KEY (exam_id, ordinal);

--
-- Name: mock_exams mock_exams_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exams
    ADD CONSTRAINT mock_exams_pkey PRIMARY KEY (id);

--
-- Name: nclex_results nclex_results_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.nclex_results
    ADD CONSTRAINT nclex_results_pkey PRIMARY KEY (user_id);

--
-- Name: ngn_cases ngn_cases_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.ngn_cases
    ADD CONSTRAINT ngn_cases_pkey PRIMARY KEY (id);

--
-- Name: ngn_items ngn_items_case_id_position_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.ngn_items
    ADD CONSTRAINT ngn_items_case_id_position_key UNIQUE (case_id, "position");

--
-- Name: ngn_items ngn_items_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.ngn_items
    ADD CONSTRAINT ngn_items_pkey PRIMARY KEY (id);

--
-- Name: practice_answers practice_answers_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.practice_answers
    ADD CONSTRAINT practice_answers_pkey PRIMARY KEY (set_id, "position");

--
-- Name: practice_sets practice_sets_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.practice_sets
    ADD CONSTRAINT practice_sets_pkey PRIMARY KEY (id);

--
-- Name: question_options question_options_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.question_options
    ADD CONSTRAINT question_options_pkey PRIMARY KEY (id);

--
-- Name: questions questions_pick_key_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.questions
    ADD CONSTRAINT questions_pick_key_key UNIQUE (pick_key);

--
-- Name: questions questions_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.questions
    ADD CONSTRAINT questions_pkey PRIMARY KEY (id);

--
-- Name: subscriptions subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (stripe_subscription_id);

--
-- Name: accounts_confirmed_email_idx; Type: INDEX; Schema: private; Owner: postgres
--

CREATE INDEX accounts_confirmed_email_idx ON private.accounts USING btree (lower(email)) WHERE email_confirmed;

--
-- Name: review_schedule_due_idx; Type: INDEX; Schema: private; Owner: postgres
--

CREATE INDEX review_schedule_due_idx ON private.review_schedule USING btree (user_id, due);

--
-- Name: student_question_status_missed_idx; Type: INDEX; Schema: private; Owner: postgres
--

CREATE INDEX student_question_status_missed_idx ON private.student_question_status USING btree (user_id, question_id) WHERE (NOT last_correct);

--
-- Name: unclaimed_checkouts_email_idx; Type: INDEX; Schema: private; Owner: postgres
--

CREATE INDEX unclaimed_checkouts_email_idx ON private.unclaimed_checkouts USING btree (lower(email));

--
-- Name: custom_tests_user_started_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX custom_tests_user_started_idx ON public.custom_tests USING btree (user_id, started_at DESC);

--
-- Name: judgment_answers_user_item_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX judgment_answers_user_item_idx ON public.judgment_answers USING btree (user_id, item_id);

--
-- Name: judgment_sets_user_case_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX judgment_sets_user_case_idx ON public.judgment_sets USING btree (user_id, case_id) WHERE (case_id IS NOT NULL);

--
-- Name: judgment_sets_user_submitted_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX judgment_sets_user_submitted_idx ON public.judgment_sets USING btree (user_id, submitted_at DESC);

--
-- Name: mock_exams_one_in_progress; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX mock_exams_one_in_progress ON public.mock_exams USING btree (user_id) WHERE (status = 'in_progress'::text);

--
-- Name: mock_exams_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX mock_exams_user_idx ON public.mock_exams USING btree (user_id, started_at DESC);

--
-- Name: practice_answers_user_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX practice_answers_user_idx ON public.practice_answers USING btree (user_id);

--
-- Name: practice_sets_user_submitted_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX practice_sets_user_submitted_idx ON public.practice_sets USING btree (user_id, submitted_at DESC);

--
-- Name: question_options_question_id_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX question_options_question_id_idx ON public.question_options USING btree (question_id, "position");

--
-- Name: questions_category_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX questions_category_idx ON public.questions USING btree (category);

--
-- Name: subscriptions_user_id_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX subscriptions_user_id_idx ON public.subscriptions USING btree (user_id);

--
-- Name: judgment_answers judgment_answers_review; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER judgment_answers_review AFTER INSERT ON public.judgment_answers FOR EACH ROW EXECUTE FUNCTION private.review_judgment_answer();

--
-- Name: practice_answers practice_answers_review; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER practice_answers_review AFTER INSERT ON public.practice_answers FOR EACH ROW EXECUTE FUNCTION private.review_practice_answer();

--
-- Name: questions questions_assign_pick_key; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER questions_assign_pick_key BEFORE INSERT ON public.questions FOR EACH ROW EXECUTE FUNCTION private.questions_assign_pick_key();

--
-- Name: questions questions_fill_pick_key_holes; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER questions_fill_pick_key_holes AFTER DELETE ON public.questions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION private.questions_fill_pick_key_holes();

--
-- Name: questions questions_keep_pick_key; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE TRIGGER questions_keep_pick_key BEFORE UPDATE OF pick_key ON public.questions FOR EACH ROW EXECUTE FUNCTION private.questions_keep_pick_key();

--
-- Name: accounts accounts_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.accounts
    ADD CONSTRAINT accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: item_marks item_marks_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.item_marks
    ADD CONSTRAINT item_marks_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: review_schedule review_schedule_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.review_schedule
    ADD CONSTRAINT review_schedule_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: served_items served_items_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.served_items
    ADD CONSTRAINT served_items_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_category_stats student_category_stats_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_category_stats
    ADD CONSTRAINT student_category_stats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_custom_stats student_custom_stats_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_custom_stats
    ADD CONSTRAINT student_custom_stats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_judgment_stats student_judgment_stats_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_judgment_stats
    ADD CONSTRAINT student_judgment_stats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_judgment_totals student_judgment_totals_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_judgment_totals
    ADD CONSTRAINT student_judgment_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_question_status student_question_status_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_question_status
    ADD CONSTRAINT student_question_status_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_totals student_totals_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_totals
    ADD CONSTRAINT student_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: student_write_quota student_write_quota_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.student_write_quota
    ADD CONSTRAINT student_write_quota_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: unclaimed_checkouts unclaimed_checkouts_stripe_subscription_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY private.unclaimed_checkouts
    ADD CONSTRAINT unclaimed_checkouts_stripe_subscription_id_fkey FOREIGN KEY (stripe_subscription_id) REFERENCES public.subscriptions(stripe_subscription_id) ON DELETE CASCADE;

--
-- Name: custom_test_items custom_test_items_test_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.custom_test_items
    ADD CONSTRAINT custom_test_items_test_id_fkey FOREIGN KEY (test_id) REFERENCES public.custom_tests(id) ON DELETE CASCADE;

--
-- Name: custom_tests custom_tests_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.custom_tests
    ADD CONSTRAINT custom_tests_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: judgment_answers judgment_answers_set_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.judgment_answers
    ADD CONSTRAINT judgment_answers_set_id_fkey FOREIGN KEY (set_id) REFERENCES public.judgment_sets(id) ON DELETE CASCADE;

--
-- Name: judgment_sets judgment_sets_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.judgment_sets
    ADD CONSTRAINT judgment_sets_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: mock_exam_items mock_exam_items_exam_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exam_items
    ADD CONSTRAINT mock_exam_items_exam_id_fkey FOREIGN KEY (exam_id) REFERENCES public.mock_exams(id) ON DELETE CASCADE;

--
-- Name: mock_exam_responses mock_exam_responses_exam_id_ordinal_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exam_responses
    ADD CONSTRAINT mock_exam_responses_exam_id_ordinal_fkey FOREIGN KEY (exam_id, ordinal) REFERENCES public.mock_exam_items(exam_id, ordinal) ON DELETE CASCADE;

--
-- Name: mock_exams mock_exams_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.mock_exams
    ADD CONSTRAINT mock_exams_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: nclex_results nclex_results_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.nclex_results
    ADD CONSTRAINT nclex_results_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: ngn_items ngn_items_case_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.ngn_items
    ADD CONSTRAINT ngn_items_case_id_fkey FOREIGN KEY (case_id) REFERENCES public.ngn_cases(id) ON DELETE CASCADE;

--
-- Name: practice_answers practice_answers_set_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.practice_answers
    ADD CONSTRAINT practice_answers_set_id_fkey FOREIGN KEY (set_id) REFERENCES public.practice_sets(id) ON DELETE CASCADE;

--
-- Name: practice_sets practice_sets_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.practice_sets
    ADD CONSTRAINT practice_sets_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: question_options question_options_question_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.question_options
    ADD CONSTRAINT question_options_question_id_fkey FOREIGN KEY (question_id) REFERENCES public.questions(id) ON DELETE CASCADE;

--
-- Name: subscriptions subscriptions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

--
-- Name: accounts; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.accounts ENABLE ROW LEVEL SECURITY;

--
-- Name: item_marks; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.item_marks ENABLE ROW LEVEL SECURITY;

--
-- Name: review_schedule; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.review_schedule ENABLE ROW LEVEL SECURITY;

--
-- Name: served_items; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.served_items ENABLE ROW LEVEL SECURITY;

--
-- Name: stripe_events; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.stripe_events ENABLE ROW LEVEL SECURITY;

--
-- Name: student_category_stats; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_category_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: student_custom_stats; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_custom_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: student_judgment_stats; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_judgment_stats ENABLE ROW LEVEL SECURITY;

--
-- Name: student_judgment_totals; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_judgment_totals ENABLE ROW LEVEL SECURITY;

--
-- Name: student_question_status; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_question_status ENABLE ROW LEVEL SECURITY;

--
-- Name: student_totals; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_totals ENABLE ROW LEVEL SECURITY;

--
-- Name: student_write_quota; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.student_write_quota ENABLE ROW LEVEL SECURITY;

--
-- Name: unclaimed_checkouts; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE private.unclaimed_checkouts ENABLE ROW LEVEL SECURITY;

--
-- Name: custom_test_items; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.custom_test_items ENABLE ROW LEVEL SECURITY;

--
-- Name: custom_tests; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.custom_tests ENABLE ROW LEVEL SECURITY;

--
-- Name: judgment_answers; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.judgment_answers ENABLE ROW LEVEL SECURITY;

--
-- Name: judgment_answers judgment_answers_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY judgment_answers_select_own ON public.judgment_answers FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: judgment_sets; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.judgment_sets ENABLE ROW LEVEL SECURITY;

--
-- Name: judgment_sets judgment_sets_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY judgment_sets_select_own ON public.judgment_sets FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: mock_exam_items; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.mock_exam_items ENABLE ROW LEVEL SECURITY;

--
-- Name: mock_exam_items mock_exam_items_select_own_finished; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY mock_exam_items_select_own_finished ON public.mock_exam_items FOR SELECT TO authenticated USING (((( SELECT auth.uid() AS uid) = user_id) AND (EXISTS ( SELECT 1
   FROM public.mock_exams e
  WHERE ((e.id = mock_exam_items.exam_id) AND (e.status = 'finished'::text))))));

--
-- Name: mock_exam_responses; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.mock_exam_responses ENABLE ROW LEVEL SECURITY;

--
-- Name: mock_exam_responses mock_exam_responses_select_own_finished; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY mock_exam_responses_select_own_finished ON public.mock_exam_responses FOR SELECT TO authenticated USING (((( SELECT auth.uid() AS uid) = user_id) AND (EXISTS ( SELECT 1
   FROM public.mock_exams e
  WHERE ((e.id = mock_exam_responses.exam_id) AND (e.status = 'finished'::text))))));

--
-- Name: mock_exams; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.mock_exams ENABLE ROW LEVEL SECURITY;

--
-- Name: mock_exams mock_exams_select_own_finished; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY mock_exams_select_own_finished ON public.mock_exams FOR SELECT TO authenticated USING (((( SELECT auth.uid() AS uid) = user_id) AND (status = 'finished'::text)));

--
-- Name: nclex_results; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.nclex_results ENABLE ROW LEVEL SECURITY;

--
-- Name: nclex_results nclex_results_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY nclex_results_select_own ON public.nclex_results FOR SELECT TO authenticated USING ((( SELECT auth.uid() AS uid) = user_id));

--
-- Name: ngn_cases; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.ngn_cases ENABLE ROW LEVEL SECURITY;

--
-- Name: ngn_items; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.ngn_items ENABLE ROW LEVEL SECURITY;

--
-- Name: practice_answers; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.practice_answers ENABLE ROW LEVEL SECURITY;

--
-- Name: practice_answers practice_answers_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY practice_answers_select_own ON public.practice_answers FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: practice_sets; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.practice_sets ENABLE ROW LEVEL SECURITY;

--
-- Name: practice_sets practice_sets_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY practice_sets_select_own ON public.practice_sets FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

--
-- Name: question_options; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.question_options ENABLE ROW LEVEL SECURITY;

--
-- Name: questions; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.questions ENABLE ROW LEVEL SECURITY;

--
-- Name: subscriptions; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE public.subscriptions ENABLE ROW LEVEL SECURITY;

--
-- Name: subscriptions subscriptions_select_own; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY subscriptions_select_own ON public.subscriptions FOR SELECT TO authenticated USING ((( SELECT auth.uid() AS uid) = user_id));

--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: pg_database_owner
--

GRANT ALL ON SCHEMA public TO postgres;
GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;

--
-- Name: FUNCTION check_set_times(p_started timestamp with time zone, p_submitted timestamp with time zone, p_what text); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.check_set_times(p_started timestamp with time zone, p_submitted timestamp with time zone, p_what text) FROM PUBLIC;

--
-- Name: FUNCTION check_utc_offset(p_minutes integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.check_utc_offset(p_minutes integer) FROM PUBLIC;

--
-- Name: FUNCTION claim_checkouts(p_user_id uuid, p_email text); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.claim_checkouts(p_user_id uuid, p_email text) FROM PUBLIC;

--
-- Name: FUNCTION claim_checkouts_on_confirmed_email(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.claim_checkouts_on_confirmed_email() FROM PUBLIC;

--
-- Name: FUNCTION client_need_categories(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.client_need_categories() FROM PUBLIC;

--
-- Name: FUNCTION count_practice_set(p_set_id uuid, p_user uuid, p_submitted timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.count_practice_set(p_set_id uuid, p_user uuid, p_submitted timestamp with time zone) FROM PUBLIC;

--
-- Name: TABLE subscriptions; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.subscriptions TO service_role;
GRANT SELECT ON TABLE public.subscriptions TO authenticated;

--
-- Name: FUNCTION counts_for_access(s public.subscriptions, at_time timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.counts_for_access(s public.subscriptions, at_time timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION custom_item_points(p_bank text, p_item text, p_response jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.custom_item_points(p_bank text, p_item text, p_response jsonb) FROM PUBLIC;

--
-- Name: FUNCTION custom_test_items_json(p_test public.custom_tests, p_access boolean, p_position integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.custom_test_items_json(p_test public.custom_tests, p_access boolean, p_position integer) FROM PUBLIC;

--
-- Name: FUNCTION custom_test_json(p_test public.custom_tests); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.custom_test_json(p_test public.custom_tests) FROM PUBLIC;

--
-- Name: FUNCTION custom_test_settings(p_settings jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.custom_test_settings(p_settings jsonb) FROM PUBLIC;

--
-- Name: FUNCTION custom_test_size(p_count integer, p_kinds text[], p_singles integer, p_cases integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.custom_test_size(p_count integer, p_kinds text[], p_singles integer, p_cases integer) FROM PUBLIC;

--
-- Name: FUNCTION custom_test_units(p_user uuid, p_day_end timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.custom_test_units(p_user uuid, p_day_end timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION end_of_student_day(p_utc_offset_minutes integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.end_of_student_day(p_utc_offset_minutes integer) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_factor(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_factor() FROM PUBLIC;

--
-- Name: FUNCTION fsrs_init_difficulty(p_grade integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_init_difficulty(p_grade integer) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_interval(p_stability double precision); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_interval(p_stability double precision) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_next_difficulty(p_difficulty double precision, p_grade integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_next_difficulty(p_difficulty double precision, p_grade integer) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_next_stability(p_difficulty double precision, p_stability double precision, p_retrievability double precision, p_grade integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_next_stability(p_difficulty double precision, p_stability double precision, p_retrievability double precision, p_grade integer) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_retrievability(p_days integer, p_stability double precision); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_retrievability(p_days integer, p_stability double precision) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_review(p_difficulty double precision, p_stability double precision, p_days integer, p_grade integer, OUT difficulty double precision, OUT stability double precision, OUT interval_days integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_review(p_difficulty double precision, p_stability double precision, p_days integer, p_grade integer, OUT difficulty double precision, OUT stability double precision, OUT interval_days integer) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_round(p_value double precision, p_decimals integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_round(p_value double precision, p_decimals integer) FROM PUBLIC;

--
-- Name: FUNCTION fsrs_w(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.fsrs_w() FROM PUBLIC;

--
-- Name: FUNCTION is_first_trial(s public.subscriptions); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.is_first_trial(s public.subscriptions) FROM PUBLIC;

--
-- Name: FUNCTION json_text_array(p_value jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.json_text_array(p_value jsonb) FROM PUBLIC;

--
-- Name: FUNCTION judgment_steps(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.judgment_steps() FROM PUBLIC;
GRANT ALL ON FUNCTION private.judgment_steps() TO service_role;

--
-- Name: FUNCTION learning_record_mismatches(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.learning_record_mismatches(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION lock_student(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.lock_student(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION mock_exam_close(p_exam uuid, p_state jsonb, p_result jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.mock_exam_close(p_exam uuid, p_state jsonb, p_result jsonb) FROM PUBLIC;

--
-- Name: FUNCTION mock_exam_history_sets(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.mock_exam_history_sets(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION ngn_counted_picks(p_group jsonb, p_response jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.ngn_counted_picks(p_group jsonb, p_response jsonb) FROM PUBLIC;

--
-- Name: FUNCTION ngn_item_without_keys(p_value jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.ngn_item_without_keys(p_value jsonb) FROM PUBLIC;

--
-- Name: FUNCTION ngn_max_points(p_scoring jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.ngn_max_points(p_scoring jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.ngn_max_points(p_scoring jsonb) TO service_role;

--
-- Name: FUNCTION ngn_response_problem(p_scoring jsonb, p_response jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.ngn_response_problem(p_scoring jsonb, p_response jsonb) FROM PUBLIC;

--
-- Name: FUNCTION note_served(p_user uuid, p_bank text, p_ids text[]); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.note_served(p_user uuid, p_bank text, p_ids text[]) FROM PUBLIC;

--
-- Name: FUNCTION own_custom_test(p_test_id uuid, p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.own_custom_test(p_test_id uuid, p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION pick_practice_question_ids(p_user uuid, p_count integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.pick_practice_question_ids(p_user uuid, p_count integer) FROM PUBLIC;

--
-- Name: FUNCTION pick_random_question_ids(p_count integer, p_exclude text[]); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.pick_random_question_ids(p_count integer, p_exclude text[]) FROM PUBLIC;

--
-- Name: FUNCTION practice_questions_json(p_ids text[]); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.practice_questions_json(p_ids text[]) FROM PUBLIC;

--
-- Name: FUNCTION practice_record_mismatches(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.practice_record_mismatches(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION questions_assign_pick_key(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.questions_assign_pick_key() FROM PUBLIC;

--
-- Name: FUNCTION questions_fill_pick_key_holes(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.questions_fill_pick_key_holes() FROM PUBLIC;

--
-- Name: FUNCTION questions_keep_pick_key(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.questions_keep_pick_key() FROM PUBLIC;

--
-- Name: FUNCTION recorded_judgment_set_result(p_set_id uuid, p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.recorded_judgment_set_result(p_set_id uuid, p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION recorded_practice_set_result(p_set_id uuid, p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.recorded_practice_set_result(p_set_id uuid, p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION require_practice_access(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.require_practice_access() FROM PUBLIC;

--
-- Name: FUNCTION require_student(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.require_student() FROM PUBLIC;

--
-- Name: FUNCTION reset_sets_history(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.reset_sets_history() FROM PUBLIC;

--
-- Name: FUNCTION results_bank_size(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_bank_size(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_categories(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_categories(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_judgment(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_judgment(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_judgment_sets(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_judgment_sets(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_missed_count(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_missed_count(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_over_time(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_over_time(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_practice_categories(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_practice_categories(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_practice_totals(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_practice_totals(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_recent_sets(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_recent_sets(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_seen_count(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_seen_count(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_totals(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_totals(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION results_weakest(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.results_weakest(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION review_item(p_user uuid, p_bank text, p_item text, p_correct boolean, p_at timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.review_item(p_user uuid, p_bank text, p_item text, p_correct boolean, p_at timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION review_judgment_answer(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.review_judgment_answer() FROM PUBLIC;

--
-- Name: FUNCTION review_practice_answer(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.review_practice_answer() FROM PUBLIC;

--
-- Name: FUNCTION score_ngn_response(p_scoring jsonb, p_response jsonb); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.score_ngn_response(p_scoring jsonb, p_response jsonb) FROM PUBLIC;

--
-- Name: FUNCTION served_window(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.served_window() FROM PUBLIC;

--
-- Name: FUNCTION subscription_access_end(s public.subscriptions); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.subscription_access_end(s public.subscriptions) FROM PUBLIC;

--
-- Name: FUNCTION subscription_grants_access(s public.subscriptions, at_time timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.subscription_grants_access(s public.subscriptions, at_time timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION take_served(p_user uuid, p_bank text, p_ids text[], p_set_id uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.take_served(p_user uuid, p_bank text, p_ids text[], p_set_id uuid) FROM PUBLIC;

--
-- Name: FUNCTION unit_in_pool(p_pool text, p_unused boolean, p_incorrect boolean, p_flagged boolean, p_due boolean); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.unit_in_pool(p_pool text, p_unused boolean, p_incorrect boolean, p_flagged boolean, p_due boolean) FROM PUBLIC;

--
-- Name: FUNCTION use_write_quota(p_user uuid); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.use_write_quota(p_user uuid) FROM PUBLIC;

--
-- Name: FUNCTION user_has_access(p_user_id uuid, at_time timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.user_has_access(p_user_id uuid, at_time timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION write_quota_per_hour(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION private.write_quota_per_hour() FROM PUBLIC;

--
-- Name: FUNCTION answer_custom_test_item(test_id uuid, "position" integer, response jsonb, seconds_spent integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.answer_custom_test_item(test_id uuid, "position" integer, response jsonb, seconds_spent integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.answer_custom_test_item(test_id uuid, "position" integer, response jsonb, seconds_spent integer) TO authenticated;
GRANT ALL ON FUNCTION public.answer_custom_test_item(test_id uuid, "position" integer, response jsonb, seconds_spent integer) TO service_role;

--
-- Name: FUNCTION check_user_entitlement(check_user_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.check_user_entitlement(check_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_user_entitlement(check_user_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.check_user_entitlement(check_user_id uuid) TO service_role;

--
-- Name: FUNCTION customer_for_portal(p_user_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.customer_for_portal(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.customer_for_portal(p_user_id uuid) TO service_role;

--
-- Name: FUNCTION get_billing_status(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_billing_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_billing_status() TO authenticated;
GRANT ALL ON FUNCTION public.get_billing_status() TO service_role;

--
-- Name: FUNCTION get_clinical_judgment_set(kind text, item_limit integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_clinical_judgment_set(kind text, item_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_clinical_judgment_set(kind text, item_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_clinical_judgment_set(kind text, item_limit integer) TO service_role;

--
-- Name: FUNCTION get_custom_test(test_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_custom_test(test_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_custom_test(test_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_custom_test(test_id uuid) TO service_role;

--
-- Name: FUNCTION get_custom_test_counts(settings jsonb); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_custom_test_counts(settings jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_custom_test_counts(settings jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.get_custom_test_counts(settings jsonb) TO service_role;

--
-- Name: FUNCTION get_focused_practice_questions(focus text, question_limit integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_focused_practice_questions(focus text, question_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_focused_practice_questions(focus text, question_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_focused_practice_questions(focus text, question_limit integer) TO service_role;

--
-- Name: FUNCTION get_judgment_set_review(set_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_judgment_set_review(set_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_judgment_set_review(set_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_judgment_set_review(set_id uuid) TO service_role;

--
-- Name: FUNCTION get_mock_exam_record(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_mock_exam_record() FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_mock_exam_record() TO authenticated;
GRANT ALL ON FUNCTION public.get_mock_exam_record() TO service_role;

--
-- Name: FUNCTION get_practice_questions(question_limit integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_practice_questions(question_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_practice_questions(question_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_practice_questions(question_limit integer) TO service_role;

--
-- Name: FUNCTION get_practice_set(set_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_practice_set(set_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_practice_set(set_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.get_practice_set(set_id uuid) TO service_role;

--
-- Name: FUNCTION get_results_summary(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_results_summary() FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_results_summary() TO authenticated;
GRANT ALL ON FUNCTION public.get_results_summary() TO service_role;

--
-- Name: FUNCTION get_review_due_count(utc_offset_minutes integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.get_review_due_count(utc_offset_minutes integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_review_due_count(utc_offset_minutes integer) TO authenticated;
GRANT ALL ON FUNCTION public.get_review_due_count(utc_offset_minutes integer) TO service_role;

--
-- Name: FUNCTION list_custom_tests(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.list_custom_tests() FROM PUBLIC;
GRANT ALL ON FUNCTION public.list_custom_tests() TO authenticated;
GRANT ALL ON FUNCTION public.list_custom_tests() TO service_role;

--
-- Name: FUNCTION list_judgment_sets(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.list_judgment_sets() FROM PUBLIC;
GRANT ALL ON FUNCTION public.list_judgment_sets() TO authenticated;
GRANT ALL ON FUNCTION public.list_judgment_sets() TO service_role;

--
-- Name: FUNCTION mock_exam_access(p_user uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_access(p_user uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_access(p_user uuid) TO service_role;

--
-- Name: FUNCTION mock_exam_answer(p_user uuid, p_exam uuid, p_ordinal integer, p_token uuid, p_response jsonb, p_points integer, p_max_points integer, p_state jsonb, p_pending jsonb, p_next jsonb, p_result jsonb); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_answer(p_user uuid, p_exam uuid, p_ordinal integer, p_token uuid, p_response jsonb, p_points integer, p_max_points integer, p_state jsonb, p_pending jsonb, p_next jsonb, p_result jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_answer(p_user uuid, p_exam uuid, p_ordinal integer, p_token uuid, p_response jsonb, p_points integer, p_max_points integer, p_state jsonb, p_pending jsonb, p_next jsonb, p_result jsonb) TO service_role;

--
-- Name: FUNCTION mock_exam_bank(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_bank() FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_bank() TO service_role;

--
-- Name: FUNCTION mock_exam_finish(p_user uuid, p_exam uuid, p_state jsonb, p_result jsonb); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_finish(p_user uuid, p_exam uuid, p_state jsonb, p_result jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_finish(p_user uuid, p_exam uuid, p_state jsonb, p_result jsonb) TO service_role;

--
-- Name: FUNCTION mock_exam_get(p_user uuid, p_exam uuid, p_finished boolean); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_get(p_user uuid, p_exam uuid, p_finished boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_get(p_user uuid, p_exam uuid, p_finished boolean) TO service_role;

--
-- Name: FUNCTION mock_exam_history(p_user uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_history(p_user uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_history(p_user uuid) TO service_role;

--
-- Name: FUNCTION mock_exam_item_content(p_ids jsonb); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_item_content(p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_item_content(p_ids jsonb) TO service_role;

--
-- Name: FUNCTION mock_exam_start(p_user uuid, p_state jsonb, p_pending jsonb, p_first jsonb); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.mock_exam_start(p_user uuid, p_state jsonb, p_pending jsonb, p_first jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mock_exam_start(p_user uuid, p_state jsonb, p_pending jsonb, p_first jsonb) TO service_role;

--
-- Name: FUNCTION record_clinical_judgment_set(set_id uuid, kind text, case_id text, item_ids jsonb, responses jsonb, started_at timestamp with time zone, submitted_at timestamp with time zone); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.record_clinical_judgment_set(set_id uuid, kind text, case_id text, item_ids jsonb, responses jsonb, started_at timestamp with time zone, submitted_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_clinical_judgment_set(set_id uuid, kind text, case_id text, item_ids jsonb, responses jsonb, started_at timestamp with time zone, submitted_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.record_clinical_judgment_set(set_id uuid, kind text, case_id text, item_ids jsonb, responses jsonb, started_at timestamp with time zone, submitted_at timestamp with time zone) TO service_role;

--
-- Name: FUNCTION record_nclex_result(p_passed boolean, p_taken_on date); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.record_nclex_result(p_passed boolean, p_taken_on date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_nclex_result(p_passed boolean, p_taken_on date) TO authenticated;
GRANT ALL ON FUNCTION public.record_nclex_result(p_passed boolean, p_taken_on date) TO service_role;

--
-- Name: FUNCTION record_practice_set(set_id uuid, question_ids jsonb, chosen_option_ids jsonb, layout text, started_at timestamp with time zone, submitted_at timestamp with time zone, focus text); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.record_practice_set(set_id uuid, question_ids jsonb, chosen_option_ids jsonb, layout text, started_at timestamp with time zone, submitted_at timestamp with time zone, focus text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_practice_set(set_id uuid, question_ids jsonb, chosen_option_ids jsonb, layout text, started_at timestamp with time zone, submitted_at timestamp with time zone, focus text) TO authenticated;
GRANT ALL ON FUNCTION public.record_practice_set(set_id uuid, question_ids jsonb, chosen_option_ids jsonb, layout text, started_at timestamp with time zone, submitted_at timestamp with time zone, focus text) TO service_role;

--
-- Name: FUNCTION remove_nclex_result(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.remove_nclex_result() FROM PUBLIC;
GRANT ALL ON FUNCTION public.remove_nclex_result() TO authenticated;
GRANT ALL ON FUNCTION public.remove_nclex_result() TO service_role;

--
-- Name: FUNCTION reset_practice_history(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.reset_practice_history() FROM PUBLIC;
GRANT ALL ON FUNCTION public.reset_practice_history() TO authenticated;
GRANT ALL ON FUNCTION public.reset_practice_history() TO service_role;

--
-- Name: FUNCTION set_item_mark(bank text, item_id text, flagged boolean, note text); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.set_item_mark(bank text, item_id text, flagged boolean, note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_item_mark(bank text, item_id text, flagged boolean, note text) TO authenticated;
GRANT ALL ON FUNCTION public.set_item_mark(bank text, item_id text, flagged boolean, note text) TO service_role;

--
-- Name: FUNCTION start_custom_test(settings jsonb); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.start_custom_test(settings jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.start_custom_test(settings jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.start_custom_test(settings jsonb) TO service_role;

--
-- Name: FUNCTION stripe_apply_subscription(p_event_id text, p_event_type text, p_event_created timestamp with time zone, p_subscription jsonb, p_source_version timestamp with time zone, p_user_id uuid, p_checkout_email text); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.stripe_apply_subscription(p_event_id text, p_event_type text, p_event_created timestamp with time zone, p_subscription jsonb, p_source_version timestamp with time zone, p_user_id uuid, p_checkout_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.stripe_apply_subscription(p_event_id text, p_event_type text, p_event_created timestamp with time zone, p_subscription jsonb, p_source_version timestamp with time zone, p_user_id uuid, p_checkout_email text) TO service_role;

--
-- Name: FUNCTION submit_custom_test(test_id uuid); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION public.submit_custom_test(test_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.submit_custom_test(test_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.submit_custom_test(test_id uuid) TO service_role;

--
-- Name: TABLE judgment_answers; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE public.judgment_answers TO authenticated;
GRANT SELECT ON TABLE public.judgment_answers TO service_role;

--
-- Name: TABLE judgment_sets; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE public.judgment_sets TO authenticated;
GRANT SELECT ON TABLE public.judgment_sets TO service_role;

--
-- Name: TABLE mock_exam_items; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.mock_exam_items TO service_role;
GRANT SELECT ON TABLE public.mock_exam_items TO authenticated;

--
-- Name: TABLE mock_exam_responses; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.mock_exam_responses TO service_role;
GRANT SELECT ON TABLE public.mock_exam_responses TO authenticated;

--
-- Name: TABLE mock_exams; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.mock_exams TO service_role;
GRANT SELECT ON TABLE public.mock_exams TO authenticated;

--
-- Name: TABLE nclex_results; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.nclex_results TO service_role;
GRANT SELECT ON TABLE public.nclex_results TO authenticated;

--
-- Name: TABLE ngn_cases; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.ngn_cases TO service_role;

--
-- Name: TABLE ngn_items; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.ngn_items TO service_role;

--
-- Name: TABLE practice_answers; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE public.practice_answers TO authenticated;
GRANT SELECT ON TABLE public.practice_answers TO service_role;

--
-- Name: TABLE practice_sets; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE public.practice_sets TO authenticated;
GRANT SELECT ON TABLE public.practice_sets TO service_role;

--
-- Name: TABLE question_options; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.question_options TO service_role;

--
-- Name: TABLE questions; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE public.questions TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: postgres
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: supabase_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON SEQUENCES  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: public; Owner: postgres
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: public; Owner: supabase_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON FUNCTIONS  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: postgres
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: supabase_admin
--

ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO postgres;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO anon;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE supabase_admin IN SCHEMA public GRANT ALL ON TABLES  TO service_role;

--
-- PostgreSQL database dump complete
--
