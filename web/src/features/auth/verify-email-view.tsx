// What the verification link opens: it sends the token once and says how it
// went (verified, or already verified when the link was opened before; a
// link that no longer works, with Resend for a student
// signed in to an unverified account; or, for an account that signed up with
// an address another account held, that the other account verified it first).
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { isApiError, messageForStudent } from '@web/lib/api-error';
import { useCurrentUser } from '@web/lib/session';
import { useVerifyEmail } from './link-api';
import { AuthPage } from './auth-page';
import formStyles from './auth-form.module.css';
import { ResendButton } from './verify-banner';

const NO_LONGER_WORKS = 'This verification link has expired or was already used.';

export function VerifyEmailView({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const user = useCurrentUser();
  // Once per link, also when React runs effects twice in development: a second send would find it used.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const home = user ? (
    <Link to="/">Go to your dashboard</Link>
  ) : (
    <>
      Ready to go? <Link to="/log-in">Log in</Link>
    </>
  );

  if (verify.isSuccess) {
    // A link opened again (a second click in the mail) says the address is verified, not that the link failed.
    const again = verify.data.alreadyVerified;
    return (
      <AuthPage title={again ? 'Email address already verified' : 'Email address verified'} switchLine={home}>
        <p className={formStyles.outcome} role="status">
          {again ? 'This link was already used: your UF email address is verified.' : 'Thank you: your UF email address is verified.'}
        </p>
      </AuthPage>
    );
  }
  if (token && !verify.isError) {
    return (
      <AuthPage title="Verifying your email address" switchLine={home}>
        <p className="loading-line" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          Checking your link...
        </p>
      </AuthPage>
    );
  }
  const claimLost = isApiError(verify.error, 'EMAIL_CLAIM_LOST');
  const linkFailed = !token || isApiError(verify.error, 'LINK_INVALID');
  return (
    <AuthPage title={claimLost ? 'This address belongs to another account' : 'This link does not work'} switchLine={home}>
      <p className="form-error" role="alert">
        {linkFailed || claimLost ? messageForStudent(verify.error, NO_LONGER_WORKS) : 'Could not reach Study Swamp. Please try again.'}
      </p>
      {!linkFailed && !claimLost ? (
        <button type="button" className="button button--outline" onClick={() => verify.mutate(token)}>
          Try again
        </button>
      ) : null}
      {linkFailed && user && !user.emailVerified ? (
        <div className={formStyles.resend}>
          <p>Ask for a new link:</p>
          <ResendButton email={user.email} />
        </div>
      ) : null}
    </AuthPage>
  );
}
