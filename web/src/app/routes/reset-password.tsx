// /reset-password?token=...: the page a reset link opens.
import { Link, useSearchParams } from 'react-router-dom';
import { AuthPage } from '@web/features/auth/auth-page';
import { ResetPasswordForm } from '@web/features/auth/reset-password-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  useDocumentTitle('Choose a new password');
  return (
    <AuthPage
      title="Choose a new password"
      subtitle="Setting it signs your account out on every device."
      switchLine={
        <>
          Need a new link? <Link to="/forgot-password">Ask again</Link>
        </>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthPage>
  );
}
