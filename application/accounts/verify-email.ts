import type { UserId } from '@domain/ids';
import { EmailClaimLostError, LinkInvalidError } from '@domain/user/account-errors';
import type { AccountTokens } from '@application/ports/account-tokens';
import type { UserRepository } from '@application/ports/user-repository';
import type { AddressVerification } from './address-verification';

const VERIFY_LINK_INVALID_MESSAGE = 'This verification link has expired or was already used. Sign in and ask for a new one with Resend.';

interface VerifyEmailResult {
  userId: UserId;
  /** The link had been used (or its time was up) and the address is verified: opened again, it says so. */
  alreadyVerified: boolean;
}

/** The student opened the link mailed to them: the address is verified (or claimed). The link works once, and only the newest one. */
export class VerifyEmail {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly verification: AddressVerification,
    private readonly users: UserRepository,
  ) {}

  /**
   * Answers the verified account; LinkInvalidError (400) for a link that does
   * not work, EmailClaimLostError (409) when the account waited for an address
   * that another account verified first. A link of this account opened again
   * once its address is verified answers that it is (not a refusal).
   */
  async execute(command: { token: string }): Promise<VerifyEmailResult> {
    const userId = await this.tokens.consume(command.token, 'verify-email');
    if (userId === null) return this.openedAgain(command.token);
    const outcome = await this.verification.proved(userId);
    if (outcome === 'claim-lost') throw new EmailClaimLostError();
    if (outcome !== 'verified') throw new LinkInvalidError(VERIFY_LINK_INVALID_MESSAGE);
    return { userId, alreadyVerified: false };
  }

  /** A link that is no longer usable: used or expired (still known), replaced, or never sent. */
  private async openedAgain(token: string): Promise<VerifyEmailResult> {
    const known = await this.tokens.inspect(token, 'verify-email');
    if (known) {
      const user = await this.users.findById(known.userId);
      if (user?.emailVerified) return { userId: user.id, alreadyVerified: true };
      if (user && (await this.users.claimLost(user.id))) throw new EmailClaimLostError();
    }
    throw new LinkInvalidError(VERIFY_LINK_INVALID_MESSAGE);
  }
}
