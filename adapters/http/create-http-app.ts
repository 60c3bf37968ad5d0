// Assembles the Koa application: request context, errors, security headers,
// the method guard, health probes and the OpenAPI document (before any session
// work), then the session, CSRF, body parsing, the API routes, and the built client.
import type { IncomingMessage } from 'node:http';
import bodyParser from 'koa-bodyparser';
import helmet, { type HelmetOptions } from 'helmet';
import koaHelmet from 'koa-helmet';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { SessionStore } from '@application/ports/session-store';
import type { AppMetrics } from '@adapters/observability/app-metrics';
import type { UseCases } from '@adapters/use-cases';
import { accountRoutes } from './account-routes';
import { ApiRouter } from './api-router';
import type { AppState } from './app-state';
import { authRoutes } from './auth-routes';
import { chatRoutes } from './chat-routes';
import { CookieSigner } from './cookie-signer';
import { courseRoutes } from './course-routes';
import { csrfProtection } from './csrf';
import { DeviceCookies } from './device-cookie';
import { errorHandler } from './error-handler';
import { healthEndpoints, type ReadinessProbe } from './health';
import type { HeldPolls } from './held-polls';
import { HttpError } from './http-error';
import { openApiEndpoint } from './openapi';
import { requestContext } from './request-context';
import { cookieAttributes, sessionMiddleware } from './session';
import { staticClient } from './static-client';
import { studyGroupRoutes } from './study-group-routes';
import { calendarRoutes } from './calendar-routes';
import { isSignedLinkPath, notificationRoutes } from './notification-routes';
import { pushRoutes } from './push-routes';

export interface HttpAppDeps {
  logger: Logger;
  sessionStore: SessionStore;
  sessionSecret: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY). */
  proxyHops?: number;
  /** Sends Strict-Transport-Security (production, behind TLS). */
  hsts: boolean;
  clientDir: string;
  readiness: ReadinessProbe;
  useCases: UseCases;
  /** The long polls held per session (shared with the chat poll's fast path). */
  heldPolls: HeldPolls;
  /** Counts and times every request when set. */
  metrics?: AppMetrics;
  /** Serve GET /metrics here (off when the metrics have a port of their own). */
  metricsEndpoint?: boolean;
}

/** The methods the app answers; anything else (TRACE, PUT, ...) is 405 on every path. */
const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];
const ALLOWED = new Set(METHODS);

// The body parser's errors (from raw-body and JSON.parse) become house errors.
function bodyError(error: Error & { status?: number }): never {
  if (error.status === 413) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 100 kB.');
  if (error.status === 415) throw new HttpError(415, 'UNSUPPORTED_ENCODING', 'The request body encoding is not supported.');
  throw new HttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
}

/**
 * Security headers on every answer. The built client loads only its own
 * script and stylesheet files (no inline script), so the policy is 'self';
 * the favicon is a data: URL.
 */
function helmetOptions(hsts: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

function securityHeaders(hsts: boolean) {
  return koaHelmet(helmetOptions(hsts));
}

/**
 * The client's address as Koa reads it (ctx.ip): behind TRUST_PROXY, the
 * X-Forwarded-For entry the proxies in front appended; else the socket's.
 */
export function clientAddressReader(trustProxy: boolean, proxyHops: number): (req: IncomingMessage) => string {
  return (req) => {
    const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const entries =
      typeof forwarded === 'string'
        ? forwarded
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
        : [];
    return entries.slice(-Math.max(1, proxyHops))[0] ?? req.socket.remoteAddress ?? '';
  };
}

/**
 * The headers helmet puts on every answer, computed once by helmet itself
 * with the same options (for the idle poll's fast path, which answers before Koa).
 */
export function securityHeaderValues(hsts: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(helmetOptions(hsts))({} as never, response as never, () => {});
  return headers;
}

/**
 * With Secure cookies (production) the API cannot keep a session over plain
 * HTTP: the cookies library would throw when setting one (a 500). Such a
 * request is usually a TLS-terminating proxy that does not say so
 * (X-Forwarded-Proto without TRUST_PROXY): a clear 403 names the cause. The
 * probes, the metrics and the client's pages (no cookies) answer before or
 * without this.
 */
function httpsOnlyApi(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.secure && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) {
      throw new HttpError(
        403,
        'HTTPS_REQUIRED',
        'This server only accepts its API over HTTPS (its cookies are Secure). Behind a TLS-terminating proxy, set TRUST_PROXY so its X-Forwarded-Proto is believed.',
      );
    }
    return next();
  };
}

export function createHttpApp(deps: HttpAppDeps): Koa<AppState> {
  // Only the entries our own proxies appended are believed: the client can put
  // anything at the start of X-Forwarded-For, and the rate limits key on its address.
  const app = new Koa<AppState>({ proxy: deps.trustProxy, maxIpsCount: deps.trustProxy ? (deps.proxyHops ?? 1) : 0 });
  // Koa hands app.keys to the cookies library, which takes any keygrip-like signer.
  app.keys = new CookieSigner(deps.sessionSecret) as unknown as string[];
  // Errors are answered by errorHandler; Koa's default handler would log them twice.
  app.silent = true;

  app.use(requestContext(deps.logger));
  if (deps.metrics) app.use(deps.metrics.http());
  app.use(errorHandler());
  app.use(securityHeaders(deps.hsts) as unknown as Koa.Middleware<AppState>);
  app.use(async (ctx, next) => {
    if (!ALLOWED.has(ctx.method)) {
      ctx.set('Allow', METHODS.join(', '));
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here.`);
    }
    return next();
  });
  app.use(healthEndpoints(deps.readiness));
  if (deps.metrics && deps.metricsEndpoint) app.use(deps.metrics.endpoint());
  app.use(openApiEndpoint());
  if (deps.cookieSecure) app.use(httpsOnlyApi());
  app.use(sessionMiddleware(app as unknown as Koa, deps.sessionStore, deps.cookieSecure));
  app.use(csrfProtection(isSignedLinkPath));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', strict: true, onerror: bodyError }));

  const api = new ApiRouter();
  const devices = new DeviceCookies(deps.sessionSecret, cookieAttributes(deps.cookieSecure));
  authRoutes(api, deps.useCases, cookieAttributes(deps.cookieSecure), devices);
  accountRoutes(api, deps.useCases, devices);
  courseRoutes(api, deps.useCases);
  chatRoutes(api, deps.useCases, deps.heldPolls);
  studyGroupRoutes(api, deps.useCases);
  calendarRoutes(api, deps.useCases);
  notificationRoutes(api, deps.useCases);
  pushRoutes(api, deps.useCases);
  app.use(api.router.routes());
  app.use(api.router.allowedMethods({ throw: false }));

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
  app.use(async (ctx) => {
    // Pages and assets are read-only.
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
    }
  });
  return app;
}
