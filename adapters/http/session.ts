// koa-session with its data in the SessionStore port (Redis or the embedded
// database); the cookie holds only a signed, random session id. A session is
// stored only once a student signs in (login, sign-up): koa-session saves a new
// session only when something was written to it, and anonymous visitors keep
// their CSRF token in a cookie of their own (csrf.ts), not in a session.
import type Koa from 'koa';
import session from 'koa-session';
import type { Context, Middleware } from 'koa';
import type { SessionStore } from '@application/ports/session-store';
import { NotAuthenticatedError } from '@domain/errors';
import { UserId } from '@domain/ids';

export const SESSION_COOKIE = 'ss.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * How stale a session may get before a request renews it. koa-session's
 * `rolling` would write the session (a Redis SET, a cookie) on every request,
 * every chat poll included; renewing at most once a minute keeps "two weeks
 * after the last activity" to the minute and leaves idle polls read-only.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * When the session was last saved, kept in it. koa-session saves a session
 * whose content changed (and sends the cookie again, with a fresh expiry), so
 * rewriting this value once it is older than the touch interval is the renewal.
 */
const TOUCHED_AT = 'touchedAt';

const READ_ONLY = new Set(['GET', 'HEAD']);

/** The attributes every cookie of ours shares with the session cookie. */
export interface CookieAttributes {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  signed: true;
}

/** httpOnly, SameSite=Lax, signed with the app keys, and Secure as configured (COOKIE_SECURE). */
export function cookieAttributes(secure: boolean): CookieAttributes {
  return { httpOnly: true, sameSite: 'lax', secure, signed: true };
}

export function sessionMiddleware(app: Koa, store: SessionStore, secure: boolean, touchIntervalMs = SESSION_TOUCH_INTERVAL_MS): Middleware {
  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      rolling: false,
      renew: false,
      ...cookieAttributes(secure),
      beforeSave: (_ctx: Context, saved: Record<string, unknown>) => {
        saved[TOUCHED_AT] = Date.now();
      },
      store: {
        // Read-only requests (the chat polls above all) may be answered from a cache of a second or two.
        get: (key: string, _maxAge: unknown, { ctx }: { ctx: Context }) => store.get(key, { recent: READ_ONLY.has(ctx.method) }),
        set: (key: string, data: Record<string, unknown>, maxAge: number | 'session' | undefined) =>
          store.set(key, data, typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS),
        destroy: (key: string) => store.destroy(key),
      },
    },
    app as never,
  ) as unknown as Middleware;
  return (ctx, next) =>
    sessions(ctx, async () => {
      await next();
      touchIfStale(ctx, touchIntervalMs);
    });
}

// A stored session (a visitor's empty one stays unsaved) last saved more than
// the interval ago is touched, so koa-session saves it and renews its cookie.
function touchIfStale(ctx: Context, touchIntervalMs: number): void {
  const current = ctx.session;
  if (!current?.populated) return;
  if (!readSession(current, Date.now(), touchIntervalMs).dueForRenewal) return;
  current[TOUCHED_AT] = Date.now();
}

/** A stored session as a request at a given time reads it. */
interface SessionReading {
  /** The signed-in student, or null. */
  userId: UserId | null;
  /** Past its SESSION_MAX_AGE_MS: koa-session would refuse it. */
  expired: boolean;
  /** Never saved, or saved more than the touch interval ago: a request now renews it (writes it, and sends its cookie again). */
  dueForRenewal: boolean;
}

/**
 * The one reading of a session's data, for the pipeline's renewal above and
 * for the chat poll's fast path (which answers only sessions it need not
 * renew). Its age is our own TOUCHED_AT: koa-session stamps it (beforeSave)
 * just before every save, and counts the session's SESSION_MAX_AGE_MS from
 * that save, so it expires when TOUCHED_AT says it does.
 */
export function readSession(
  data: Readonly<Record<string, unknown>>,
  now: number,
  touchIntervalMs = SESSION_TOUCH_INTERVAL_MS,
): SessionReading {
  const userId = data.userId;
  const touchedAt = data[TOUCHED_AT];
  const age = typeof touchedAt === 'number' ? now - touchedAt : null;
  return {
    userId: typeof userId === 'number' ? UserId(userId) : null,
    expired: age !== null && age > SESSION_MAX_AGE_MS,
    dueForRenewal: age === null || age >= touchIntervalMs,
  };
}

export function sessionUserId(ctx: Context): UserId | null {
  const id = ctx.session?.userId;
  return typeof id === 'number' ? UserId(id) : null;
}

/**
 * The session's id (its cookie's value) of a signed-in request, or null. The
 * signature is not checked again: koa-session only found a session by a
 * cookie whose signature it checked.
 */
export function sessionIdOf(ctx: Context): string | null {
  return sessionUserId(ctx) === null ? null : (ctx.cookies.get(SESSION_COOKIE, { signed: false }) ?? null);
}

/** Guards routes that need a signed-in student: 401 JSON otherwise. */
export function requireUser(): Middleware {
  return async (ctx, next) => {
    if (sessionUserId(ctx) === null) throw new NotAuthenticatedError();
    return next();
  };
}
