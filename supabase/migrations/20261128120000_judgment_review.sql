-- Reading back the student's own clinical judgment sets: the list for /results and one set with
-- every item, the student's stored response and the points, for the review at
-- /clinical-judgment?review=<set id>. Only new functions; the record itself is written by
-- record_clinical_judgment_set (20261125130000_clinical_judgment.sql).
--
--   supabase.rpc('list_judgment_sets')                    -- the caller's sets, newest first
--   supabase.rpc('get_judgment_set_review', { set_id })   -- one of the caller's sets, items included
--
-- Both are security definer and filter on auth.uid() themselves (the bank's items are not readable
-- through the API). The list carries no bank content and needs a signed-in student only, like the
-- results summary; the review returns the items with their keys, so it needs practice access
-- (an active plan or trial), like get_clinical_judgment_set.

-- The caller's judgment sets, newest first (at most 50: /results lists the recent ones).
create or replace function public.list_judgment_sets()
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
revoke all on function public.list_judgment_sets() from public, anon;
grant execute on function public.list_judgment_sets() to authenticated, service_role;

-- One of the caller's judgment sets as it was answered: per item in the order shown, the item as
-- the bank holds it now (null once retired from the bank), the stored response and the points the
-- server gave it. Not found and another student's set are the same 404 (as get_practice_set).
create or replace function public.get_judgment_set_review(set_id uuid)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
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
revoke all on function public.get_judgment_set_review(uuid) from public, anon;
grant execute on function public.get_judgment_set_review(uuid) to authenticated, service_role;
