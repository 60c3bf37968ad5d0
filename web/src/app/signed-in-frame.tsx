// A signed-in student's frame: the query client every signed-in page reads
// through, the user menu and Log Out in the navigation bar, the verification
// banner, and the unread marks kept current. A chunk of its own (pages.tsx), so a visitor never
// downloads it.
import type { User } from '@contract/auth';
import { SessionActions } from '@web/features/auth/session-actions';
import { VerifyBanner } from '@web/features/auth/verify-banner';
import { useUnreadMarks } from '@web/features/chat/unread-store';
import { PageFrame } from './app-layout';
import { QueryProvider } from './query-provider';

export function SignedInFrame({ user }: { user: User }) {
  return (
    <QueryProvider>
      <StudentFrame user={user} />
    </QueryProvider>
  );
}

function StudentFrame({ user }: { user: User }) {
  useUnreadMarks(user.id);
  return <PageFrame actions={<SessionActions user={user} />} banner={<VerifyBanner />} />;
}
