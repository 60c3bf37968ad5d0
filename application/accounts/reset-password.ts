import { refuseBrokenRule } from '@domain/errors';
import { LinkInvalidError } from '@domain/user/account-errors';
import { checkResetPassword } from '@domain/user/account-rules';
import { refuseCommonPassword } from '@application/auth/new-password';
import type { AccountTokens } from '@application/ports/account-tokens';
import type { CommonPasswords } from '@application/ports/common-passwords';
import type { PasswordHasher } from '@application/ports/password-hasher';
import type { SessionStore } from '@application/ports/session-store';
import type { UserRepository } from '@application/ports/user-repository';
import type { AddressVerification } from './address-verification';

export const RESET_LINK_INVALID_MESSAGE = 'This reset link has expired or was already used. Ask for a new one.';

/**
 * A new password through a reset link (once, within the hour): the rules are
 * sign-up's, and every session of the account ends, so whoever held it is out.
 * The address counts as verified from then on (an account waiting to claim
 * its address takes it, as with a verification link; if another account
 * verified it first, the new password stands and the address stays unverified).
 */
export class ResetPassword {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly verification: AddressVerification,
    private readonly commonPasswords: CommonPasswords,
  ) {}

  /** Answers the account's id. */
  async execute(command: { token: string; password: string }): Promise<number> {
    // A password the rules refuse does not use the link up.
    refuseBrokenRule(checkResetPassword(command));
    await refuseCommonPassword(this.commonPasswords, command.password, 'password');
    // The link first: the call is public, and a made-up link must not cost a password hash.
    const userId = await this.tokens.consume(command.token, 'reset-password');
    if (userId === null || !(await this.users.findById(userId))) throw new LinkInvalidError(RESET_LINK_INVALID_MESSAGE);
    await this.users.setPasswordHash(userId, await this.hasher.hash(command.password));
    // The link reached the student at their address: that proves it as well as a verification link does.
    await this.verification.proved(userId);
    await this.sessions.destroyAllOf(userId);
    return userId;
  }
}
