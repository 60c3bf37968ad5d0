// The right-hand side of the navigation bar for a visitor: Log In and Sign Up
// (a signed-in student's is session-actions.tsx).
import { NavLink } from 'react-router-dom';
import { useNextPath, withNext } from '@web/lib/next-path';

export function VisitorActions() {
  // On Log In or Create Account, the other page keeps the page asked for too.
  const next = useNextPath();
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
