// Synchroniser-token CSRF protection. GET /api/get-token/ hands out the token;
// every unsafe request must echo it in X-CSRFToken.
//
// A signed-in student's token lives in their stored session. An anonymous
// visitor's lives in a cookie of its own (ss.csrf, with the session cookie's
// attributes, given at wiring time: signed with the app keys, httpOnly,
// SameSite=Lax, Secure as configured; gone when the browser closes), so
// handing tokens to visitors stores nothing on the server. Signing
// in (login, sign-up) gives the new session a fresh token and drops the
// anonymous cookie; logout destroys the session.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { HttpError } from './http-error';
import { sessionUserId, type CookieAttributes } from './session';

export const ANONYMOUS_CSRF_COOKIE = 'ss.csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');

/** The token a request must echo: the signed-in session's, else the anonymous cookie's. */
function expectedToken(ctx: Context): string | undefined {
  if (sessionUserId(ctx) !== null) {
    const token = ctx.session?.csrf;
    return typeof token === 'string' ? token : undefined;
  }
  return anonymousToken(ctx);
}

function anonymousToken(ctx: Context): string | undefined {
  const token = ctx.cookies.get(ANONYMOUS_CSRF_COOKIE, { signed: true });
  return token && TOKEN.test(token) ? token : undefined;
}

/**
 * The token for GET /api/get-token/. A signed-in student gets their session's
 * (made on first use); a visitor gets the one their cookie holds, or a new one
 * in a new cookie, after `beforeMinting` agreed (the per-address throttle).
 */
export async function issueCsrfToken(
  ctx: Context,
  cookie: CookieAttributes,
  beforeMinting: () => Promise<void> = async () => {},
): Promise<string> {
  if (sessionUserId(ctx) !== null) {
    const session = ctx.session!;
    if (typeof session.csrf !== 'string') session.csrf = newToken();
    return session.csrf as string;
  }
  const existing = anonymousToken(ctx);
  if (existing) return existing;
  await beforeMinting();
  const token = newToken();
  ctx.cookies.set(ANONYMOUS_CSRF_COOKIE, token, cookie);
  return token;
}

/** A new token for a newly signed-in session (login, sign-up); the visitor's token dies with its cookie. */
export function rotateCsrfToken(ctx: Context, cookie: CookieAttributes): void {
  ctx.session!.csrf = newToken();
  if (ctx.cookies.get(ANONYMOUS_CSRF_COOKIE)) ctx.cookies.set(ANONYMOUS_CSRF_COOKIE, null, cookie);
}

/** `signedLink`: paths called without a session (a mail's one-click unsubscribe), whose signed token is the authority. */
export function csrfProtection(signedLink: (path: string) => boolean = () => false): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || signedLink(ctx.path)) return next();
    const expected = expectedToken(ctx);
    const given = ctx.get('X-CSRFToken');
    if (!expected || !given || !sameToken(expected, given)) {
      throw new HttpError(403, 'CSRF_FAILED', 'Missing or invalid CSRF token. Fetch /api/get-token/ and send it as X-CSRFToken.');
    }
    return next();
  };
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
