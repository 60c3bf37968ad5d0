// Gives every request an id (echoed as X-Request-Id) and a child logger that
// stamps it on every line, then writes one access-log line per request.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './app-state';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, route: ctx.state.route, status: ctx.status, ms: Math.round(performance.now() - started), ip: ctx.ip },
        'request',
      );
    }
  };
}
