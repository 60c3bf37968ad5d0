// The right-hand side of the navigation bar, which depends on who is signed in.
import { NavLink } from 'react-router-dom';
import { LogOutButton } from './log-out-button';
import { useNextPath, withNext } from '@web/lib/next-path';
import { useCurrentUser } from '@web/lib/session';
import { UserMenu } from './user-menu';

export function SessionActions() {
  const currentUser = useCurrentUser();
  // On Log In or Create Account, the other page keeps the page asked for too.
  const next = useNextPath();

  if (currentUser) {
    return (
      <>
        {/* Keyed by user so a different account never sees the previous one's cached details. */}
        <UserMenu key={currentUser.id} user={currentUser} />
        <LogOutButton />
      </>
    );
  }
  return (
    <>
      <NavLink to={withNext('/log-in', next)} className="button button--ghost">
        Log In
      </NavLink>
      <NavLink to={withNext('/sign-up', next)} className="button button--accent">
        Sign Up
      </NavLink>
    </>
  );
}
