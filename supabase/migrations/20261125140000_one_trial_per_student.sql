-- One free trial per student (docs/decisions/070-backend-hardening.md). A Payment Link starts a new
-- customer and a new trialing subscription on every checkout, so a student whose trial (or paid
-- subscription) has ended could take the 24 h trial again and again. The webhook still records
-- every subscription as Stripe reports it; the refusal lives here, where access is decided.
--
-- A trialing subscription grants access only if it is the student's first trial: no other
-- subscription of the same user has an earlier trial_start (ties broken by the subscription id).
-- The rule reads only stored Stripe times, never the order rows were written, so it is the same
-- whatever order the webhook events arrive in (a row linked late through checkout.session.completed
-- counts from its trial_start, not from when it was linked). Paid states (active, past_due in its
-- grace) keep their own rule: paying after a refused second trial grants access.

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
       and (s.status <> 'trialing' or private.is_first_trial(s))
  )
$$;
revoke all on function private.user_has_access(uuid, timestamptz) from public;
