// koa-session with its data in the SessionStore port (Redis or the embedded
// database); the cookie holds only a signed, random session id.
import type Koa from 'koa';
import session from 'koa-session';
import type { Context, Middleware } from 'koa';
import type { SessionStore } from '../../application/ports/session-store';
import { HttpError } from './http-error';

export const SESSION_COOKIE = 'ss.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export function sessionMiddleware(app: Koa, store: SessionStore, secure: boolean): Middleware {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      rolling: true,
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
}

export function sessionUserId(ctx: Context): number | null {
  const id = ctx.session?.userId;
  return typeof id === 'number' ? id : null;
}

/** Guards routes that need a signed-in student: 401 JSON otherwise. */
export function requireUser(): Middleware {
  return async (ctx, next) => {
    if (sessionUserId(ctx) === null) {
      throw new HttpError(401, 'NOT_AUTHENTICATED', 'You need to log in first.');
    }
    return next();
  };
}
