// Errors raised by the HTTP layer itself (CSRF, unknown routes, bad bodies),
// with the codes the contract reserves for the edge (contract/errors.ts).
import type { HttpErrorCode } from '@contract/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: HttpErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
