// /sign-up for a visitor (the guards send a signed-in student home).
import { Link } from 'react-router-dom';
import { AuthPage } from '../../features/auth/auth-page';
import { SignUpForm } from '../../features/auth/sign-up-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SignUpPage() {
  useDocumentTitle('Create Account');
  return (
    <AuthPage
      title="Create Account"
      wide
      switchLine={
        <>
          Already have an account? <Link to="/log-in">Sign in</Link>
        </>
      }
    >
      <SignUpForm />
    </AuthPage>
  );
}
