import { describe, expect, it } from 'vitest';
import { paymentLinkUrl } from '../../src/features/billing/payment-link';

const BASE = 'https://buy.stripe.com/test_abc123';
const USER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describe('paymentLinkUrl', () => {
  it('returns the base unchanged when signed out', () => {
    expect(paymentLinkUrl(BASE, null)).toBe(BASE);
  });

  it('adds the user id as client_reference_id and the email as prefilled_email when signed in', () => {
    const url = new URL(paymentLinkUrl(BASE, { userId: USER_ID, email: 'nurse@example.com' }));
    expect(`${url.origin}${url.pathname}`).toBe(BASE);
    expect(url.searchParams.get('client_reference_id')).toBe(USER_ID);
    expect(url.searchParams.get('prefilled_email')).toBe('nurse@example.com');
  });

  it('percent-encodes the email (the @ becomes %40, + is kept as a literal plus)', () => {
    const link = paymentLinkUrl(BASE, { userId: USER_ID, email: 'nurse+pn@example.com' });
    expect(link).toBe(`${BASE}?client_reference_id=${USER_ID}&prefilled_email=nurse%2Bpn%40example.com`);
    expect(new URL(link).searchParams.get('prefilled_email')).toBe('nurse+pn@example.com');
  });

  it('omits prefilled_email when the session has no email', () => {
    const url = new URL(paymentLinkUrl(BASE, { userId: USER_ID, email: null }));
    expect(url.searchParams.get('client_reference_id')).toBe(USER_ID);
    expect(url.searchParams.has('prefilled_email')).toBe(false);
  });

  it('keeps query parameters already on the base link', () => {
    const url = new URL(paymentLinkUrl(`${BASE}?locale=de`, { userId: USER_ID, email: 'a@b.co' }));
    expect(url.searchParams.get('locale')).toBe('de');
    expect(url.searchParams.get('client_reference_id')).toBe(USER_ID);
  });

  it('works with the local test checkout page as base', () => {
    const link = paymentLinkUrl('http://127.0.0.1:54321/_checkout', { userId: USER_ID, email: 'a@b.co' });
    expect(link).toBe(
      `http://127.0.0.1:54321/_checkout?client_reference_id=${USER_ID}&prefilled_email=a%40b.co`,
    );
  });
});
