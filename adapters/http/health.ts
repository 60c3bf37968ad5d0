// Probes for load balancers and orchestrators, answered before the session
// middleware (no cookie, no Redis round trip for the session):
// GET /healthz: the process is alive and serving.
// GET /readyz: this server can do its work: Postgres and Redis answer and the
// schema is current; 503 while any check fails or while shutting down.
// The answer says ready or not and nothing more: it is reachable from the
// internet through the balancer, and a dependency's error text names hosts,
// ports and users. Which check failed, and why, goes to the log, once each
// time the set of failing checks changes (the balancer probes every 500 ms).
import type { Middleware } from 'koa';
import type { AppState } from './app-state';

export type CheckResult = 'ok' | string;

export interface ReadinessProbe {
  /** Each named check answers 'ok' or the reason it failed. */
  checks(): Promise<Record<string, CheckResult>>;
  /** True once shutdown has begun: the balancer should stop sending new requests. */
  draining(): boolean;
}

export function healthEndpoints(probe: ReadinessProbe): Middleware<AppState> {
  // The failing checks' names at the last probe ('' while ready): the log says each change once.
  let failingBefore = '';
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (probe.draining()) {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: 'SERVICE_UNAVAILABLE', message: 'This server is shutting down.', status: 'draining' };
      return;
    }
    const checks = await probe.checks();
    const failing = Object.keys(checks)
      .filter((name) => checks[name] !== 'ok')
      .sort()
      .join(', ');
    if (failing !== failingBefore) {
      if (failing) ctx.state.log.warn({ checks }, `not ready: ${failing}`);
      else ctx.state.log.info({ checks }, 'ready again');
      failingBefore = failing;
    }
    if (!failing) {
      ctx.body = { status: 'ready' };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { error: 'SERVICE_UNAVAILABLE', message: 'This server is not ready.', status: 'unavailable' };
  };
}

/** Runs one check with a deadline, so a hung dependency makes the probe fail, not hang. */
export async function timedCheck(run: () => Promise<CheckResult>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([run().catch((error: Error) => error.message || String(error)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
