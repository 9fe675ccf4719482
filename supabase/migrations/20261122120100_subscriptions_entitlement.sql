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

-- Per-student serialisation (docs/decisions/100-per-student-serialisation.md). Every function that
-- writes a student's learning record, judgment record, history reset or subscriptions takes this
-- lock first, before it reads or writes any row, and holds it to the end of its transaction. Two
-- writes for one student then run one after the other (no deadlock between a reset and a
-- submission, no aggregate computed from rows another call is deleting); different students never
-- wait for each other (a hash collision only makes two students wait, it cannot corrupt anything).
-- No function takes two students' locks, so no two calls can wait on each other in a cycle.
create or replace function private.lock_student(p_user uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('pn-prep.student:' || p_user::text, 0))
   where p_user is not null
$$;
revoke all on function private.lock_student(uuid) from public;

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
-- The instant a subscription's access ends, before the renewal grace (null: no access at all); the
-- entitlement and the dates /billing shows both come from it.
create or replace function private.subscription_access_end(s public.subscriptions)
returns timestamptz
language sql
stable
set search_path = ''
as $$
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
revoke all on function private.subscription_access_end(public.subscriptions) from public;

-- The rule on top of subscription_access_end: an active, renewing subscription keeps one more day
-- for a late renewal webhook; everything else ends at its access end.
create or replace function private.subscription_grants_access(s public.subscriptions, at_time timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    at_time < private.subscription_access_end(s)
      + case when s.status = 'active' and not s.cancel_at_period_end and s.cancel_at is null
             then interval '1 day' else interval '0' end,
    false)
$$;
revoke all on function private.subscription_grants_access(public.subscriptions, timestamptz) from public;

-- One free trial per student (docs/decisions/070-backend-hardening.md): see the notes of
-- 20261125140000_one_trial_per_student.sql.
create or replace function private.is_first_trial(s public.subscriptions)
returns boolean
language sql
stable
set search_path = ''
as $$
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
revoke all on function private.is_first_trial(public.subscriptions) from public;

-- Whether a subscription gives its student access at an instant: the rule above plus one free
-- trial per student (is_first_trial).
create or replace function private.counts_for_access(s public.subscriptions, at_time timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.subscription_grants_access(s, at_time)
     and (s.status <> 'trialing' or private.is_first_trial(s))
$$;
revoke all on function private.counts_for_access(public.subscriptions, timestamptz) from public;

-- Does any subscription of this user give access at this instant? Internal: no caller check.
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
       and private.counts_for_access(s, at_time)
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

-- The webhook's only write path, public.stripe_apply_subscription, is defined once, in
-- 20261125150000_billing_status.sql, next to the unclaimed checkouts it also writes.
