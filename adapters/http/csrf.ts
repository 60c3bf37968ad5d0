// Synchroniser-token CSRF protection: GET /api/get-token/ hands out the
// session's token; every unsafe request must echo it in X-CSRFToken.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { HttpError } from './http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function issueCsrfToken(ctx: Context): string {
  const session = ctx.session!;
  if (typeof session.csrf !== 'string') session.csrf = randomBytes(32).toString('base64url');
  return session.csrf as string;
}

/** A new token for a new session state (login, sign-up). */
export function rotateCsrfToken(ctx: Context): void {
  ctx.session!.csrf = randomBytes(32).toString('base64url');
}

export function csrfProtection(): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const expected = ctx.session?.csrf;
    const given = ctx.get('X-CSRFToken');
    if (typeof expected !== 'string' || !given || !sameToken(expected, given)) {
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
