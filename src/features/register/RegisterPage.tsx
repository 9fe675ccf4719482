import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useHydrated } from '../../components/useHydrated';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { register } from '../../content/register';
import {
  type RegisterErrors,
  type RegisterValues,
  registerFields,
  requiredFieldErrors,
} from './register-form';

const fieldIds: Record<keyof RegisterValues, string> = {
  email: 'register-email',
  password: 'register-password',
  confirmPassword: 'register-confirm-password',
};

function readValues(form: HTMLFormElement): RegisterValues {
  const data = new FormData(form);
  const read = (name: string) => String(data.get(name) ?? '');
  return { email: read('email'), password: read('password'), confirmPassword: read('confirmPassword') };
}

/**
 * '/register': email, password, confirm password. Submitting checks that all three are filled and
 * otherwise does nothing (the spec leaves sign-up unwired); the note points to emailed-link sign-in.
 */
export function RegisterPage() {
  usePageTitle(register.title);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const live = useHydrated();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = requiredFieldErrors(readValues(event.currentTarget));
    setErrors(found);
    const firstInvalid = registerFields.find((field) => found[field]);
    if (firstInvalid) document.getElementById(fieldIds[firstInvalid])?.focus();
  };
  // aria-invalid is set explicitly: PasswordInput marks its input only with data-invalid.
  const clearError = (field: keyof RegisterValues) => () =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return (
    <Stack maw={440} mx="auto" gap="lg">
      <Title id="register-title" order={1} ta="center">
        {register.title}
      </Title>
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate aria-labelledby="register-title">
          <Stack gap="md">
            <TextInput
              id={fieldIds.email}
              name="email"
              type="email"
              autoComplete="email"
              label={register.emailLabel}
              required
              error={errors.email}
              aria-invalid={Boolean(errors.email)}
              onChange={clearError('email')}
            />
            <PasswordInput
              id={fieldIds.password}
              name="password"
              autoComplete="new-password"
              label={register.passwordLabel}
              required
              error={errors.password}
              aria-invalid={Boolean(errors.password)}
              onChange={clearError('password')}
            />
            <PasswordInput
              id={fieldIds.confirmPassword}
              name="confirmPassword"
              autoComplete="new-password"
              label={register.confirmPasswordLabel}
              required
              error={errors.confirmPassword}
              aria-invalid={Boolean(errors.confirmPassword)}
              onChange={clearError('confirmPassword')}
            />
            <Button type="submit" fullWidth disabled={!live}>
              {register.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Text ta="center">
        {register.noteBefore}
        <Anchor component={Link} to={paths.login}>
          {register.noteLink}
        </Anchor>
        {register.noteAfter}
      </Text>
    </Stack>
  );
}
