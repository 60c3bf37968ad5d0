// Gives every request an id (echoed as X-Request-Id) and a child logger that
// stamps it on every line, then writes one access-log line per request (at
// info, or at debug for the routine chat reads that mark themselves), with
// the same route label as the metrics.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './app-state';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** A request's id: the X-Request-Id it came with (a proxy's or load balancer's), when that is 1-100 plain characters, or a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    // Made when first used: a routine poll that logs nothing makes none.
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', { get: () => (log ??= logger.child({ requestId })), enumerable: true, configurable: true });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const routine = ctx.state.routineRequest && ctx.status < 500;
      if (!routine || logger.isLevelEnabled('debug')) {
        const line = {
          method: ctx.method,
          path: ctx.path,
          route: routeLabel(ctx.state.route, ctx.path),
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          ip: ctx.ip,
        };
        if (routine) ctx.state.log.debug(line, 'request');
        else ctx.state.log.info(line, 'request');
      }
    }
  };
}

/**
 * The route of a request in logs and metrics: the API's route template, or
 * the kind of path (client, the probes, unmatched), never a raw URL (ids would
 * make a metric series each).
 */
export function routeLabel(route: string | undefined, path: string): string {
  if (route) return route;
  if (path === '/healthz' || path === '/readyz') return path;
  if (path === '/api' || path.startsWith('/api/')) return 'unmatched';
  return 'client';
}
