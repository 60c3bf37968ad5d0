// "Forgot password?": an address or a username; the answer is the same
// whether or not an account exists ("If an account exists, we sent a link").
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useCheckedForm } from '@web/lib/use-checked-form';
import { checkResetRequest } from '@domain/user/account-rules';
import { useRequestPasswordReset } from './link-api';
import formStyles from './auth-form.module.css';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const { field, handleSubmit, setError, formState } = useCheckedForm<{ emailOrUsername: string }>(checkResetRequest, {
    emailOrUsername: '',
  });
  const submit = handleSubmit(({ emailOrUsername }) => {
    if (request.isPending) return;
    request.mutate(emailOrUsername.trim(), {
      onError: (error) => showRefusal(setError, error, ['emailOrUsername'], messageForStudent(error, 'Please try again.')),
    });
  });

  const formError = formState.errors.root?.message;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField
        label="Email address or username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...field('emailOrUsername')}
      />
      <button type="submit" className="button button--primary button--block" disabled={request.isPending} aria-busy={request.isPending}>
        {request.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
        Send me a link
      </button>
      <p className={formStyles.outcome} role="status">
        {request.isSuccess ? request.data.message : null}
      </p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
