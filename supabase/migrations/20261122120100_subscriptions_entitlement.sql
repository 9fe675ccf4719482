-- Stripe subscription snapshots and the entitlement rule (docs: payments-and-entitlement design §5–6).
-- Writes: only the Stripe webhook, with the service role, through public.stripe_apply_subscription().
-- Reads: users see their own rows (RLS); the app asks public.check_user_entitlement(auth.uid()).

create schema if not exists private;
revoke all on schema private from public;

-- One row per Stripe subscription: a Payment Link creates a new customer and subscription on every
-- checkout, so a user can own several; access means "any row of mine grants access".
create table if not exists public.subscriptions (
  stripe_subscription_id text primary key,
  -- NULL until checkout.session.completed links it through client_reference_id.
  user_id                uuid references auth.users (id) on delete cascade,
  stripe_customer_id     text not null,
  -- Stripe's value verbatim, no CHECK: a new Stripe status must never make the webhook fail.
  status                 text not null,
  price_id               text,
  trial_start            timestamptz,
  trial_end              timestamptz,
  current_period_start   timestamptz,
  current_period_end     timestamptz,
  cancel_at_period_end   boolean not null default false,
  cancel_at              timestamptz,
  canceled_at            timestamptz,
  ended_at               timestamptz,
  livemode               boolean not null default false,
  -- Version of the snapshot (event.created or the time it was fetched); older snapshots are ignored.
  source_version         timestamptz not null,
  source_event_id        text,
  updated_at             timestamptz not null default now()
);
create index if not exists subscriptions_user_id_idx on public.subscriptions (user_id);

alter table public.subscriptions enable row level security;
revoke all on table public.subscriptions from public, anon, authenticated;
grant select on table public.subscriptions to authenticated;
grant select, insert, update, delete on table public.subscriptions to service_role;

drop policy if exists subscriptions_select_own on public.subscriptions;
create policy subscriptions_select_own on public.subscriptions
  for select to authenticated
  using ((select auth.uid()) = user_id);

-- Processed webhook events: idempotency by Stripe event id. Not exposed through the API.
create table if not exists private.stripe_events (
  event_id          text primary key,
  event_type        text not null,
  stripe_created_at timestamptz not null,
  received_at       timestamptz not null default now()
);
alter table private.stripe_events enable row level security;

-- The access rule for one subscription at a given instant (the instant is a parameter so tests can
-- walk every boundary with an explicit clock). Intervals are half-open: access ends AT the instant.
--   trialing: until trial_end.
--   active:   until current_period_end, plus 1 day for a late renewal webhook unless cancelling;
--             cancelling (cancel_at_period_end or cancel_at) keeps access until the period end only.
--   past_due: 3 days from the start of the unpaid period, never past its end; no grace when that
--             period is the first one after the trial (a bad card must not stretch the trial).
--   anything else (canceled, unpaid, incomplete, paused, future statuses): no access.
create or replace function private.subscription_grants_access(s public.subscriptions, at_time timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    case s.status
      when 'trialing' then
        at_time < least(s.trial_end, coalesce(s.cancel_at, 'infinity'::timestamptz))
      when 'active' then
        at_time < least(
          s.current_period_end
            + case when s.cancel_at_period_end or s.cancel_at is not null
                   then interval '0' else interval '1 day' end,
          coalesce(s.cancel_at, 'infinity'::timestamptz))
      when 'past_due' then
        at_time < least(
          s.current_period_start
            + case when s.trial_end is not null and s.current_period_start <= s.trial_end
                   then interval '0' else interval '3 days' end,
          s.current_period_end)
      else false
    end,
    false)
$$;
revoke all on function private.subscription_grants_access(public.subscriptions, timestamptz) from public;

-- Does any subscription of this user grant access at this instant? Internal: no caller check.
create or replace function private.user_has_access(p_user_id uuid, at_time timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
      from public.subscriptions s
     where s.user_id = p_user_id
       and private.subscription_grants_access(s, at_time)
  )
$$;
revoke all on function private.user_has_access(uuid, timestamptz) from public;

-- supabase.rpc('check_user_entitlement', { check_user_id: user.id }) -> boolean.
-- Answers only for the caller: any other id, or no user at all, gives false, so nothing about
-- another user's subscription can be probed. SECURITY DEFINER so RLS need not be widened.
create or replace function public.check_user_entitlement(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    check_user_id = (select auth.uid()) and private.user_has_access(check_user_id, now()),
    false)
$$;
revoke all on function public.check_user_entitlement(uuid) from public, anon;
grant execute on function public.check_user_entitlement(uuid) to authenticated, service_role;

-- The webhook's only write path. p_subscription is the Stripe Subscription object as JSON.
-- Returns 'duplicate' | 'applied' | 'stale', plus ',linked' / ',unknown_user' / ',user_conflict'.
create or replace function public.stripe_apply_subscription(
  p_event_id       text,
  p_event_type     text,
  p_event_created  timestamptz,
  p_subscription   jsonb,
  p_source_version timestamptz,
  p_user_id        uuid default null
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
  if v_user_id is not null and not exists (select 1 from auth.users u where u.id = v_user_id) then
    v_user_id := null;
    v_note := ',unknown_user';
  end if;

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
      v_note := v_note || ',linked';
    elsif v_existing <> v_user_id then
      v_note := v_note || ',user_conflict';
    end if;
  end if;

  return (case when v_rows = 1 then 'applied' else 'stale' end) || v_note;
end;
$$;
revoke all on function public.stripe_apply_subscription(text, text, timestamptz, jsonb, timestamptz, uuid)
  from public, anon, authenticated;
grant execute on function public.stripe_apply_subscription(text, text, timestamptz, jsonb, timestamptz, uuid)
  to service_role;
