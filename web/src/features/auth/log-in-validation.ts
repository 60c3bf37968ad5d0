// The Log In rules of the product spec, in its order; the first failure wins.
export type LogInField = 'username' | 'password';

export interface LogInForm {
  username: string;
  password: string;
}

export interface LogInFieldError {
  field: LogInField;
  message: string;
}

export function validateLogIn(form: LogInForm): LogInFieldError | null {
  if (form.username.trim() === '') return { field: 'username', message: 'Please enter a username' };
  if (form.password === '') return { field: 'password', message: 'Please enter a password' };
  return null;
}
