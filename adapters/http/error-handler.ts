// Maps every failure to a JSON body { error, message, requestId }. Domain codes
// get their status here; Postgres or Redis out of reach is a 503 with
// Retry-After; anything else unexpected is a logged 500 without a stack.
import type { Middleware } from 'koa';
import { DomainError, RateLimitedError } from '../../domain/errors';
import { isDependencyOutage } from '../dependency-errors';
import { HttpError } from './http-error';
import type { AppState } from './app-state';

const STATUS_BY_CODE: Record<string, number> = {
  VALIDATION_FAILED: 400,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  COURSE_NOT_FOUND: 404,
  INVALID_CURSOR: 400,
  INVALID_TEXT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  // Courses, study groups and their chats
  NOT_COURSE_MEMBER: 403,
  GROUP_PRIVATE: 403,
  NOT_GROUP_MEMBER: 403,
  NOT_GROUP_OWNER: 403,
  STUDY_GROUP_NOT_FOUND: 404,
  MEETING_NOT_FOUND: 404,
  USER_NOT_IN_GROUP: 404,
};

/** How long a client should wait before trying again while Postgres or Redis is out of reach. */
export const RETRY_AFTER_OUTAGE_SECONDS = 5;

export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const { status, body } = describe(error);
      if (status === 503) ctx.state.log.warn({ reason: (error as Error).message }, 'a dependency is unavailable');
      else if (status >= 500) ctx.state.log.error({ err: error }, 'request failed');
      else ctx.state.log.info({ code: body.error, status }, 'request refused');
      if (error instanceof RateLimitedError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      if (status === 503) ctx.set('Retry-After', String(RETRY_AFTER_OUTAGE_SECONDS));
      ctx.status = status;
      ctx.body = { ...body, requestId: ctx.state.requestId };
    }
  };
}

function describe(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof DomainError) {
    return {
      status: STATUS_BY_CODE[error.code] ?? 400,
      body: { error: error.code, message: error.message, ...error.details },
    };
  }
  if (error instanceof HttpError) {
    return { status: error.status, body: { error: error.code, message: error.message, ...error.extra } };
  }
  if (isDependencyOutage(error)) {
    return {
      status: 503,
      body: { error: 'SERVICE_UNAVAILABLE', message: 'Study Swamp cannot reach its data store right now. Please try again in a few seconds.' },
    };
  }
  const known = error as { status?: number; expose?: boolean; message?: string };
  if (typeof known.status === 'number' && known.status >= 400 && known.status < 500 && known.expose) {
    return { status: known.status, body: { error: 'BAD_REQUEST', message: known.message ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } };
}
