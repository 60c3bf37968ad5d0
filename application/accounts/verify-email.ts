import { EmailClaimLostError, LinkInvalidError } from '@domain/user/account-errors';
import type { AccountTokens } from '@application/ports/account-tokens';
import type { AddressVerification } from './address-verification';

const VERIFY_LINK_INVALID_MESSAGE = 'This verification link has expired or was already used. Sign in and ask for a new one with Resend.';

/** The student opened the link mailed to them: the address is verified (or claimed). The link works once, and only the newest one. */
export class VerifyEmail {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly verification: AddressVerification,
  ) {}

  /**
   * Answers the verified account's id; LinkInvalidError (400) for a link that
   * does not work, EmailClaimLostError (409) when the account waited for an
   * address that another account verified first.
   */
  async execute(command: { token: string }): Promise<number> {
    const userId = await this.tokens.consume(command.token, 'verify-email');
    const outcome = userId === null ? 'no-account' : await this.verification.proved(userId);
    if (outcome === 'claim-lost') throw new EmailClaimLostError();
    if (userId === null || outcome !== 'verified') throw new LinkInvalidError(VERIFY_LINK_INVALID_MESSAGE);
    return userId;
  }
}
