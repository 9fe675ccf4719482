import { describe, expect, it } from 'vitest';
import { authChangeToEvent } from '../../machines/auth/auth.machine';
import { accountLabel } from '../../src/components/layout/truncate-email';

describe('accountLabel (mobile menu email)', () => {
  it('shows a short email whole', () => {
    expect(accountLabel('ada@example.com')).toBe('ada@example.com');
  });
  it('keeps an email of exactly 20 characters', () => {
    const twenty = 'abcdefgh@example.com';
    expect(twenty).toHaveLength(20);
    expect(accountLabel(twenty)).toBe(twenty);
  });
  it('cuts a longer email to 17 characters plus an ellipsis', () => {
    expect(accountLabel('abcdefghi@example.com')).toBe('abcdefghi@example...');
    expect(accountLabel('abcdefghi@example.com')).toHaveLength(20);
  });
  it("says 'Account' when there is no email", () => {
    expect(accountLabel(null)).toBe('Account');
    expect(accountLabel('')).toBe('Account');
  });
});

describe('authChangeToEvent', () => {
  it('maps backend changes to past-tense machine events', () => {
    const session = { userId: 'u', email: null };
    expect(authChangeToEvent({ type: 'signedIn', session })).toEqual({ type: 'auth.signedIn', session });
    expect(authChangeToEvent({ type: 'signedOut' })).toEqual({ type: 'auth.signedOut' });
  });
});
