// The right-hand side of the navigation bar for a signed-in student (a
// visitor's is visitor-actions.tsx): the user menu and Log Out.
import type { User } from '@contract/auth';
import { LogOutButton } from './log-out-button';
import { UserMenu } from './user-menu';

export function SessionActions({ user }: { user: User }) {
  return (
    <>
      {/* Keyed by user so a different account never sees the previous one's cached details. */}
      <UserMenu key={user.id} user={user} />
      <LogOutButton />
    </>
  );
}
