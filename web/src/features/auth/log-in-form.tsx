// The Log In form: username (or the UF email: the server finds the account by
// either) and password, the per-field lines, the general line under the
// button, and "Forgot password?".
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '@web/components/text-field';
import { apiClient } from '@web/lib/api-client';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useRuleForm } from '@web/lib/use-rule-form';
import { checkLogin, type LoginInput } from '@domain/user/login-rules';
import { TRY_AGAIN, useLogIn } from './api';
import formStyles from './auth-form.module.css';

const FIELDS = ['username', 'password'] as const;

export function LogInForm() {
  const logIn = useLogIn();
  const { field, handleSubmit, setError, clearErrors, formState } = useRuleForm<LoginInput>(checkLogin, { username: '', password: '' });

  const sendCredentials = handleSubmit(async ({ username, password }) => {
    try {
      await logIn.mutateAsync({ username: username.trim(), password });
    } catch (error) {
      // Spec 8: the server's msg (its message) under the button, or a field's refusal under the field.
      showRefusal(setError, error, FIELDS, messageForStudent(error, TRY_AGAIN));
    }
  });

  const attempt = useMutation({
    // Spec 5: the checks run once a security token is in hand; without one
    // the attempt silently does nothing.
    mutationFn: async () => {
      if (await apiClient.getCsrfToken()) await sendCredentials();
    },
    onError: (error) => {
      console.error('Log in failed', error);
      setError('root', { message: TRY_AGAIN });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (attempt.isPending) return;
    clearErrors('root');
    attempt.mutate();
  }

  const generalError = formState.errors.root?.message;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField label="Username or UF email" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />

      <button type="submit" className="button button--primary button--block" disabled={attempt.isPending} aria-busy={attempt.isPending}>
        {attempt.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
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
