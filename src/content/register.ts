/** /register: the form's labels, required-field errors and the note pointing to email sign-in. */
export const register = {
  title: 'Create Your Account',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  submit: 'Create Account',
  errors: {
    email: 'Email is required',
    password: 'Password is required',
    confirmPassword: 'Please confirm your password',
  },
  noteBefore: 'Password sign-up is not available yet. To start now, ',
  noteLink: 'sign in with a link sent to your email',
  noteAfter: '.',
} as const;
