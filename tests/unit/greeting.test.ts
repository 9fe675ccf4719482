import { describe, expect, it } from 'vitest';
import { greetingName } from '../../src/features/dashboard/greeting';

describe('greetingName (dashboard)', () => {
  it('capitalises the part of the email before the @', () => {
    expect(greetingName('ada.lovelace@example.com')).toBe('Ada.lovelace');
    expect(greetingName('Zed@x.io')).toBe('Zed');
  });
  it("says 'there' without a usable email", () => {
    expect(greetingName(null)).toBe('there');
    expect(greetingName(undefined)).toBe('there');
    expect(greetingName('@example.com')).toBe('there');
  });
});
