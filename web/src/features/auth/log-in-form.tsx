// The Log In form: username (or the UF email: the server finds the account by
// either) and password, the per-field lines, the general line under the
// button, and "Forgot password?".
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '@web/components/text-field';
import { apiClient } from '@web/lib/api-client';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useNextPath } from '@web/lib/next-path';
import { useCheckedForm } from '@web/lib/use-checked-form';
import { checkLogin, type LoginInput } from '@domain/user/login-rules';
import { logIn, TRY_AGAIN, useEnterAs } from './sign-in-api';
import formStyles from './auth-form.module.css';

const FIELDS = ['username', 'password'] as const;

export function LogInForm() {
  const enterAs = useEnterAs();
  const next = useNextPath();
  const { field, handleSubmit, setError, clearErrors, formState } = useCheckedForm<LoginInput>(checkLogin, { username: '', password: '' });
  const [pending, setPending] = useState(false);

  const sendCredentials = handleSubmit(async ({ username, password }) => {
    let user;
    try {
      user = await logIn({ username: username.trim(), password }, next);
    } catch (error) {
      // Spec 8: the server's msg (its message) under the button, or a field's refusal under the field.
      showRefusal(setError, error, FIELDS, messageForStudent(error, TRY_AGAIN));
      return;
    }
    enterAs(user);
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    clearErrors('root');
    setPending(true);
    try {
      // Spec 5: the checks run once a security token is in hand; without one
      // the attempt silently does nothing.
      if (await apiClient.getCsrfToken()) await sendCredentials();
    } catch (error) {
      console.error('Log in failed', error);
      setError('root', { message: TRY_AGAIN });
    } finally {
      setPending(false);
    }
  }

  const generalError = formState.errors.root?.message;
  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Username or UF email" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />

      <button type="submit" className="button button--primary button--block" disabled={pending} aria-busy={pending}>
        {pending ? <span className="button__spinner" aria-hidden="true" /> : null}
        Log In
      </button>
      {generalError ? (
        <p className="form-error" role="alert">
          {generalError}
        </p>
      ) : null}
      <p className={formStyles.aside}>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </form>
  );
}
