// Login form rules of the product spec (section 5), in order.
export interface LoginInput {
  username: string;
  password: string;
}

export function checkLogin(input: LoginInput): { field: keyof LoginInput; message: string } | null {
  if (input.username.trim() === '') return { field: 'username', message: 'Please enter a username' };
  if (input.password === '') return { field: 'password', message: 'Please enter a password' };
  return null;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
