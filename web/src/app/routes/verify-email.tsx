// /verify-email?token=...: the page the verification mail links to, signed in or not.
import { useSearchParams } from 'react-router-dom';
import { VerifyEmailView } from '@web/features/auth/verify-email-view';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  useDocumentTitle('Verify your email address');
  return <VerifyEmailView token={token} />;
}
