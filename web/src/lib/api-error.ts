// Turns an ApiResponse into checked data or a typed failure, so feature api.ts
// files can tell "not found" and "signed out" apart from "something broke".
// The one reading of a refusal: the contract's house error (errorAnswer).
import * as z from 'zod/mini';
import { errorAnswer, type ApiErrorCode, type ErrorAnswer } from '@contract/errors';
import type { ApiResponse } from './api-client';

/** The server refused (a non-2xx status) or answered with a shape the client does not understand. */
export class ApiError extends Error {
  readonly path: string;
  readonly status: number;
  /** The house error code (`COURSE_NOT_FOUND`, `NOT_AUTHENTICATED`...), or null when the body had none. */
  readonly code: ApiErrorCode | typeof UNEXPECTED_RESPONSE | null;
  /** The server's own explanation (the house error's `message`), fit to show to the student. */
  readonly serverMessage: string | null;
  /** The request field a refusal is about (validation, a wrong password), when it names one. */
  readonly field: string | null;

  constructor(path: string, status: number, code: ApiError['code'], serverMessage: string | null = null, field: string | null = null) {
    super(`${path} answered HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiError';
    this.path = path;
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

/** Stands in for `code` when a 2xx body failed validation. */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

/** A refusal's body as the contract's house error (errorAnswer); null when it is not one (a proxy's error page). */
export function readRefusal(body: unknown): ErrorAnswer | null {
  const refusal = z.safeParse(errorAnswer, body);
  return refusal.success ? refusal.data : null;
}

function refusalOf(path: string, response: ApiResponse): ApiError {
  const refusal = readRefusal(response.body);
  if (!refusal) return new ApiError(path, response.status, null);
  const { error, message, field } = refusal;
  // The server sends only codes of the catalogue (domain/errors.ts, contract/errors.ts).
  return new ApiError(path, response.status, error as ApiErrorCode, message.trim() === '' ? null : message, field ?? null);
}

export function readAnswer<Schema extends z.ZodMiniType>(path: string, response: ApiResponse, schema: Schema): z.output<Schema> {
  if (!response.ok) throw refusalOf(path, response);
  const parsed = z.safeParse(schema, response.body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error);
    throw new ApiError(path, response.status, UNEXPECTED_RESPONSE);
  }
  return parsed.data;
}

export function isApiError(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== null && (codes as string[]).includes(error.code);
}

/** The session ended on the server (expired, or logged out in another tab). */
export function isNotAuthenticated(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'NOT_AUTHENTICATED');
}

/** A line for the student: the server's own words for a refusal it explained (a 4xx), else `fallback`. */
export function messageForStudent(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return fallback;
}
