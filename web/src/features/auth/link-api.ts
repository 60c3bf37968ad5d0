// The calls of the public account screens: opening a verification link,
// resending it, asking for a reset link, checking and using it. Plain calls
// over lib/use-call.ts (no query client: these screens are public, decision
// 0119); each keeps the tab's idea of who is signed in (lib/session.ts) in step.
import { ACCOUNT_ROUTES } from '@contract/account-routes';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { currentUser, loadedQueryClient, signedIn, signedOut, whoIsSignedIn } from '@web/lib/session';
import { useCall, useCallOnOpen } from '@web/lib/use-call';

/** Asks the server who is signed in now (a link may have changed the account, or ended the session) and tells the tab. */
async function refreshSession(): Promise<void> {
  const user = await whoIsSignedIn(false);
  if (user) signedIn(null, user);
  else if (currentUser()) signedOut(null);
}

/**
 * Opens a verification link: the address is verified (in whichever account it
 * belongs to). Answers whether it already was (the link was opened before).
 */
export function useVerifyEmail() {
  return useCall(async (token: string) => {
    const { alreadyVerified } = await apiClient.call(ACCOUNT_ROUTES.verifyEmail, { body: { token } });
    if (currentUser()) await refreshSession().catch(() => null);
    // The user menu's details, when the signed-in app is loaded, are read again.
    void loadedQueryClient()?.invalidateQueries({ queryKey: queryKeys.userDetails });
    return { alreadyVerified };
  });
}

/** Resend: a new verification link (the older one stops working); 3 an hour. */
export function useResendVerification() {
  return useCall(async (_: void) => {
    const answer = await apiClient.call(ACCOUNT_ROUTES.resendVerification, {});
    // Verified meanwhile (the link opened in another tab): the banner goes.
    if (answer.emailVerified) await refreshSession().catch(() => null);
    return answer;
  });
}

export function useRequestPasswordReset() {
  return useCall((emailOrUsername: string) => apiClient.call(ACCOUNT_ROUTES.requestPasswordReset, { body: { emailOrUsername } }));
}

/**
 * The reset page's link, checked once as the page opens, without using it up:
 * a used or expired link fails (an ApiError with the server's words) before a
 * new password is typed. Asked once: after the password is set, the link is
 * used, and the page must not change its mind.
 */
export function useResetLinkCheck(token: string) {
  return useCallOnOpen(token, () => apiClient.call(ACCOUNT_ROUTES.checkResetLink, { query: { token } }));
}

export function useResetPassword() {
  return useCall(async (body: { token: string; password: string }) => {
    await apiClient.call(ACCOUNT_ROUTES.resetPassword, { body });
    // Every session of that account has ended: this tab's too, if it was one.
    apiClient.dropCsrfToken();
    if (currentUser()) await refreshSession().catch(() => null);
  });
}
