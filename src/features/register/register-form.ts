import { register } from '../../content/register';

export type RegisterField = 'email' | 'password' | 'confirmPassword';
export type RegisterValues = Record<RegisterField, string>;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

/** The form's fields in display order (the first invalid one receives focus). */
export const registerFields: readonly RegisterField[] = ['email', 'password', 'confirmPassword'];

/**
 * The spec's only register rule: all three fields are required. A field holding nothing but spaces
 * counts as empty.
 */
export function requiredFieldErrors(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const field of registerFields) {
    if (values[field].trim() === '') errors[field] = register.errors[field];
  }
  return errors;
}
