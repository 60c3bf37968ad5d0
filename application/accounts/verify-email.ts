import { LinkInvalidError } from '../../domain/user/account-errors';
import type { AccountTokens } from '../ports/account-tokens';
import type { UserRepository } from '../ports/user-repository';

export const VERIFY_LINK_INVALID_MESSAGE = 'This verification link has expired or was already used. Sign in and ask for a new one with Resend.';

/** The student opened the link mailed to them: the address is verified. The link works once, and only the newest one. */
export class VerifyEmail {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly users: UserRepository,
  ) {}

  /** Answers the verified account's id; LinkInvalidError (400) for a link that does not work. */
  async execute(command: { token: string }): Promise<number> {
    const userId = await this.tokens.consume(command.token, 'verify-email');
    if (userId === null || !(await this.users.markEmailVerified(userId))) throw new LinkInvalidError(VERIFY_LINK_INVALID_MESSAGE);
    return userId;
  }
}
