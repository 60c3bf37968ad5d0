// Forgot password: a reset link to the account with this address or username.
// The answer is the same whether or not the account exists, and so is the
// work behind it (a lookup, the counters, a token's statements; the mail itself
// is sent in the background by the mailer), so neither the answer nor its
// timing tells who has an account. Throttled per client address (a refusal
// says so, for everyone alike) and per account (silently: a refusal there
// would tell that the account exists).
import { RateLimitedError, refuseBrokenRule } from '@domain/errors';
import { checkResetRequest, RESET_REQUESTED_MESSAGE } from '@domain/user/account-rules';
import { canonicalName } from '@domain/user/canonical-name';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import type { UserRepository } from '@application/ports/user-repository';
import type { AccountMailing } from './account-mailing';

const HOUR = 60 * 60 * 1000;

const RESET_RULES = {
  /** Requests per client address an hour (a campus NAT holds many students). */
  address: { name: 'reset-request-address', points: 30, windowMs: HOUR },
  /** Mails per account (or per unknown name asked for) an hour; beyond it nothing is sent and the answer is unchanged. */
  account: { name: 'reset-request-account', points: 3, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export interface RequestPasswordResetCommand {
  /** An email address or a username, as typed. */
  emailOrUsername: string;
  clientAddress: string;
}

export class RequestPasswordReset {
  constructor(
    private readonly users: UserRepository,
    private readonly limiter: RateLimiter,
    private readonly mailing: AccountMailing,
  ) {}

  async execute(command: RequestPasswordResetCommand): Promise<{ message: string }> {
    refuseBrokenRule(checkResetRequest(command));
    const typed = command.emailOrUsername.trim();
    const byAddress = await this.limiter.consume(RESET_RULES.address, command.clientAddress);
    if (!byAddress.allowed) throw RateLimitedError.retryIn('Too many password reset requests from your network', byAddress.retryAfterMs);

    // Usernames cannot hold "@", so an "@" means an address.
    const name = canonicalName(typed);
    const credentials = typed.includes('@')
      ? await this.users.findCredentialsByEmail(name)
      : await this.users.findCredentialsByUsername(name);
    const byAccount = await this.limiter.consume(RESET_RULES.account, credentials ? `user:${credentials.user.id}` : `name:${name}`);
    // Beyond the cap of mails to one address, nothing is sent either (AccountMailing).
    if (credentials && byAccount.allowed) await this.mailing.sendPasswordReset(credentials.user);
    else await this.mailing.rehearse('reset-password', name);
    return { message: RESET_REQUESTED_MESSAGE };
  }
}
