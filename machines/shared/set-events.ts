/**
 * The one event vocabulary for a set of practice items, whatever the flow (practice questions,
 * clinical-judgment items, and the flows to come): the views and the simulator speak these names,
 * so the same button sends the same event everywhere. A flow accepts the ones it offers.
 */
export type SetEvent =
  /** Submit the answered set: scored, then recorded. */
  | { type: 'set.submit' }
  /** Draw a different set (the finished one is already recorded). */
  | { type: 'set.new' }
  /** The same items again, reshuffled, as a new set in the record ("Practice Again"). */
  | { type: 'set.restart' }
  /** Load the set again after an empty or failed load. */
  | { type: 'set.retry' };

/**
 * Events a set's parent forwards to nobody: the shared parts take them themselves. The access
 * gate (machines/access-gate) takes `entitlement.retry`; the record delivery
 * (machines/record-delivery) takes `record.retry`. Views send them to the part's own actor.
 */
export type AccessGateEvent = { type: 'entitlement.retry' };
export type RecordDeliveryEvent = { type: 'record.retry' };
