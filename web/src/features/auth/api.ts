// Typed calls for accounts and sessions; every answer is checked before use.
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import type { LogInField, LogInForm } from './log-in-validation';
import { isSignUpField, type SignUpField, type SignUpForm } from './sign-up-validation';
import { userSchema, type User } from './user-schema';

const sessionSchema = z.discriminatedUnion('isAuthenticated', [
  z.object({ isAuthenticated: z.literal(true), user: userSchema }),
  z.object({ isAuthenticated: z.literal(false) }),
]);

const signedInSchema = z.object({ isAuthenticated: z.literal(true), user: userSchema });

// Refusals mix the spec's auth fields (msg, field) with the house error shape
// (error, message); every part is optional so any of them can be shown.
const refusalSchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  msg: z.string().optional(),
  field: z.string().optional(),
});

export const TRY_AGAIN = 'Please try again.';
const EMAIL_TAKEN = 'Email Address is already registered!';
const USERNAME_TAKEN = 'That username is already taken';

/** Thrown when the server answered, but not with anything the client understands. */
export class UnexpectedResponseError extends Error {
  constructor(path: string, status: number) {
    super(`Unexpected answer from ${path} (HTTP ${status})`);
    this.name = 'UnexpectedResponseError';
  }
}

export type LogInResult =
  | { kind: 'signed-in'; user: User }
  | { kind: 'field-error'; field: LogInField; message: string }
  | { kind: 'refused'; message: string };

export type SignUpResult =
  | { kind: 'signed-in'; user: User }
  | { kind: 'field-error'; field: SignUpField; message: string }
  | { kind: 'failed' };

export type SignUpRequest = SignUpForm;

/** The signed-in user, or null when the session is anonymous. Throws when the server cannot say. */
async function readSession(withCsrfHeader: boolean): Promise<User | null> {
  const path = '/api/is-authenticated/';
  const response = await apiClient.get(path, { withCsrfHeader });
  const parsed = sessionSchema.safeParse(response.body);
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

export async function logIn(credentials: LogInForm): Promise<LogInResult> {
  const response = await apiClient.post('/api/login/', credentials);
  // The session was (possibly) replaced, and its token with it.
  apiClient.dropCsrfToken();

  const signedIn = signedInSchema.safeParse(response.body);
  if (response.ok && signedIn.success) return { kind: 'signed-in', user: signedIn.data.user };

  const refusal = refusalSchema.safeParse(response.body);
  const message = refusal.success ? (refusal.data.msg ?? refusal.data.message) : undefined;
  const field = refusal.success ? refusal.data.field : undefined;
  if (message && response.status === 400 && (field === 'username' || field === 'password')) {
    return { kind: 'field-error', field, message };
  }
  if (!refusal.success || !message) console.error(new UnexpectedResponseError('/api/login/', response.status));
  return { kind: 'refused', message: message ?? TRY_AGAIN };
}

export async function signUp(request: SignUpRequest): Promise<SignUpResult> {
  const response = await apiClient.post('/api/signup/', request);
  apiClient.dropCsrfToken();

  const signedIn = signedInSchema.safeParse(response.body);
  if (response.ok && signedIn.success) return { kind: 'signed-in', user: signedIn.data.user };

  const refusal = refusalSchema.safeParse(response.body);
  if (!refusal.success) {
    console.error(new UnexpectedResponseError('/api/signup/', response.status));
    return { kind: 'failed' };
  }
  const { field, msg, message } = refusal.data;

  if (response.ok) {
    // An answered sign-up that did not sign in: the email or username is taken.
    if (field === 'username') return { kind: 'field-error', field, message: msg ?? USERNAME_TAKEN };
    if (field === undefined || field === 'email') return { kind: 'field-error', field: 'email', message: EMAIL_TAKEN };
    if (isSignUpField(field) && msg) return { kind: 'field-error', field, message: msg };
    return { kind: 'failed' };
  }
  if (response.status === 400 && isSignUpField(field) && message) {
    return { kind: 'field-error', field, message };
  }
  console.error(new UnexpectedResponseError('/api/signup/', response.status));
  return { kind: 'failed' };
}

/** True when the server confirms the session is gone. */
export async function logOut(): Promise<boolean> {
  const response = await apiClient.post('/api/logout/');
  apiClient.dropCsrfToken();
  const parsed = z.object({ isAuthenticated: z.boolean() }).safeParse(response.body);
  return response.ok && parsed.success && !parsed.data.isAuthenticated;
}
