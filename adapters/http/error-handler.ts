// Maps every failure to a JSON body { error, message, requestId }. Domain codes
// get their status here; Postgres or Redis out of reach is a 503 with
// Retry-After; anything else unexpected is a logged 500 without a stack.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { DomainError, RateLimitedError, type ErrorKind } from '@domain/errors';
import { isDependencyOutage } from '@adapters/dependency-errors';
import { HttpError } from './http-error';
import type { AppState } from './app-state';

/** Every kind of domain refusal has exactly one status; a new kind does not compile until it is added here. */
const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};

/** How long a client should wait before trying again while Postgres or Redis is out of reach. */
const RETRY_AFTER_OUTAGE_SECONDS = 5;

export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = errorAnswer(error, ctx.state.log);
      if (answer.retryAfter) ctx.set('Retry-After', answer.retryAfter);
      ctx.status = answer.status;
      ctx.body = { ...answer.body, requestId: ctx.state.requestId };
    }
  };
}

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The Retry-After header's value, for a rate limit or an outage. */
  retryAfter?: string;
}

/** What a failure answers, logged as the house logs it (also used by the chat poll's fast path). */
export function errorAnswer(error: unknown, log: Logger): ErrorAnswer {
  const { status, body } = describe(error);
  if (status === 503) log.warn({ reason: (error as Error).message }, 'a dependency is unavailable');
  else if (status >= 500) log.error({ err: error }, 'request failed');
  else log.info({ code: body.error, status }, 'request refused');
  const retryAfter =
    error instanceof RateLimitedError ? String(error.retryAfterSeconds) : status === 503 ? String(RETRY_AFTER_OUTAGE_SECONDS) : undefined;
  return { status, body, retryAfter };
}

function describe(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof DomainError) {
    return {
      status: STATUS_BY_KIND[error.kind],
      body: { error: error.code, message: error.message, ...error.details },
    };
  }
  if (error instanceof HttpError) {
    return { status: error.status, body: { error: error.code, message: error.message, ...error.extra } };
  }
  if (isDependencyOutage(error)) {
    return {
      status: 503,
      body: {
        error: 'SERVICE_UNAVAILABLE',
        message: 'Study Swamp cannot reach its data store right now. Please try again in a few seconds.',
      },
    };
  }
  const known = error as { status?: number; expose?: boolean; message?: string };
  if (typeof known.status === 'number' && known.status >= 400 && known.status < 500 && known.expose) {
    return { status: known.status, body: { error: 'BAD_REQUEST', message: known.message ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } };
}
