// The frame around every page: skip link, navigation bar, main region (with
// the verification banner while a signed-in student's address is unverified);
// and, until the server has said who is signed in, the loading screen instead.
// A visitor's frame is part of the first download; a signed-in student's
// (signed-in-frame.tsx: the query client, the user menu, the unread marks)
// is a chunk of its own. Over every page, "Reload to update" when a new
// build is waiting (update-prompt.tsx).
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoading } from '@web/components/full-page-loading';
import { NavigationBar } from '@web/components/navigation-bar';
import { VisitorActions } from '@web/features/auth/visitor-actions';
import { useSession } from '@web/lib/session';
import styles from './app-layout.module.css';
import { SignedInFrame } from './pages';
import { UpdatePrompt } from './update-prompt';

// After this many failed checks the loading screen says why it is taking long.
const SLOW_AFTER_FAILURES = 2;

export function AppLayout() {
  const { session, failedChecks, waitingForNetwork } = useSession();

  // Until the server has said who is signed in, no page (and no nav button) can be right.
  if (session.status === 'unknown') {
    const slow = failedChecks >= SLOW_AFTER_FAILURES || waitingForNetwork;
    return <FullPageLoading detail={slow ? 'Still trying to reach Study Swamp. This page will continue on its own.' : undefined} />;
  }
  if (session.status === 'signedIn') {
    return (
      <Suspense fallback={<FullPageLoading />}>
        <SignedInFrame user={session.user} />
      </Suspense>
    );
  }
  return <PageFrame actions={<VisitorActions />} />;
}

/** The frame itself, with the navigation bar's right-hand side for who is signed in, and a banner over the page (signed in: the verification's). */
export function PageFrame({ actions, banner = null }: { actions: ReactNode; banner?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to main content
      </a>
      <NavigationBar actions={actions} />
      <main className={styles.main} id="main-content" tabIndex={-1}>
        <UpdatePrompt />
        {banner}
        <Suspense fallback={<FullPageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
