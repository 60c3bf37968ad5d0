// /forgot-password: ask for a reset link (from Log In's "Forgot password?").
import { Link } from 'react-router-dom';
import { AuthPage } from '@web/features/auth/auth-page';
import { ForgotPasswordForm } from '@web/features/auth/forgot-password-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthPage
      title="Forgot password"
      subtitle="Enter your UF email address or your username. We will email you a link to choose a new password; it works for one hour."
      switchLine={
        <>
          Remembered it? <Link to="/log-in">Log in</Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
