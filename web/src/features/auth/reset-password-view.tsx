// What a reset link opens: the link is checked first (nothing is used up), so
// a used or expired one says so at once, with the way to a new one, instead
// of after a new password was typed. While the check runs the page says so;
// if the server cannot be reached, the form shows (setting the password checks
// the link again).
import { Link } from 'react-router-dom';
import { LoadingLine } from '@web/components/loading-line';
import { ApiError, messageForStudent } from '@web/lib/api-error';
import { useResetLinkCheck, useResetPassword } from './link-api';
import { AuthPage } from './auth-page';
import { ResetPasswordForm } from './reset-password-form';

const NO_LONGER_WORKS = 'This reset link has expired or was already used. Ask for a new one.';

export function ResetPasswordView({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();
  const askAgain = (
    <>
      Need a new link? <Link to="/forgot-password">Ask again</Link>
    </>
  );

  // Once this page used the link, a second look (signing the tab out drops cached answers) would find it used.
  if (check.error instanceof ApiError && reset.isIdle) {
    return (
      <AuthPage
        title="This link does not work"
        switchLine={
          <>
            Remembered it? <Link to="/log-in">Log in</Link>
          </>
        }
      >
        <p className="form-error" role="alert">
          {messageForStudent(check.error, NO_LONGER_WORKS)}
        </p>
        <Link to="/forgot-password" className="button button--primary button--block">
          Send me a new link
        </Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Choose a new password" subtitle="Setting it signs your account out on every device." switchLine={askAgain}>
      {check.isPending && reset.isIdle ? (
        <LoadingLine>Checking your link...</LoadingLine>
      ) : (
        <ResetPasswordForm token={token} reset={reset} />
      )}
    </AuthPage>
  );
}
