// "Check your UF email to verify your account", over every page while the
// signed-in student's address is not verified, with Resend (3 an hour: past
// that, the server's words say when to try again).
import { messageForStudent } from '@web/lib/api-error';
import { useCurrentUser } from '@web/lib/session';
import { useResendVerification } from './link-api';
import styles from './verify-banner.module.css';

export function VerifyBanner() {
  const user = useCurrentUser();
  if (!user || user.emailVerified) return null;
  return (
    <section className={styles.banner} aria-label="Email verification">
      <div className={styles.inner}>
        <p className={styles.text}>Check your UF email to verify your account</p>
        <ResendButton email={user.email} />
      </div>
    </section>
  );
}

/** Resend and what came of it, for the banner and for a verification link that no longer works. */
export function ResendButton({ email }: { email: string }) {
  const resend = useResendVerification();
  let outcome: string | null = null;
  if (resend.isSuccess) outcome = resend.data.sent ? `We sent a new link to ${email}.` : 'Your email address is already verified.';
  else if (resend.isError) outcome = messageForStudent(resend.error, 'Could not send the email. Please try again.');
  return (
    <>
      <button
        type="button"
        className="button button--outline button--small"
        onClick={() => {
          if (!resend.isPending) resend.mutate();
        }}
        aria-disabled={resend.isPending}
      >
        {resend.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
        Resend
      </button>
      <p className={resend.isError ? `${styles.outcome} ${styles.failed}` : styles.outcome} role="status">
        {outcome}
      </p>
    </>
  );
}
