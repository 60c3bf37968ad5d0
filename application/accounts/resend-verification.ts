import { NotAuthenticatedError, RateLimitedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { EmailClaimLostError } from '@domain/user/account-errors';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import type { UserRepository } from '@application/ports/user-repository';
import type { AccountMailing } from './account-mailing';

/** Resend: at most 3 new verification mails per account an hour. */
const RESEND_RULE: RateRule = { name: 'verify-resend-account', points: 3, windowMs: 60 * 60 * 1000 };

/**
 * A new verification link for the signed-in student; the earlier one stops
 * working. An account that waits for an address another account has verified
 * is told so (EmailClaimLostError), and nothing is sent.
 */
export class ResendVerification {
  constructor(
    private readonly users: UserRepository,
    private readonly limiter: RateLimiter,
    private readonly mailing: AccountMailing,
  ) {}

  async execute(command: { actingUserId: UserId }): Promise<{ sent: boolean; emailVerified: boolean }> {
    const user = await this.users.findById(command.actingUserId);
    if (!user) throw new NotAuthenticatedError('Your account no longer exists.');
    if (user.emailVerified) return { sent: false, emailVerified: true };
    if (await this.users.claimLost(user.id)) throw new EmailClaimLostError();
    const decision = await this.limiter.consume(RESEND_RULE, String(user.id));
    if (!decision.allowed) throw RateLimitedError.retryIn('You can ask for 3 verification emails an hour', decision.retryAfterMs);
    const mail = await this.mailing.sendVerification(user);
    if (!mail.sent) throw RateLimitedError.retryIn('Too many emails to this address', mail.retryAfterMs);
    return { sent: true, emailVerified: false };
  }
}
