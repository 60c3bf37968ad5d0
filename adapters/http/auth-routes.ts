// The five account calls of the product spec (section 7).
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { ClientThrottle } from '../../application/auth/client-throttle';
import type { GetUser } from '../../application/auth/get-user';
import type { LogIn } from '../../application/auth/log-in';
import type { SignUp } from '../../application/auth/sign-up';
import { issueCsrfToken, rotateCsrfToken } from './csrf';
import { parseBody, textField } from './parse-body';
import { sessionUserId } from './session';

// Generous caps: the rules in domain/ give the precise messages; these only stop
// absurd payloads before any work is done. Every field passes the text policy.
const text = (max: number) => textField(max);

const loginBody = z.object({
  username: text(200).default(''),
  password: text(1000).default(''),
});

const signUpBody = z.object({
  firstName: text(1000).default(''),
  lastName: text(1000).default(''),
  major: text(1000).default(''),
  email: text(1000).default(''),
  username: text(1000).default(''),
  password: text(1000).default(''),
  year: z
    .union([z.string(), z.number()], { message: 'must be "1", "2", "3" or "4"' })
    .transform(String)
    .default(''),
  bio: textField(5000, { multiline: true }).nullish().transform((v) => v ?? ''),
});

export interface AuthUseCases {
  signUp: SignUp;
  logIn: LogIn;
  getUser: GetUser;
  clientThrottle: ClientThrottle;
}

export function authRoutes({ signUp, logIn, getUser, clientThrottle }: AuthUseCases): Router {
  const router = new Router({ prefix: '/api' });

  // Signed-in students get their session's token; visitors a cookie-held one, new ones throttled per address.
  router.get('/get-token/', async (ctx) => {
    ctx.body = { token: await issueCsrfToken(ctx, () => clientThrottle.anonymousToken(ctx.ip)) };
  });

  router.get('/is-authenticated/', async (ctx) => {
    const userId = sessionUserId(ctx);
    const user = userId === null ? null : await getUser.execute(userId);
    if (!user && userId !== null) ctx.session = null; // the account is gone
    ctx.body = user ? { isAuthenticated: true, user } : { isAuthenticated: false };
  });

  router.post('/login/', async (ctx) => {
    const body = parseBody(loginBody, ctx);
    const user = await logIn.execute({ ...body, clientAddress: ctx.ip }).catch(withLoginFields);
    await startSession(ctx, user.id);
    ctx.body = { isAuthenticated: true, user };
  });

  router.post('/signup/', async (ctx) => {
    const result = await signUp.execute({ ...parseBody(signUpBody, ctx), clientAddress: ctx.ip });
    if (!result.ok) {
      ctx.body = { isAuthenticated: false, msg: result.message, field: result.field };
      return;
    }
    await startSession(ctx, result.user.id);
    ctx.body = { isAuthenticated: true, user: result.user };
  });

  router.post('/logout/', (ctx) => {
    ctx.session = null;
    ctx.body = { isAuthenticated: false };
  });

  return router;
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
async function startSession(ctx: Context, userId: number): Promise<void> {
  ctx.session!.userId = userId;
  rotateCsrfToken(ctx);
  await ctx.session!.regenerate();
}
