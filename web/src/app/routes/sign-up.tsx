// /sign-up for a visitor (the guards send a signed-in student home).
import { Link } from 'react-router-dom';
import { AuthPage } from '@web/features/auth/auth-page';
import { SignUpForm } from '@web/features/auth/sign-up-form';
import { useNextPath, withNext } from '@web/lib/next-path';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function SignUpPage() {
  const next = useNextPath();
  useDocumentTitle('Create Account');
  return (
    <AuthPage
      title="Create Account"
      wide
      switchLine={
        <>
          Already have an account? <Link to={withNext('/log-in', next)}>Sign in</Link>
        </>
      }
    >
      <SignUpForm />
    </AuthPage>
  );
}
