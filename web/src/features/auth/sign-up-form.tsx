// The Create Account form: the top error line, the profile and account
// sections, and the button. The top error sits above the form, far from the
// button that caused it, so it is scrolled into view and given the focus
// (which also has a screen reader read it) each time it is set.
import { useEffect, useRef } from 'react';
import type { SignUpBody } from '@contract/auth';
import { checkSignUp, EMAIL_TAKEN_MESSAGE, SIGN_UP_FIELDS, type SignUpInput } from '@domain/user/sign-up-rules';
import { apiClient } from '@web/lib/api-client';
import { showRefusal } from '@web/lib/form-refusal';
import { useNextPath } from '@web/lib/next-path';
import { useCheckedForm } from '@web/lib/use-checked-form';
import { AccountSection } from './account-section';
import formStyles from './auth-form.module.css';
import { ProfileSection } from './profile-section';
import { signUp, TRY_AGAIN, useEnterAs } from './sign-in-api';

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
  const next = useNextPath();
  const { field, handleSubmit, setError, formState } = useCheckedForm<SignUpInput>(checkSignUp, EMPTY_FORM);

  const submit = handleSubmit(async (form) => {
    if (!(await apiClient.getCsrfToken())) {
      setError('root', { message: 'Please try again' });
      return;
    }
    try {
      const answer = await signUp(requestOf(form), next);
      if (answer.isAuthenticated) enterAs(answer.user);
      // Answered, but not signed in: the email (spec 8's sentence) or the username is taken.
      else setError(answer.field, { message: answer.field === 'email' ? EMAIL_TAKEN_MESSAGE : answer.msg }, { shouldFocus: true });
    } catch (error) {
      // Spec 8: any other failure is "Please try again." at the top.
      showRefusal(setError, error, SIGN_UP_FIELDS, TRY_AGAIN);
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
