// The wire contract's routes of the account: verifying the address, the
// password, the profile and deleting the account (api.ts assembles the table).
import * as accounts from './accounts';
import { errorAnswer } from './errors';
import { route } from './route';

export const ACCOUNT_ROUTES = {
  verifyEmail: route({
    method: 'POST',
    path: '/api/verify-email/',
    summary:
      'Open the link mailed after sign-up: the address is verified (the link works once, for 24 hours; opened again while the address is verified, it answers alreadyVerified: true); 409 EMAIL_CLAIM_LOST when the account waited for an address another account verified first',
    body: accounts.verifyEmailBody,
    answer: accounts.verifyEmailAnswer,
    public: true,
    refusals: { 409: errorAnswer },
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/resend-verification/',
    summary: 'Mail a new verification link (at most 3 an hour; the older link stops working); 409 EMAIL_CLAIM_LOST as for the link',
    answer: accounts.resendVerificationAnswer,
    refusals: { 409: errorAnswer },
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/request-password-reset/',
    summary: 'Forgot password: mail a reset link to the account with this address or username (the same answer whether or not it exists)',
    body: accounts.requestPasswordResetBody,
    answer: accounts.requestPasswordResetAnswer,
    public: true,
  }),
  checkResetLink: route({
    method: 'GET',
    path: '/api/reset-link/',
    summary:
      'Whether a reset link still works, without using it up (the reset page asks as it opens); 400 LINK_INVALID when it was used, has expired or was replaced',
    query: accounts.resetLinkQuery,
    answer: accounts.resetLinkAnswer,
    public: true,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/reset-password/',
    summary: 'Set a new password with a reset link (once, within an hour); every session of the account ends',
    body: accounts.resetPasswordBody,
    answer: accounts.resetPasswordAnswer,
    public: true,
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/change-password/',
    summary: 'Change your password (the current one confirms it); your other sessions end',
    body: accounts.changePasswordBody,
    answer: accounts.changePasswordAnswer,
  }),
  updateProfile: route({
    method: 'POST',
    path: '/api/update-profile/',
    summary: 'Edit your name, major, year and bio (email and username stay fixed)',
    body: accounts.updateProfileBody,
    answer: accounts.updateProfileAnswer,
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/api/delete-account/',
    summary: 'Delete your account (your password confirms it); your messages stay, shown as "Former member"',
    body: accounts.deleteAccountBody,
    answer: accounts.deleteAccountAnswer,
  }),
} as const;
