// The small forms of trusted accounts (forgot password, a new password, change
// password, delete account): their rules and messages, shared by the server's
// use cases and the client's forms. New passwords follow sign-up's rule.
import { checkNewPassword } from './sign-up-rules';

type Failure<Field extends string> = { field: Field; message: string } | null;

export const RESET_REQUESTED_MESSAGE = 'If an account exists, we sent a link';

export function checkResetRequest(input: { emailOrUsername: string }): Failure<'emailOrUsername'> {
  return input.emailOrUsername.trim() === '' ? { field: 'emailOrUsername', message: 'Please enter your email address or username' } : null;
}

export function checkResetPassword(input: { password: string }): Failure<'password'> {
  const broken = checkNewPassword(input.password);
  return broken ? { field: 'password', message: broken } : null;
}

export function checkPasswordChange(input: { currentPassword: string; newPassword: string }): Failure<'currentPassword' | 'newPassword'> {
  if (input.currentPassword === '') return { field: 'currentPassword', message: 'Please enter your current password' };
  const broken = checkNewPassword(input.newPassword);
  return broken ? { field: 'newPassword', message: broken } : null;
}

export function checkAccountDeletion(input: { password: string }): Failure<'password'> {
  return input.password === '' ? { field: 'password', message: 'Please enter your password to confirm' } : null;
}
