// The Create Account form: the top error line, the profile and account
// sections, and the button. The top error sits above the form, far from the
// button that caused it, so it is scrolled into view and given the focus
// (which also has a screen reader read it) each time it is set.
import { useEffect, useRef } from 'react';
import type { SignUpBody } from '@contract/auth';
import { checkSignUp, type SignUpInput } from '@domain/user/sign-up-rules';
import { apiClient } from '@web/lib/api-client';
import { useRuleForm } from '@web/lib/use-rule-form';
import { AccountSection } from './account-section';
import { signUp, TRY_AGAIN, useEnterAs } from './api';
import formStyles from './auth-form.module.css';
import { ProfileSection } from './profile-section';

const EMPTY_FORM: SignUpInput = { firstName: '', lastName: '', bio: '', major: '', year: '', email: '', username: '', password: '' };

/** What is sent: every text trimmed except the password, which is sent as typed. */
function requestOf(form: SignUpInput): SignUpBody {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    major: form.major.trim(),
    bio: form.bio.trim(),
    year: form.year,
    email: form.email.trim(),
    username: form.username.trim(),
    password: form.password,
  };
}

export function SignUpForm() {
  const enterAs = useEnterAs();
  const { field, handleSubmit, setError, formState } = useRuleForm<SignUpInput>(checkSignUp, EMPTY_FORM);

  const submit = handleSubmit(async (form) => {
    try {
      if (!(await apiClient.getCsrfToken())) {
        setError('root', { message: 'Please try again' });
        return;
      }
      const result = await signUp(requestOf(form));
      if (result.kind === 'signed-in') enterAs(result.user);
      else if (result.kind === 'field-error') setError(result.field, { message: result.message }, { shouldFocus: true });
      else setError('root', { message: TRY_AGAIN });
    } catch (error) {
      console.error('Sign up failed', error);
      setError('root', { message: TRY_AGAIN });
    }
  });

  const rootError = formState.errors.root;
  const topErrorRef = useRef<HTMLParagraphElement>(null);
  // Keyed on the error object, which each setError replaces: a second failure in a row is shown again too.
  useEffect(() => {
    const line = topErrorRef.current;
    if (!rootError || !line) return;
    line.scrollIntoView({ block: 'center' });
    line.focus({ preventScroll: true });
  }, [rootError]);

  const topError = rootError?.message;
  const busy = formState.isSubmitting;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      {topError ? (
        <p className="form-error form-error--top" role="alert" tabIndex={-1} ref={topErrorRef}>
          {topError}
        </p>
      ) : null}

      <ProfileSection field={field} />
      <AccountSection field={field} />

      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
        Create Account
      </button>
    </form>
  );
}
