// The signed-in student's session: the user menu's details and the logout,
// over the wire contract's routes; who is signed in is lib/session.ts, and
// Log In and Create Account are sign-in-api.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';
import { turnOffPushOnLogOut } from '@web/lib/push-device';
import { signedOut, whoIsSignedIn } from '@web/lib/session';

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

export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Spec 4: success is the answer isAuthenticated false; anything else is only logged.
    mutationFn: async () => {
      // This student's push on this browser goes first, while the session can still say whose device it is.
      await turnOffPushOnLogOut();
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
