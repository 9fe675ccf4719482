import { describe, expect, it } from 'vitest';
import { requiredFieldErrors } from '../../src/features/register/register-form';

const filled = { email: 'student@example.com', password: 'x', confirmPassword: 'y' };

describe('requiredFieldErrors', () => {
  it('reports every empty field with its message', () => {
    expect(requiredFieldErrors({ email: '', password: '', confirmPassword: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('treats a field holding only spaces as empty', () => {
    expect(requiredFieldErrors({ ...filled, email: '   ' })).toEqual({ email: 'Email is required' });
  });

  it('checks nothing else: any filled values pass, even mismatched passwords or a malformed email', () => {
    expect(requiredFieldErrors(filled)).toEqual({});
    expect(requiredFieldErrors({ ...filled, email: 'not-an-email' })).toEqual({});
  });
});
