import { LinkInvalidError } from '@domain/user/account-errors';
import type { AccountTokens } from '@application/ports/account-tokens';
import type { UserRepository } from '@application/ports/user-repository';
import { RESET_LINK_INVALID_MESSAGE } from './reset-password';

/**
 * The reset page, as it opens, asks whether its link still works, so a used
 * or expired link says so before a new password is typed. Nothing is used up;
 * the answer is what ResetPassword would find (a link of a deleted account
 * does not work either). Only the link's holder learns anything, and nothing
 * about the account.
 */
export class CheckResetLink {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly users: UserRepository,
  ) {}

  /** Resolves when the link can set a new password; LinkInvalidError (400) otherwise. */
  async execute(command: { token: string }): Promise<void> {
    const known = await this.tokens.inspect(command.token, 'reset-password');
    if (!known?.usable || !(await this.users.findById(known.userId))) throw new LinkInvalidError(RESET_LINK_INVALID_MESSAGE);
  }
}
