// /log-in for a visitor (the guards send a signed-in student home).
import { Link, useLocation } from 'react-router-dom';
import { AuthPage } from '@web/features/auth/auth-page';
import { LogInForm } from '@web/features/auth/log-in-form';
import { useNextPath, withNext } from '@web/lib/next-path';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function LogInPage() {
  const next = useNextPath();
  // Sent here by Delete my account.
  const accountDeleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  useDocumentTitle('Log In');
  return (
    <AuthPage
      title="Log In"
      subtitle="Log in to see your courses, study groups and connect with other students."
      artCaption="Find your people. Ace your classes."
      switchLine={
        <>
          New to Study Swamp? <Link to={withNext('/sign-up', next)}>Create an account</Link>
        </>
      }
    >
      {accountDeleted ? (
        <p className="notice--inline" role="status">
          Your account was deleted.
        </p>
      ) : null}
      <LogInForm />
    </AuthPage>
  );
}
