-- supabase.rpc('get_practice_questions', { question_limit: 10 })
--   -> { "questions": [ { id, stem, category, rationale, options: [ { id, label, is_correct } ] } ] }
-- A uniformly random set of distinct questions, for entitled callers only.

-- Uniform sample without replacement, without scanning the table: draw random integers over the
-- dense key range 1..max(pick_key) and keep, in draw order, the first hits not already picked.
-- Every draw is uniform over the key range and misses (holes, repeats) are rejected, so this is
-- sequential sampling without replacement: every set of n questions is equally likely. The keys
-- are dense (see the question bank triggers), so misses are rare; a few rounds suffice, and if the
-- bank is smaller than asked (or unexpectedly sparse) the rest is filled uniformly from the
-- remaining rows, which keeps the sample uniform.
-- Each round is a handful of primary-key-like probes on the unique pick_key index.
create or replace function private.pick_random_question_ids(p_count integer)
returns text[]
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_max_key integer;
  v_picked  text[] := '{}';
  v_need    integer;
  v_keys    integer[];
  v_round   integer := 0;
begin
  select max(q.pick_key) into v_max_key from public.questions q;
  if v_max_key is null or p_count <= 0 then
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
       where hit.id <> all (v_picked)
       group by hit.id
       order by min(draw.ord)
       limit v_need);
  end loop;

  v_need := p_count - cardinality(v_picked);
  if v_need > 0 then
    v_picked := v_picked || array(
      select q.id
        from public.questions q
       where q.id <> all (v_picked)
       order by random()
       limit v_need);
  end if;
  return v_picked;
end;
$$;
revoke all on function private.pick_random_question_ids(integer) from public;

create or replace function public.get_practice_questions(question_limit integer default 10)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_ids text[];
begin
  -- Same rule as check_user_entitlement. 42501 maps to HTTP 403 (401 for anon) in PostgREST.
  if auth.uid() is null or not private.user_has_access(auth.uid(), now()) then
    raise exception using
      errcode = '42501',
      message = 'An active subscription or trial is required to practise.',
      hint = 'Start the free trial on the billing page.';
  end if;

  v_ids := private.pick_random_question_ids(least(greatest(coalesce(question_limit, 10), 1), 50));

  return json_build_object('questions', coalesce((
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
      from unnest(v_ids) with ordinality as pick(id, ord)
      cross join lateral (  -- one primary-key probe per picked id (LIMIT 1: see above)
        select q.id, q.stem, q.category, q.rationale from public.questions q where q.id = pick.id limit 1) as q),
    '[]'::json));
end;
$$;
revoke all on function public.get_practice_questions(integer) from public, anon;
grant execute on function public.get_practice_questions(integer) to authenticated, service_role;
