import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/form-field';
import { SwampScene } from '../../components/swamp-scene';
import { apiClient } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { logIn, TRY_AGAIN } from './api';
import { checkLogin as validateLogIn, type LoginInput as LogInForm } from '../../../../domain/user/login-rules';

type LogInField = keyof LogInForm;
import { useSessionStore } from '../../lib/session-store';

const FIELD_IDS: Record<LogInField, string> = { username: 'log-in-username', password: 'log-in-password' };

export function LogInPage() {
  useDocumentTitle('Log In');
  const navigate = useNavigate();
  const signedIn = useSessionStore((state) => state.signedIn);
  const [form, setForm] = useState<LogInForm>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LogInField, string>>>({});
  const [generalError, setGeneralError] = useState('');
  const [busy, setBusy] = useState(false);

  function update(field: LogInField) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setForm((current) => ({ ...current, [field]: value }));
      if (value !== '') setFieldErrors((current) => ({ ...current, [field]: undefined }));
    };
  }

  function showFieldError(field: LogInField, message: string) {
    setFieldErrors({ [field]: message });
    document.getElementById(FIELD_IDS[field])?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setGeneralError('');
    try {
      // The spec checks the fields only once a token is in hand; without one
      // the attempt silently does nothing.
      const token = await apiClient.getCsrfToken();
      if (!token) return;

      const invalid = validateLogIn(form);
      if (invalid) {
        showFieldError(invalid.field, invalid.message);
        return;
      }
      setFieldErrors({});

      const result = await logIn({ username: form.username.trim(), password: form.password });
      if (result.kind === 'signed-in') {
        // One render for both, so the guards never see the old page with the new user.
        flushSync(() => {
          signedIn(result.user);
          navigate('/', { replace: true });
        });
        return;
      }
      if (result.kind === 'field-error') showFieldError(result.field, result.message);
      else setGeneralError(result.message);
    } catch (error) {
      console.error('Log in failed', error);
      setGeneralError(TRY_AGAIN);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page auth-page--log-in">
      <div className="auth-card">
        <h1 className="auth-card__title">Log In</h1>
        <p className="auth-card__subtitle">Log in to see your courses, study groups and connect with other students.</p>

        <form className="auth-form" onSubmit={handleSubmit} noValidate>
          <FormField id={FIELD_IDS.username} label="Username" error={fieldErrors.username}>
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

          <FormField id={FIELD_IDS.password} label="Password" error={fieldErrors.password}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="password"
                name="password"
                autoComplete="current-password"
                value={form.password}
                onChange={update('password')}
              />
            )}
          </FormField>

          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
            {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
            Log In
          </button>
          {generalError ? (
            <p className="form-error" role="alert">
              {generalError}
            </p>
          ) : null}
        </form>

        <p className="auth-card__switch">
          New to Study Swamp? <Link to="/sign-up">Create an account</Link>
        </p>
      </div>

      <div className="auth-art" aria-hidden="true">
        <SwampScene />
        <p className="auth-art__caption">Find your people. Ace your classes.</p>
      </div>
    </div>
  );
}
