// The trusted-account calls: verifying the address, getting back in with a
// mailed link, the profile, the password and deleting the account. Each keeps
// the tab's idea of who is signed in (lib/session.ts) in step.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { UpdateProfileBody } from '@contract/accounts';
import { API } from '@contract/api';
import type { User } from '@contract/auth';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { currentUser, signedIn, signedOut, whoIsSignedIn } from '@web/lib/session';

/** Asks the server who is signed in now (a link may have changed the account, or ended the session) and tells the tab. */
async function refreshSession(client: QueryClient): Promise<User | null> {
  const user = await whoIsSignedIn(false);
  if (user) signedIn(client, user);
  else if (currentUser(client)) signedOut(client);
  return user;
}

/**
 * Opens a verification link: the address is verified (in whichever account it
 * belongs to). Answers whether it already was (the link was opened before).
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string, { client }) => {
      const { alreadyVerified } = await apiClient.call(API.verifyEmail, { body: { token } });
      if (currentUser(client)) await refreshSession(client).catch(() => null);
      return { alreadyVerified };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userDetails }),
  });
}

/** Resend: a new verification link (the older one stops working); 3 an hour. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async (_: void, { client }) => {
      const answer = await apiClient.call(API.resendVerification, {});
      // Verified meanwhile (the link opened in another tab): the banner goes.
      if (answer.emailVerified) await refreshSession(client).catch(() => null);
      return answer;
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (emailOrUsername: string) => apiClient.call(API.requestPasswordReset, { body: { emailOrUsername } }),
  });
}

/**
 * The reset page's link, checked once as the page opens, without using it up:
 * a used or expired link fails (an ApiError with the server's words) before a
 * new password is typed.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: queryKeys.resetLink(token),
    queryFn: () => apiClient.call(API.checkResetLink, { query: { token } }),
    // Asked once: after the password is set, the link is used, and the page must not change its mind.
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: { token: string; password: string }, { client }) => {
      await apiClient.call(API.resetPassword, { body });
      // Every session of that account has ended: this tab's too, if it was one.
      apiClient.dropCsrfToken();
      if (currentUser(client)) await refreshSession(client).catch(() => null);
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiClient.call(API.updateProfile, { body }),
    onSuccess: ({ user }) => {
      signedIn(queryClient, user);
      queryClient.setQueryData(queryKeys.userDetails, user);
      // Pages that show the student to others (and to themselves) read the new profile.
      void queryClient.invalidateQueries({ queryKey: queryKeys.coursePages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studyGroupPages });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiClient.call(API.changePassword, { body }),
  });
}

/** Deletes the account; the tab is signed out and goes to Log In, which says so. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiClient.call(API.deleteAccount, { body: { password } });
      apiClient.dropCsrfToken();
    },
    onSuccess: () =>
      flushSync(() => {
        signedOut(queryClient, { left: true });
        void navigate('/log-in', { replace: true, state: { accountDeleted: true } });
      }),
  });
}
