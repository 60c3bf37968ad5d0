// koa-session with its data in the SessionStore port (Redis or the embedded
// database); the cookie holds only a signed, random session id. A session is
// stored only once a student signs in (login, sign-up): koa-session saves a new
// session only when something was written to it, and anonymous visitors keep
// their CSRF token in a cookie of their own (csrf.ts), not in a session.
import type Koa from 'koa';
import session from 'koa-session';
import type { Context, Middleware } from 'koa';
import type { SessionStore } from '../../application/ports/session-store';
import { NotAuthenticatedError } from '../../domain/errors';

export const SESSION_COOKIE = 'ss.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * How stale a session's expiry may get before a request renews it. koa-session's
 * `rolling` would write the session (a Redis SET, a cookie) on every request,
 * every chat poll included; renewing at most once a minute keeps "two weeks
 * after the last activity" to the minute and leaves idle polls read-only.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** The attributes every cookie of ours shares with the session cookie. */
export interface CookieAttributes {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  signed: true;
}

// Which `secure` the session middleware was built with, for the cookies that must travel like its own.
const cookieSecurity = new WeakMap<Context, boolean>();

/** httpOnly, SameSite=Lax, signed with the app keys, and Secure exactly when the session cookie is. */
export function sessionCookieAttributes(ctx: Context): CookieAttributes {
  return { httpOnly: true, sameSite: 'lax', secure: cookieSecurity.get(ctx) ?? false, signed: true };
}

export function sessionMiddleware(app: Koa, store: SessionStore, secure: boolean, touchIntervalMs = SESSION_TOUCH_INTERVAL_MS): Middleware {
  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      rolling: false,
      renew: false,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      store: {
        get: (key: string) => store.get(key),
        set: (key: string, data: Record<string, unknown>, maxAge: number | 'session' | undefined) =>
          store.set(key, data, typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS),
        destroy: (key: string) => store.destroy(key),
      },
    },
    app as never,
  ) as unknown as Middleware;
  return (ctx, next) => {
    cookieSecurity.set(ctx, secure);
    return sessions(ctx, async () => {
      await next();
      touchIfStale(ctx.session as unknown as LoadedSession | null, touchIntervalMs);
    });
  };
}

/** The parts of koa-session's Session object the touch reads and sets. */
interface LoadedSession {
  isNew: boolean;
  _expire?: number;
  _requireSave: boolean;
}

// Saved only when changed (koa-session compares) or when the expiry it last
// wrote is more than the interval old; saving also sends the cookie again.
function touchIfStale(current: LoadedSession | null, touchIntervalMs: number): void {
  if (!current || current.isNew || typeof current._expire !== 'number') return;
  if (current._expire - Date.now() < SESSION_MAX_AGE_MS - touchIntervalMs) current._requireSave = true;
}

export function sessionUserId(ctx: Context): number | null {
  const id = ctx.session?.userId;
  return typeof id === 'number' ? id : null;
}

/** Guards routes that need a signed-in student: 401 JSON otherwise. */
export function requireUser(): Middleware {
  return async (ctx, next) => {
    if (sessionUserId(ctx) === null) throw new NotAuthenticatedError();
    return next();
  };
}
