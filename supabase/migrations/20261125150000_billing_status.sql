-- Billing that keeps its promises (docs/decisions/035-billing-status-and-portal.md).
--
-- 1. No trial is lost: a checkout that arrives without a usable client_reference_id (a signed-out
--    visitor followed the plain payment link) is linked by the email the customer gave at checkout
--    to the account with that email once the account's address is confirmed; until then it waits
--    in private.unclaimed_checkouts and is linked by a trigger when that address is confirmed.
-- 2. public.get_billing_status(): the signed-in student's own billing state for /billing, one call.
-- 3. public.customer_for_portal(uuid), service role only: the Stripe customer whose Customer
--    Portal a student may open (the create-portal-session function calls it with the user id taken
--    from the caller's verified JWT, never from a request parameter).
-- The access rule's end instant (private.subscription_access_end, in 20261122120100) gives both the
-- entitlement and the dates /billing shows.

-- Checkouts that named no account, by the email the customer typed at checkout. Not exposed.
create table if not exists private.unclaimed_checkouts (
  stripe_subscription_id text primary key
    references public.subscriptions (stripe_subscription_id) on delete cascade,
  email                  text not null,
  received_at            timestamptz not null default now()
);
create index if not exists unclaimed_checkouts_email_idx on private.unclaimed_checkouts (lower(email));
alter table private.unclaimed_checkouts enable row level security;

-- Links every unclaimed checkout for this email to the user; returns how many were linked.
create or replace function private.claim_checkouts(p_user_id uuid, p_email text)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
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
revoke all on function private.claim_checkouts(uuid, text) from public;

-- The accounts a purchase may be linked to, mirrored from auth.users by the trigger below, so
-- linking never reads auth.users. Hosted Supabase has row level security on auth.users, owned by
-- supabase_auth_admin, and `postgres` without BYPASSRLS sees no row of it: a lookup there would
-- find nobody and store every purchase unlinked (docs/decisions/101-linking-without-reading-auth-users.md).
-- A trigger function runs for every row GoTrue writes and needs no read right on auth.users.
create table if not exists private.accounts (
  user_id         uuid primary key references auth.users (id) on delete cascade,
  email           text,
  email_confirmed boolean not null default false
);
create index if not exists accounts_confirmed_email_idx
  on private.accounts (lower(email)) where email_confirmed;
alter table private.accounts enable row level security;

-- Keeps private.accounts in step with auth.users, and when an address becomes confirmed (first
-- sign-in by emailed link, or a confirmed signup) links the checkouts waiting for it. An
-- unconfirmed address proves nothing, so it claims nothing.
create or replace function private.claim_checkouts_on_confirmed_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
revoke all on function private.claim_checkouts_on_confirmed_email() from public;

drop trigger if exists claim_checkouts_on_confirmed_email on auth.users;
create trigger claim_checkouts_on_confirmed_email
  after insert or update of email, email_confirmed_at on auth.users
  for each row execute function private.claim_checkouts_on_confirmed_email();

-- Accounts created before this migration (none in production: it ran before the first signup; a
-- local database migrated with users in it). Where auth.users is unreadable this copies nothing.
insert into private.accounts (user_id, email, email_confirmed)
select u.id, u.email, u.email_confirmed_at is not null from auth.users u
on conflict (user_id) do nothing;

-- The webhook's only write path. p_subscription is the Stripe Subscription object as JSON;
-- p_checkout_email the email typed at checkout (checkout.session.completed only).
-- Returns 'duplicate' | 'applied' | 'stale', plus ',linked' / ',unknown_user' / ',user_conflict' /
-- ',by_email' / ',unclaimed'. A checkout without a user id is linked to the confirmed account with
-- that email, or kept as unclaimed.
create or replace function public.stripe_apply_subscription(
  p_event_id       text,
  p_event_type     text,
  p_event_created  timestamptz,
  p_subscription   jsonb,
  p_source_version timestamptz,
  p_user_id        uuid default null,
  p_checkout_email text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function public.stripe_apply_subscription(text, text, timestamptz, jsonb, timestamptz, uuid, text)
  from public, anon, authenticated;
grant execute on function public.stripe_apply_subscription(text, text, timestamptz, jsonb, timestamptz, uuid, text)
  to service_role;

-- The access rule (private.subscription_access_end, subscription_grants_access, counts_for_access,
-- user_has_access) is defined in 20261122120100_subscriptions_entitlement.sql.

-- What /billing shows a student, derived from their own subscriptions at this instant. The
-- subscription shown is the one that grants access now (the latest-ending if several), else the
-- most recently updated one. Kinds:
--   none      no subscription at all (the trial card and link, as before)
--   trialing  a first trial that grants access; ends at access_until, then the monthly price
--   active    paid and renewing on renews_at
--   canceling cancelled at period end (trial or paid): access until access_until, can resume
--   past_due  a renewal charge failed: access until access_until (the grace), update the card
--   ended     nothing grants access any more (canceled, unpaid, a refused second trial, …);
--             ended_at is when the student's access last ended
-- Times are timestamptz: the page shows them in the student's time zone.
create or replace function public.get_billing_status()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
revoke all on function public.get_billing_status() from public, anon;
grant execute on function public.get_billing_status() to authenticated;

-- The customer whose portal the student may open: the one of the subscription /billing shows
-- (granting access first, then the newest). Service role only.
create or replace function public.customer_for_portal(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.stripe_customer_id
    from public.subscriptions s
   where s.user_id = p_user_id
   order by private.counts_for_access(s, now()) desc, s.updated_at desc
   limit 1
$$;
revoke all on function public.customer_for_portal(uuid) from public, anon, authenticated;
grant execute on function public.customer_for_portal(uuid) to service_role;
