import type { SessionInfo } from '../auth/auth.ports';

export type { SessionInfo };

/** The one question the access gate asks the backend (public.check_user_entitlement). */
export interface EntitlementPort {
  checkEntitlement(userId: string): Promise<boolean>;
}
