// Accounts and sessions: the user menu's details, and the login, sign-up and
// logout calls; every answer is checked against the wire contract. Who is
// signed in is lib/session.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { API } from '@contract/api';
import type { LogInBody, SignUpBody, User } from '@contract/auth';
import type { LoginInput } from '@domain/user/login-rules';
import { EMAIL_TAKEN_MESSAGE, isSignUpField, USERNAME_TAKEN_MESSAGE, type SignUpInput } from '@domain/user/sign-up-rules';
import { apiClient } from '@web/lib/api-client';
import { useNextPath } from '@web/lib/next-path';
import { ApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';
import { signedIn, signedOut, whoIsSignedIn } from '@web/lib/session';

// Refusals mix the spec's auth fields (msg, field) with the house error shape
// (error, message); every part is optional so any of them can be shown.
const refusalSchema = z.object({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  msg: z.optional(z.string()),
  field: z.optional(z.string()),
});

export const TRY_AGAIN = 'Please try again.';

/** Thrown when the server answered, but not with anything the client understands. */
export class UnexpectedResponseError extends Error {
  constructor(path: string, status: number) {
    super(`Unexpected answer from ${path} (HTTP ${status})`);
    this.name = 'UnexpectedResponseError';
  }
}

export type LogInResult =
  | { kind: 'signed-in'; user: User }
  | { kind: 'field-error'; field: keyof LoginInput; message: string }
  | { kind: 'refused'; message: string };

export type SignUpResult =
  | { kind: 'signed-in'; user: User }
  | { kind: 'field-error'; field: keyof SignUpInput; message: string }
  | { kind: 'failed' };

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

export async function logIn(credentials: LogInBody): Promise<LogInResult> {
  const response = await apiClient.post(API.logIn.path, credentials);
  // The session was (possibly) replaced, and its token with it.
  apiClient.dropCsrfToken();

  const signedIn = z.safeParse(API.logIn.answer, response.body);
  if (response.ok && signedIn.success) return { kind: 'signed-in', user: signedIn.data.user };

  const refusal = z.safeParse(refusalSchema, response.body);
  const message = refusal.success ? (refusal.data.msg ?? refusal.data.message) : undefined;
  const field = refusal.success ? refusal.data.field : undefined;
  if (message && response.status === 400 && (field === 'username' || field === 'password')) {
    return { kind: 'field-error', field, message };
  }
  if (!refusal.success || !message) console.error(new UnexpectedResponseError(API.logIn.path, response.status));
  return { kind: 'refused', message: message ?? TRY_AGAIN };
}

export async function signUp(request: SignUpBody): Promise<SignUpResult> {
  const response = await apiClient.post(API.signUp.path, request);
  apiClient.dropCsrfToken();

  const answer = z.safeParse(API.signUp.answer, response.body);
  if (response.ok && answer.success && answer.data.isAuthenticated) return { kind: 'signed-in', user: answer.data.user };

  const refusal = z.safeParse(refusalSchema, response.body);
  if (!refusal.success) {
    console.error(new UnexpectedResponseError(API.signUp.path, response.status));
    return { kind: 'failed' };
  }
  const { field, msg, message } = refusal.data;

  if (response.ok) {
    // An answered sign-up that did not sign in: the email or username is taken.
    if (field === 'username') return { kind: 'field-error', field, message: msg ?? USERNAME_TAKEN_MESSAGE };
    if (field === undefined || field === 'email') return { kind: 'field-error', field: 'email', message: EMAIL_TAKEN_MESSAGE };
    if (isSignUpField(field) && msg) return { kind: 'field-error', field, message: msg };
    return { kind: 'failed' };
  }
  if (response.status === 400 && isSignUpField(field) && message) {
    return { kind: 'field-error', field, message };
  }
  console.error(new UnexpectedResponseError(API.signUp.path, response.status));
  return { kind: 'failed' };
}

/** True when the server confirms the session is gone. */
async function logOut(): Promise<boolean> {
  const response = await apiClient.post(API.logOut.path);
  apiClient.dropCsrfToken();
  const parsed = z.safeParse(API.logOut.answer, response.body);
  return response.ok && parsed.success;
}

/**
 * Stores the student and opens the page they asked for before logging in (?next=, a path of
 * this site) or else the home page, in one render, so the route guards never see the old page
 * with the new user.
 */
export function useEnterAs(): (user: User) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const next = useNextPath();
  return (user) =>
    flushSync(() => {
      signedIn(queryClient, user);
      navigate(next, { replace: true });
    });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logOut,
    onSuccess: (confirmed) => {
      if (!confirmed) {
        console.error('Log out was not confirmed by the server');
        return;
      }
      // One render for both: clearing the user alone would briefly show the
      // landing page (or bounce a protected page) before /log-in.
      flushSync(() => {
        signedOut(queryClient);
        navigate('/log-in');
      });
    },
    onError: (error) => console.error('Log out failed', error),
  });
}
