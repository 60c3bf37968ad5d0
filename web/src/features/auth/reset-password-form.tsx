// The page a reset link opens: a new password under sign-up's rules. The
// link works once, for an hour; using it signs the account out everywhere.
import { Link } from 'react-router-dom';
import { TextField } from '@web/components/text-field';
import { isApiError, messageForStudent } from '@web/lib/api-error';
import { useRuleForm } from '@web/lib/use-rule-form';
import { checkResetPassword } from '@domain/user/account-rules';
import { useResetPassword } from './account-api';
import formStyles from './auth-form.module.css';

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { field, handleSubmit, setError } = useRuleForm<{ password: string }>(checkResetPassword, { password: '' });
  const submit = handleSubmit(({ password }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, password },
      { onError: (error) => isApiError(error, 'VALIDATION_FAILED') && setError('password', { message: messageForStudent(error, '') }, { shouldFocus: true }) },
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
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
      <button type="submit" className="button button--primary button--block" disabled={reset.isPending} aria-busy={reset.isPending}>
        {reset.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
        Set new password
      </button>
      {reset.isError && !isApiError(reset.error, 'VALIDATION_FAILED') ? (
        <p className="form-error" role="alert">
          {messageForStudent(reset.error, 'Please try again.')}
        </p>
      ) : null}
    </form>
  );
}
