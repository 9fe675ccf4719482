-- The uniform random pick under get_practice_questions (which is defined, with its response shape,
-- in 20261125120000_learning_record.sql).

-- Uniform sample without replacement, without scanning the table: draw random integers over the
-- dense key range 1..max(pick_key) and keep, in draw order, the first hits not already picked.
-- Every draw is uniform over the key range and misses (holes, repeats) are rejected, so this is
-- sequential sampling without replacement: every set of n questions is equally likely. The keys
-- are dense (see the question bank triggers), so misses are rare; a few rounds suffice, and if the
-- bank is smaller than asked (or unexpectedly sparse) the rest is filled uniformly from the
-- remaining rows, which keeps the sample uniform.
-- Each round is a handful of primary-key-like probes on the unique pick_key index.
-- p_exclude: ids already chosen, left out (the last tier of the per-student pick in
-- 20261125120000_learning_record.sql).
create or replace function private.pick_random_question_ids(p_count integer, p_exclude text[] default '{}')
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
revoke all on function private.pick_random_question_ids(integer, text[]) from public;

-- public.get_practice_questions, the API over this pick (unseen questions first for the student),
-- is defined in 20261125120000_learning_record.sql.
