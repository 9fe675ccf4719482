-- The student's mock exams on /results and their real NCLEX-PN result
-- (docs/decisions/210-mock-exam-record-and-real-result.md).
--
--   supabase.rpc('get_mock_exam_record')                               -- { exams, nclexResult }
--   supabase.rpc('record_nclex_result', { p_passed, p_taken_on })      -- set or change the result
--   supabase.rpc('remove_nclex_result')                                -- take it back
--
-- The list reads public.mock_exams as the caller (security invoker): the table's policy already
-- shows a student their own finished exams only, so the function adds no rule of its own. The real
-- result is written through the two security-definer functions, which check the date.

-- One real result per student: the NCLEX-PN sitting the mock exams were preparing for. Kept apart
-- from the mock exams so deleting the practice record never loses it, and read back for the
-- calibration of the pass probability (scripts/readiness-calibration.ts).
create table if not exists public.nclex_results (
  user_id     uuid primary key references auth.users (id) on delete cascade,
  passed      boolean not null,
  taken_on    date not null,
  recorded_at timestamptz not null default now()
);
alter table public.nclex_results enable row level security;
revoke all on table public.nclex_results from public, anon, authenticated;
grant select on table public.nclex_results to authenticated;
grant select, insert, update, delete on table public.nclex_results to service_role;
create policy nclex_results_select_own on public.nclex_results
  for select to authenticated
  using ((select auth.uid()) = user_id);

-- The caller's finished mock exams, oldest first (the estimate over time), with the real result.
create or replace function public.get_mock_exam_record()
returns json
language sql
stable
security invoker
set search_path = ''
as $$
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

-- Records (or changes) the caller's real result. The date may not be in the future (a day of
-- slack for time zones east of UTC) nor before the student's first mock exam (a day of slack for
-- those west of it): a result from before any mock says nothing about the mock's prediction.
create or replace function public.record_nclex_result(p_passed boolean, p_taken_on date)
returns json
language plpgsql
security definer
set search_path = ''
as $$
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

create or replace function public.remove_nclex_result()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_student();
begin
  delete from public.nclex_results r where r.user_id = v_uid;
end;
$$;

revoke all on function public.get_mock_exam_record() from public, anon;
revoke all on function public.record_nclex_result(boolean, date) from public, anon;
revoke all on function public.remove_nclex_result() from public, anon;
grant execute on function public.get_mock_exam_record(), public.record_nclex_result(boolean, date),
  public.remove_nclex_result() to authenticated;
