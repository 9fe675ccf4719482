/**
 * User-visible texts that machines put into context. Quoted exactly from the product spec where it
 * gives them (sections 4 and 8); the others are ours and recorded in docs/decisions/.
 */
export const messages = {
  loginLinkSent: 'Check your email for the link. It may take up to a minute.',
  resetLinkSent: 'Check your email for a password reset link. It may take up to a minute.',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address.',
  unexpectedError: 'An unexpected error occurred',
  invalidLoginLink: 'Your login link is invalid or expired—please request a new one.',
  loginSuccessTitle: 'Success!',
  loginSuccessMessage: "You've been logged in successfully.",
  passwordsRequired: 'Both fields are required.',
  passwordTooShort: (min: number) => `Password must be at least ${min} characters.`,
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

/** The backend's message from a thrown error, or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return messages.unexpectedError;
}
