// The form of the page a reset link opens (reset-password-view.tsx): a new
// password under sign-up's rules. The link works once, for an hour; using it
// signs the account out everywhere.
import { Link } from 'react-router-dom';
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useCheckedForm } from '@web/lib/use-checked-form';
import { checkResetPassword } from '@domain/user/account-rules';
import type { useResetPassword } from './link-api';
import formStyles from './auth-form.module.css';

/** `reset`: the page's call, so the page knows the link was used here. */
export function ResetPasswordForm({ token, reset }: { token: string; reset: ReturnType<typeof useResetPassword> }) {
  const { field, handleSubmit, setError, formState } = useCheckedForm<{ password: string }>(checkResetPassword, { password: '' });
  const submit = handleSubmit(({ password }) => {
    if (reset.isPending) return;
    // A refusal of the link itself (expired, used, not a token) is the form's, not the password's.
    reset.mutate(
      { token, password },
      { onError: (error) => showRefusal(setError, error, ['password'], messageForStudent(error, 'Please try again.')) },
    );
  });

  if (reset.isSuccess) {
    return (
      <div className={formStyles.form}>
        <p className={formStyles.outcome} role="status">
          Your password was changed, and your account was signed out everywhere.
        </p>
        <Link to="/log-in" className="button button--primary button--block">
          Log in with your new password
        </Link>
      </div>
    );
  }
  const formError = formState.errors.root?.message;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
      <button type="submit" className="button button--primary button--block" disabled={reset.isPending} aria-busy={reset.isPending}>
        {reset.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
        Set new password
      </button>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
