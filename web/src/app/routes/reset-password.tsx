// /reset-password?token=...: the page a reset link opens.
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordView } from '@web/features/auth/reset-password-view';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  useDocumentTitle('Choose a new password');
  return <ResetPasswordView token={token} />;
}
