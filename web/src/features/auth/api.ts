// Accounts and sessions: the user menu's details, and the login, sign-up and
// logout calls, each a mutation over the wire contract's route; who is signed
// in is lib/session.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { API } from '@contract/api';
import type { LogInBody, SignUpBody, User } from '@contract/auth';
import { apiClient } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { useNextPath } from '@web/lib/next-path';
import { queryKeys } from '@web/lib/query-keys';
import { signedIn, signedOut, whoIsSignedIn } from '@web/lib/session';

export const TRY_AGAIN = 'Please try again.';

/** The user menu's details: the session call, sent as the spec sends it for the profile dropdown, fetched once. */
export const userDetailsQuery = queryOptions({
  queryKey: queryKeys.userDetails,
  queryFn: async () => {
    const user = await whoIsSignedIn(true);
    // The server no longer knows this session (expired, or logged out in another
    // tab): fail the way every call then fails, which signs the tab out (app/query-client.ts).
    if (!user) throw new ApiError(API.isAuthenticated.path, 200, 'NOT_AUTHENTICATED');
    return user;
  },
  staleTime: Infinity,
});

/**
 * Stores the student and opens the page they asked for before logging in (?next=, a path of
 * this site) or else the home page, in one render, so the route guards never see the old page
 * with the new user.
 */
function useEnterAs(): (user: User) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const next = useNextPath();
  return (user) =>
    flushSync(() => {
      signedIn(queryClient, user);
      void navigate(next, { replace: true });
    });
}

/** Log In: once the server lets the student in, the tab enters as them; a refusal fails it (an ApiError the form shows). */
export function useLogIn() {
  const enterAs = useEnterAs();
  return useMutation({
    mutationFn: async (credentials: LogInBody) => {
      try {
        return (await apiClient.call(API.logIn, { body: credentials })).user;
      } finally {
        // The session was (possibly) replaced, and its token with it.
        apiClient.dropCsrfToken();
      }
    },
    onSuccess: enterAs,
  });
}

/**
 * Create Account: signed in, the tab enters as the student. The answer may
 * instead be the spec's "taken" (isAuthenticated false, naming the email or
 * the username), which the form shows; a refusal fails it.
 */
export function useSignUp() {
  const enterAs = useEnterAs();
  return useMutation({
    mutationFn: async (request: SignUpBody) => {
      try {
        return await apiClient.call(API.signUp, { body: request });
      } finally {
        apiClient.dropCsrfToken();
      }
    },
    onSuccess: (answer) => {
      if (answer.isAuthenticated) enterAs(answer.user);
    },
  });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Spec 4: success is the answer isAuthenticated false; anything else is only logged.
    mutationFn: async () => {
      try {
        await apiClient.call(API.logOut, {});
      } finally {
        apiClient.dropCsrfToken();
      }
    },
    onSuccess: () =>
      // One render for both: clearing the user alone would briefly show the
      // landing page (or bounce a protected page) before /log-in.
      flushSync(() => {
        signedOut(queryClient, { left: true });
        void navigate('/log-in');
      }),
    onError: (error) => console.error('Log out failed', error),
  });
}
