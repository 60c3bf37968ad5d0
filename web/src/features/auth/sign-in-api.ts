// Log In and Create Account: the two calls that let a visitor in, and entering
// the app as the student they answer. Plain calls (no query client: these
// screens are public, decision 0119); the log-out and the user menu's details
// are api.ts.
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { LogInBody, SignUpBody, User } from '@contract/auth';
import { AUTH_ROUTES } from '@contract/auth-routes';
import { apiClient } from '@web/lib/api-client';
import { useNextPath } from '@web/lib/next-path';
import { preloadPath } from '@web/lib/preload-path';
import { signedIn } from '@web/lib/session';

export const TRY_AGAIN = 'Please try again.';

/**
 * Stores the student and opens the page they asked for before logging in (?next=, a path of
 * this site) or else the home page, in one render, so the route guards never see the old page
 * with the new user.
 */
export function useEnterAs(): (user: User) => void {
  const navigate = useNavigate();
  const next = useNextPath();
  return (user) =>
    flushSync(() => {
      signedIn(null, user);
      void navigate(next, { replace: true });
    });
}

/** Log In: the student the server let in; a refusal throws (an ApiError the form shows). */
export async function logIn(credentials: LogInBody, next: string): Promise<User> {
  // The signed-in app and the page asked for download while the server checks the password.
  preloadPath(next, true);
  try {
    return (await apiClient.call(AUTH_ROUTES.logIn, { body: credentials })).user;
  } finally {
    // The session was (possibly) replaced, and its token with it.
    apiClient.dropCsrfToken();
  }
}

/**
 * Create Account: the answer signed in, or the spec's "taken" (isAuthenticated
 * false, naming the email or the username), which the form shows; a refusal throws.
 */
export async function signUp(request: SignUpBody, next: string) {
  preloadPath(next, true);
  try {
    return await apiClient.call(AUTH_ROUTES.signUp, { body: request });
  } finally {
    apiClient.dropCsrfToken();
  }
}
