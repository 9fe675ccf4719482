/**
 * The name in the dashboard greeting: the part of the email before the @, capitalised, or
 * 'there' when there is no usable email.
 */
export function greetingName(email: string | null | undefined): string {
  const local = email?.split('@')[0]?.trim() ?? '';
  if (!local) return 'there';
  return local.charAt(0).toUpperCase() + local.slice(1);
}
