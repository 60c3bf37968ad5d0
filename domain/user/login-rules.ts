// Login form rules of the product spec (section 5), in order, and the refusal of a wrong password.
import { DomainError } from '@domain/errors';

export interface LoginInput {
  username: string;
  password: string;
}

export function checkLogin(input: LoginInput): { field: keyof LoginInput; message: string } | null {
  if (input.username.trim() === '') return { field: 'username', message: 'Please enter a username' };
  if (input.password === '') return { field: 'password', message: 'Please enter a password' };
  return null;
}

const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

/** A wrong password or an unknown username: one refusal for both, so neither is revealed. */
export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
}
