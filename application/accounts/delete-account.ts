import { refuseBrokenRule } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { checkAccountDeletion } from '@domain/user/account-rules';
import type { BrowserDevices } from '@application/auth/login-guard';
import type { AccountRemoval } from './account-removal';
import type { PasswordConfirmation } from './password-confirmation';

/** Delete my account, confirmed with the password (see AccountRemoval for what goes and what stays). */
export class DeleteAccount {
  constructor(
    private readonly confirmation: PasswordConfirmation,
    private readonly removal: AccountRemoval,
  ) {}

  async execute(command: { actingUserId: UserId; password: string; clientAddress: string; devices?: BrowserDevices }): Promise<void> {
    refuseBrokenRule(checkAccountDeletion(command));
    await this.confirmation.confirm(command.actingUserId, command.password, command.clientAddress, 'password', command.devices);
    await this.removal.remove(command.actingUserId);
  }
}
