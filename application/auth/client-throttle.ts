// Per-address ceilings on what anonymous visitors can make the server do:
// sign-ups (each one a bcrypt hash and an account) and new CSRF tokens. Both
// are generous, because a campus NAT puts thousands of students behind one
// address; they exist to stop one client from doing it by the thousand.
import { RateLimitedError } from '@domain/errors';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';

const MINUTE = 60_000;

export const CLIENT_RULES = {
  /** Sign-ups that passed validation (so reached bcrypt), per client address per hour. */
  signUps: { name: 'signup-address', points: 50, windowMs: 60 * MINUTE },
  /** New anonymous CSRF tokens (requests without a valid token cookie), per client address per minute. */
  anonymousTokens: { name: 'anonymous-token-address', points: 300, windowMs: MINUTE },
} satisfies Record<string, RateRule>;

export class ClientThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts one sign-up from the address; throws RateLimitedError past the ceiling. */
  async signUp(clientAddress: string): Promise<void> {
    const decision = await this.limiter.consume(CLIENT_RULES.signUps, clientAddress);
    if (!decision.allowed) throw RateLimitedError.retryIn('Too many sign-ups from your network', decision.retryAfterMs);
  }

  /** Counts one new anonymous token for the address; throws RateLimitedError past the ceiling. */
  async anonymousToken(clientAddress: string): Promise<void> {
    const decision = await this.limiter.consume(CLIENT_RULES.anonymousTokens, clientAddress);
    if (!decision.allowed) throw RateLimitedError.retryIn('Too many requests from your network', decision.retryAfterMs);
  }
}
