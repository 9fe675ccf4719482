/** What /billing shows a signed-in student (public.get_billing_status). Times are ISO strings. */
export type BillingKind = 'none' | 'trialing' | 'active' | 'canceling' | 'past_due' | 'ended';

export interface BillingStatus {
  kind: BillingKind;
  /** Until when access lasts (trialing, canceling, past_due; active: the period end). */
  accessUntil: string | null;
  /** When the next monthly charge is made (active and renewing only). */
  renewsAt: string | null;
  /** When access ended (ended only). */
  endedAt: string | null;
  /** Whether the student has had a free trial before (then a new checkout grants no trial access). */
  hadTrial: boolean;
}

export interface BillingPort {
  loadStatus(): Promise<BillingStatus>;
  /** The URL of the student's hosted billing portal (the backend finds their customer). */
  openPortal(): Promise<string>;
}
