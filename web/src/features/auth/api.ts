// Typed calls for accounts and sessions; every answer is checked against the wire contract.
import * as z from 'zod/mini';
import { API } from '../../../../adapters/http/contract/api';
import type { LogInBody, SignUpBody, User } from '../../../../adapters/http/contract/auth';
import type { LoginInput } from '../../../../domain/user/login-rules';
import { EMAIL_TAKEN_MESSAGE, isSignUpField, USERNAME_TAKEN_MESSAGE, type SignUpInput } from '../../../../domain/user/sign-up-rules';
import { apiClient } from '../../lib/api-client';

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

export type SignUpRequest = SignUpBody;

/** The signed-in user, or null when the session is anonymous. Throws when the server cannot say. */
async function readSession(withCsrfHeader: boolean): Promise<User | null> {
  const path = API.isAuthenticated.path;
  const response = await apiClient.get(path, { withCsrfHeader });
  const parsed = z.safeParse(API.isAuthenticated.answer, response.body);
  if (!response.ok || !parsed.success) throw new UnexpectedResponseError(path, response.status);
  return parsed.data.isAuthenticated ? parsed.data.user : null;
}

export function fetchSession(): Promise<User | null> {
  return readSession(false);
}

/** Same call as fetchSession, sent the way the spec sends it for the profile dropdown. */
export function fetchUserDetails(): Promise<User | null> {
  return readSession(true);
}

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

export async function signUp(request: SignUpRequest): Promise<SignUpResult> {
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
export async function logOut(): Promise<boolean> {
  const response = await apiClient.post(API.logOut.path);
  apiClient.dropCsrfToken();
  const parsed = z.safeParse(API.logOut.answer, response.body);
  return response.ok && parsed.success;
}
