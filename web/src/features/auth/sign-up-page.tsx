import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/form-field';
import { apiClient } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { signUp, TRY_AGAIN } from './api';
import { checkSignUp as validateSignUp, type RuleFailure as SignUpFieldError, type SignUpInput as SignUpForm } from '../../../../domain/user/sign-up-rules';
import { YEAR_NAMES, YEARS } from '../../../../domain/user/user';
import { useSessionStore } from '../../lib/session-store';

type SignUpField = keyof SignUpForm;

const EMPTY_FORM: SignUpForm = {
  firstName: '',
  lastName: '',
  bio: '',
  major: '',
  year: '',
  email: '',
  username: '',
  password: '',
};

const fieldId = (field: SignUpField) => `sign-up-${field}`;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function SignUpPage() {
  useDocumentTitle('Create Account');
  const navigate = useNavigate();
  const signedIn = useSessionStore((state) => state.signedIn);
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [fieldError, setFieldError] = useState<SignUpFieldError | null>(null);
  const [topError, setTopError] = useState('');
  const [busy, setBusy] = useState(false);

  const errorFor = (field: SignUpField) => (fieldError?.field === field ? fieldError.message : null);

  function update(field: SignUpField) {
    return (event: ChangeEvent<Control>) => {
      const value = event.target.value;
      setForm((current) => ({ ...current, [field]: value }));
      if (value !== '') setFieldError((current) => (current?.field === field ? null : current));
    };
  }

  function showFieldError(error: SignUpFieldError) {
    setFieldError(error);
    document.getElementById(fieldId(error.field))?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setTopError('');

    const invalid = validateSignUp(form);
    if (invalid) {
      showFieldError(invalid);
      return;
    }
    setFieldError(null);

    setBusy(true);
    try {
      const token = await apiClient.getCsrfToken();
      if (!token) {
        setTopError('Please try again');
        return;
      }
      const result = await signUp({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        major: form.major.trim(),
        bio: form.bio.trim(),
        year: form.year,
        email: form.email.trim(),
        username: form.username.trim(),
        password: form.password,
      });
      if (result.kind === 'signed-in') {
        // One render for both, so the guards never see the old page with the new user.
        flushSync(() => {
          signedIn(result.user);
          navigate('/', { replace: true });
        });
        return;
      }
      if (result.kind === 'field-error') showFieldError(result);
      else setTopError(TRY_AGAIN);
    } catch (error) {
      console.error('Sign up failed', error);
      setTopError(TRY_AGAIN);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page auth-page--sign-up">
      <div className="auth-card auth-card--wide">
        <h1 className="auth-card__title">Create Account</h1>

        <form className="auth-form" onSubmit={handleSubmit} noValidate>
          {topError ? (
            <p className="form-error form-error--top" role="alert">
              {topError}
            </p>
          ) : null}

          <section className="form-section" aria-labelledby="profile-heading">
            <h2 className="form-section__title" id="profile-heading">
              Enter Profile Information
            </h2>
            <p className="form-section__note">
              Your profile information is shared with other students so they can connect with you.
            </p>
            <div className="form-grid">
              <FormField id={fieldId('firstName')} label="First Name" error={errorFor('firstName')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="text"
                    name="firstName"
                    autoComplete="given-name"
                    value={form.firstName}
                    onChange={update('firstName')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('lastName')} label="Last Name" error={errorFor('lastName')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="text"
                    name="lastName"
                    autoComplete="family-name"
                    value={form.lastName}
                    onChange={update('lastName')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('bio')} label="Bio" error={errorFor('bio')} className="form-grid__wide">
                {(control) => (
                  <textarea
                    {...control}
                    className="input input--textarea"
                    name="bio"
                    rows={4}
                    placeholder="Tell us about yourself..."
                    value={form.bio}
                    onChange={update('bio')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('major')} label="Major" error={errorFor('major')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="text"
                    name="major"
                    autoComplete="off"
                    value={form.major}
                    onChange={update('major')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('year')} label="Year" error={errorFor('year')}>
                {(control) => (
                  <select {...control} className="input input--select" name="year" value={form.year} onChange={update('year')}>
                    <option value="">Select Class Standing</option>
                    {YEARS.map((year) => (
                      <option key={year} value={year}>
                        {YEAR_NAMES[year]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
          </section>

          <section className="form-section" aria-labelledby="account-heading">
            <h2 className="form-section__title" id="account-heading">
              Enter Account Information
            </h2>
            <p className="form-section__note">You will use this information to log in.</p>
            <div className="form-grid">
              <FormField
                id={fieldId('email')}
                label="Email Address"
                error={errorFor('email')}
                hint="Use your @ufl.edu address."
                className="form-grid__wide"
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="email"
                    name="email"
                    inputMode="email"
                    autoComplete="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={form.email}
                    onChange={update('email')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('username')} label="Username" error={errorFor('username')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="text"
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={form.username}
                    onChange={update('username')}
                  />
                )}
              </FormField>
              <FormField id={fieldId('password')} label="Password" error={errorFor('password')}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="password"
                    name="password"
                    autoComplete="new-password"
                    value={form.password}
                    onChange={update('password')}
                  />
                )}
              </FormField>
            </div>
          </section>

          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
            {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
            Create Account
          </button>
        </form>

        <p className="auth-card__switch">
          Already have an account? <Link to="/log-in">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
