// Assembles the Koa application: request context, errors, session, CSRF, body
// parsing, the API routes, then the built client.
import bodyParser from 'koa-bodyparser';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { SessionStore } from '../../application/ports/session-store';
import type { AppState } from './app-state';
import { authRoutes, type AuthUseCases } from './auth-routes';
import { chatRoutes, type ChatUseCases } from './chat-routes';
import { courseRoutes, type CourseUseCases } from './course-routes';
import { csrfProtection } from './csrf';
import { errorHandler } from './error-handler';
import { HttpError } from './http-error';
import { requestContext } from './request-context';
import { sessionMiddleware } from './session';
import { staticClient } from './static-client';
import { studyGroupRoutes, type StudyGroupUseCases } from './study-group-routes';

export interface HttpAppDeps {
  logger: Logger;
  sessionStore: SessionStore;
  sessionSecret: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  clientDir: string;
  useCases: AuthUseCases & CourseUseCases & ChatUseCases & StudyGroupUseCases;
}

// The body parser's errors (from raw-body and JSON.parse) become house errors.
function bodyError(error: Error & { status?: number }): never {
  if (error.status === 413) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 100 kB.');
  if (error.status === 415) throw new HttpError(415, 'UNSUPPORTED_ENCODING', 'The request body encoding is not supported.');
  throw new HttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
}

export function createHttpApp(deps: HttpAppDeps): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: deps.trustProxy, keys: [deps.sessionSecret] });
  // Errors are answered by errorHandler; Koa's default handler would log them twice.
  app.silent = true;

  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(sessionMiddleware(app as unknown as Koa, deps.sessionStore, deps.cookieSecure));
  app.use(csrfProtection());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', strict: true, onerror: bodyError }));

  for (const router of [authRoutes(deps.useCases), courseRoutes(deps.useCases), chatRoutes(deps.useCases), studyGroupRoutes(deps.useCases)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      if (ctx.status === 405) {
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
      }
      throw new HttpError(404, 'NOT_FOUND', `No API route ${ctx.method} ${ctx.path}`);
    }
    return next();
  });
  app.use(staticClient(deps.clientDir));
  return app;
}
