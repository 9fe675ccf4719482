-- Each practice question also carries its rationale, shown under incorrect items after the student
-- submits (extra help next to the remediation prompt). The spec's fields are unchanged.
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
               'rationale', q.rationale,
               'options', (
                 select coalesce(json_agg(
                          json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                          order by o.position), '[]'::json)
                   from public.question_options o
                  where o.question_id = q.id))
             order by pick.ord)
      from unnest(v_ids) with ordinality as pick(id, ord)
      cross join lateral (  -- one primary-key probe per picked id (LIMIT 1: see the pick function)
        select q.id, q.stem, q.category, q.rationale from public.questions q where q.id = pick.id limit 1) as q),
    '[]'::json));
end;
$$;
revoke all on function public.get_practice_questions(integer) from public, anon;
grant execute on function public.get_practice_questions(integer) to authenticated, service_role;
