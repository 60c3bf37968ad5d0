// Domain errors carry a stable code from one catalogue; each code has a kind,
// and the HTTP adapter maps kinds (never single codes) to statuses.

export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'rate-limited' | 'unavailable';

/** Every code a refusal of the domain may carry, with its kind. The client reads these codes too (docs/api.md). */
const ERROR_KINDS = {
  VALIDATION_FAILED: 'invalid',
  INVALID_TEXT: 'invalid',
  INVALID_CURSOR: 'invalid',
  NOT_MESSAGE_AUTHOR: 'forbidden',
  EDIT_WINDOW_CLOSED: 'forbidden',
  TOO_MANY_EDITS: 'conflict',
  MESSAGE_NOT_FOUND: 'not-found',
  NOT_AUTHENTICATED: 'unauthenticated',
  INVALID_CREDENTIALS: 'unauthenticated',
  EMAIL_NOT_VERIFIED: 'forbidden',
  WRONG_PASSWORD: 'forbidden',
  LINK_INVALID: 'invalid',
  EMAIL_CLAIM_LOST: 'conflict',
  FORBIDDEN: 'forbidden',
  NOT_COURSE_MEMBER: 'forbidden',
  GROUP_PRIVATE: 'forbidden',
  NOT_GROUP_MEMBER: 'forbidden',
  NOT_GROUP_OWNER: 'forbidden',
  COURSE_NOT_FOUND: 'not-found',
  SECTION_WITHDRAWN: 'conflict',
  TOO_MANY_SECTIONS: 'conflict',
  STUDY_GROUP_NOT_FOUND: 'not-found',
  MEETING_NOT_FOUND: 'not-found',
  USER_NOT_IN_GROUP: 'not-found',
  GROUP_FULL: 'conflict',
  TOO_MANY_GROUPS: 'conflict',
  TOO_MANY_OWNED_GROUPS: 'conflict',
  TOO_MANY_MEETINGS: 'conflict',
  TOO_MANY_INVITE_LINKS: 'conflict',
  INVITE_LINK_NOT_FOUND: 'not-found',
  CALENDAR_FEED_NOT_FOUND: 'not-found',
  GROUP_IS_PUBLIC: 'conflict',
  REQUEST_DECLINED: 'conflict',
  TOO_MANY_JOIN_REQUESTS: 'conflict',
  TOO_MANY_PENDING_REQUESTS: 'conflict',
  TOO_MANY_INVITES: 'conflict',
  JOIN_REQUEST_NOT_FOUND: 'not-found',
  INVITE_NOT_FOUND: 'not-found',
  CLASSMATE_NOT_FOUND: 'not-found',
  ALREADY_GROUP_MEMBER: 'conflict',
  INVALID_NEXT_OWNER: 'conflict',
  RATE_LIMITED: 'rate-limited',
  // Web push.
  INVALID_PUSH_SUBSCRIPTION: 'invalid',
  PUSH_NOT_CONFIGURED: 'conflict',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_KINDS;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Fields the refusal's answer carries beside code and message (an edge may set its protocol's own). */
    public details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  get kind(): ErrorKind {
    return ERROR_KINDS[this.code];
  }
}

export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super('VALIDATION_FAILED', message, field ? { field } : {});
  }
}

/** Throws the first broken rule a check found (a form rule of domain/), naming its field. */
export function refuseBrokenRule(failure: { field: string; message: string } | null): void {
  if (failure) throw new ValidationError(failure.message, failure.field);
}

export class NotAuthenticatedError extends DomainError {
  constructor(message = 'You need to log in first.') {
    super('NOT_AUTHENTICATED', message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, { retryAfterSeconds });
  }

  /** "{what}. Try again in 20 seconds." (minutes from 2 minutes, hours from 2 hours), with Retry-After to match. */
  static retryIn(what: string, retryAfterMs: number): RateLimitedError {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new RateLimitedError(`${what}. Try again in ${waitPhrase(seconds)}.`, seconds);
  }
}

function waitPhrase(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 120) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You cannot do that for another student.') {
    super('FORBIDDEN', message);
  }
}

/** Text that no field may hold (control characters, broken surrogates): see domain/text/text-policy.ts. */
export class InvalidTextError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('INVALID_TEXT', message, { field });
  }
}
