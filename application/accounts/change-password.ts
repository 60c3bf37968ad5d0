import { refuseBrokenRule } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { checkPasswordChange } from '@domain/user/account-rules';
import type { BrowserDevices } from '@application/auth/login-guard';
import { refuseCommonPassword } from '@application/auth/new-password';
import type { AccountTokens } from '@application/ports/account-tokens';
import type { CommonPasswords } from '@application/ports/common-passwords';
import type { PasswordHasher } from '@application/ports/password-hasher';
import type { SessionStore } from '@application/ports/session-store';
import type { UserRepository } from '@application/ports/user-repository';
import type { PasswordConfirmation } from './password-confirmation';

export interface ChangePasswordCommand {
  actingUserId: UserId;
  currentPassword: string;
  newPassword: string;
  clientAddress: string;
  /** The browser's device cookies (the login guard's). */
  devices?: BrowserDevices;
}

/**
 * A signed-in student changes their password, confirming it with the current
 * one. Every session of the account ends (the caller then gives its own
 * request a new session) and a pending reset link stops working.
 */
export class ChangePassword {
  constructor(
    private readonly confirmation: PasswordConfirmation,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly tokens: AccountTokens,
    private readonly commonPasswords: CommonPasswords,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    refuseBrokenRule(checkPasswordChange(command));
    await refuseCommonPassword(this.commonPasswords, command.newPassword, 'newPassword');
    await this.confirmation.confirm(
      command.actingUserId,
      command.currentPassword,
      command.clientAddress,
      'currentPassword',
      command.devices,
    );
    await this.users.setPasswordHash(command.actingUserId, await this.hasher.hash(command.newPassword));
    await this.tokens.revoke(command.actingUserId, 'reset-password');
    await this.sessions.destroyAllOf(command.actingUserId);
  }
}
