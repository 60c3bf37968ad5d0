// The five account calls of the product spec (section 7) and the CSRF token.
import type { Context } from 'koa';
import { DomainError } from '@domain/errors';
import { canonicalName } from '@domain/user/canonical-name';
import type { UseCases } from '@adapters/use-cases';
import type { ApiRouter, RouteAnswer } from './api-router';
import { API } from '@contract/api';
import { countedClient } from './client-network';
import { issueCsrfToken, rotateCsrfToken } from './csrf';
import type { DeviceCookies } from './device-cookie';
import { sessionUserId, type CookieAttributes } from './session';

/**
 * `cookie`: the session cookie's attributes, which a visitor's CSRF cookie
 * shares. `devices`: the login guard's device cookies, read at login and
 * given (anew) to the browser of every sign-up and successful login.
 */
export function authRoutes(
  api: ApiRouter,
  { signUp, logIn, getUser, clientThrottle }: UseCases,
  cookie: CookieAttributes,
  devices: DeviceCookies,
): void {
  // Signed-in students get their session's token; visitors a cookie-held one, new ones throttled per address.
  api.on(API.getToken, async ({ ctx }) => {
    const token = await issueCsrfToken(ctx, cookie, () => clientThrottle.anonymousToken(countedClient(ctx)));
    return { token } satisfies RouteAnswer<typeof API.getToken>;
  });

  api.on(API.isAuthenticated, async ({ ctx }) => {
    const userId = sessionUserId(ctx);
    const user = userId === null ? null : await getUser.execute(userId);
    if (!user && userId !== null) ctx.session = null; // the account is gone
    return (user ? { isAuthenticated: true, user } : { isAuthenticated: false }) satisfies RouteAnswer<typeof API.isAuthenticated>;
  });

  api.on(API.logIn, async ({ ctx, body }) => {
    const user = await logIn
      .execute({ ...body, clientAddress: countedClient(ctx), devices: devices.presented(ctx) })
      .catch(withLoginFields);
    devices.issue(ctx, canonicalName(user.username));
    await startSession(ctx, user.id, cookie);
    return { isAuthenticated: true, user } satisfies RouteAnswer<typeof API.logIn>;
  });

  api.on(API.signUp, async ({ ctx, body }) => {
    const result = await signUp.execute({ ...body, clientAddress: countedClient(ctx) });
    if (!result.ok) return { isAuthenticated: false, msg: result.message, field: result.field } satisfies RouteAnswer<typeof API.signUp>;
    devices.issue(ctx, canonicalName(result.user.username));
    await startSession(ctx, result.user.id, cookie);
    return { isAuthenticated: true, user: result.user } satisfies RouteAnswer<typeof API.signUp>;
  });

  api.on(API.logOut, async ({ ctx }) => {
    ctx.session = null;
    return { isAuthenticated: false } satisfies RouteAnswer<typeof API.logOut>;
  });
}

/**
 * A refused login (401 wrong password, 429 too many attempts) answers the
 * spec's auth fields (isAuthenticated, msg) beside the house error, so the form
 * can show msg under its button; they are its only details (Retry-After still
 * tells the wait).
 */
function withLoginFields(error: unknown): never {
  if (error instanceof DomainError && (error.kind === 'unauthenticated' || error.kind === 'rate-limited')) {
    error.details = { isAuthenticated: false, msg: error.message };
  }
  throw error;
}

// The session is stored from here on (anonymous visitors have none): a fresh
// id (against session fixation) and a fresh CSRF token.
async function startSession(ctx: Context, userId: number, cookie: CookieAttributes): Promise<void> {
  ctx.session!.userId = userId;
  rotateCsrfToken(ctx, cookie);
  await ctx.session!.regenerate();
}
