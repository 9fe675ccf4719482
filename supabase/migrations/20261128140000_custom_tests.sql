-- Custom tests (docs/decisions/220-custom-tests.md). This first version declares the API's
-- signatures only, so the app's typed calls compile; the bodies follow.

create or replace function public.get_custom_test_counts(settings jsonb)
returns json language plpgsql stable security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.start_custom_test(settings jsonb)
returns json language plpgsql volatile security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.get_custom_test(test_id uuid)
returns json language plpgsql stable security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.answer_custom_test_item(
  test_id uuid, "position" integer, response jsonb, seconds_spent integer)
returns json language plpgsql volatile security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.submit_custom_test(test_id uuid)
returns json language plpgsql volatile security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.set_item_mark(bank text, item_id text, flagged boolean, note text)
returns json language plpgsql volatile security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.get_review_due_count(utc_offset_minutes integer default 0)
returns json language plpgsql stable security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
end;
$$;

create or replace function public.list_custom_tests()
returns json language plpgsql stable security definer set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = 'Custom tests are not available yet.';
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
