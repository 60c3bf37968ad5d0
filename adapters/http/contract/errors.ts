// Refusals on the wire: every failure is { error, message, requestId } plus
// what the refusal adds (field, retryAfterSeconds). The domain's codes live
// in domain/errors.ts; these are the ones the HTTP edge gives itself.
import { z } from 'zod';
import type { ErrorCode } from '../../../domain/errors';

export const HTTP_ERROR_CODES = [
  'CSRF_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_ENCODING',
  'METHOD_NOT_ALLOWED',
  'NOT_FOUND',
  'BAD_REQUEST',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** Every code an answer's `error` may hold. */
export type ApiErrorCode = ErrorCode | HttpErrorCode;

export const errorAnswer = z
  .object({
    error: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    /** The request field a validation or text refusal is about. */
    field: z.string().optional(),
    /** Rate limits: also sent as Retry-After. */
    retryAfterSeconds: z.number().optional(),
  })
  .meta({ id: 'Error' });

export type ErrorAnswer = z.infer<typeof errorAnswer>;
