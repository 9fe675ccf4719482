import { BackendError, type PracticePort } from '../../machines/shared/ports';
import { supabase } from './supabase';

/**
 * What the checkout return page asks the backend: only whether the signed-in student's purchase is
 * verified yet (check_user_entitlement). Access itself is granted by the signed Stripe webhook alone.
 */
export const checkoutService: Pick<PracticePort, 'checkEntitlement'> = {
  async checkEntitlement(userId) {
    const { data, error } = await supabase.rpc('check_user_entitlement', { check_user_id: userId });
    if (error)
      throw new BackendError(error.message || 'An unexpected error occurred', error.code || undefined);
    return data === true;
  },
};
