// A student's calendar subscription address: a secret URL that calendar apps
// refresh. Whoever holds the token reads the student's group meetings, so an
// unknown, revoked or malformed token gets the same answer.
import { DomainError } from '@domain/errors';

/** A feed token as made: 32 random bytes, base64url (43 characters). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isFeedTokenShape(token: string): boolean {
  return FEED_TOKEN.test(token);
}

export class CalendarFeedNotFoundError extends DomainError {
  constructor() {
    super(
      'CALENDAR_FEED_NOT_FOUND',
      'This calendar address does not work (it was turned off or replaced). Get the current one in Study Swamp.',
    );
  }
}
