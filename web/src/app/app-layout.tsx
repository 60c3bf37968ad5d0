// The frame around every page: skip link, navigation bar, main region (with
// the verification banner while a signed-in student's address is unverified);
// and, until the server has said who is signed in, the loading screen instead.
// While a student is signed in it keeps their unread marks current. Over
// every page, "Reload to update" when a new build is waiting (update-prompt.tsx).
import { Outlet } from 'react-router-dom';
import { FullPageLoading } from '@web/components/full-page-loading';
import { NavigationBar } from '@web/components/navigation-bar';
import { SessionActions } from '@web/features/auth/session-actions';
import { VerifyBanner } from '@web/features/auth/verify-banner';
import { useUnreadMarks } from '@web/features/chat/unread-store';
import { useSession } from '@web/lib/session';
import styles from './app-layout.module.css';
import { UpdatePrompt } from './update-prompt';

// After this many failed checks the loading screen says why it is taking long.
const SLOW_AFTER_FAILURES = 2;

export function AppLayout() {
  const { session, failedChecks, waitingForNetwork } = useSession();
  useUnreadMarks(session.status === 'signedIn' ? session.user.id : undefined);

  // Until the server has said who is signed in, no page (and no nav button) can be right.
  if (session.status === 'unknown') {
    const slow = failedChecks >= SLOW_AFTER_FAILURES || waitingForNetwork;
    return <FullPageLoading detail={slow ? 'Still trying to reach Study Swamp. This page will continue on its own.' : undefined} />;
  }

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to main content
      </a>
      <NavigationBar actions={<SessionActions />} />
      <main className={styles.main} id="main-content" tabIndex={-1}>
        <UpdatePrompt />
        <VerifyBanner />
        <Outlet />
      </main>
    </div>
  );
}
