// The right-hand side of the navigation bar, which depends on who is signed in.
import { NavLink } from 'react-router-dom';
import { LogOutButton } from './log-out-button';
import { useSessionStore } from '../../lib/session-store';
import { UserMenu } from './user-menu';

export function SessionActions() {
  const currentUser = useSessionStore((state) => state.currentUser);

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
      <NavLink to="/log-in" className="button button--ghost">
        Log In
      </NavLink>
      <NavLink to="/sign-up" className="button button--accent">
        Sign Up
      </NavLink>
    </>
  );
}
