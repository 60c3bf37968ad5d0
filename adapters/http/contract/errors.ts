// Refusals on the wire: every failure is { error, message, requestId } plus
// what the refusal adds (field, retryAfterSeconds). The domain's codes live
// in domain/errors.ts; these are the ones the HTTP edge gives itself.
import * as z from 'zod/mini';
import type { ErrorCode } from '@domain/errors';
import { described } from './primitives';

export type HttpErrorCode =
  | 'CSRF_FAILED'
  | 'MALFORMED_JSON'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_ENCODING'
  | 'METHOD_NOT_ALLOWED'
  | 'HTTPS_REQUIRED'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

/** Every code an answer's `error` may hold. */
export type ApiErrorCode = ErrorCode | HttpErrorCode;

const errorFields = {
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
  /** The request field a validation or text refusal is about. */
  field: z.optional(z.string()),
  /** Rate limits: also sent as Retry-After. */
  retryAfterSeconds: z.optional(z.number()),
};

export const errorAnswer = described(z.object(errorFields), { id: 'Error' });

/** The house error with fields of a call's own (the login refusal's spec fields). */
export function errorAnswerWith<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object({ ...errorFields, ...shape });
}

export type ErrorAnswer = z.infer<typeof errorAnswer>;
