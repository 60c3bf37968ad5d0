// One-click unsubscribe from a notification mail (RFC 8058): the signed token
// names the student; every kind's mail goes off. No session: the signature is
// the authority (docs/decisions/0113-notifications.md).
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { UnsubscribeLinks } from '@application/ports/unsubscribe-links';
import type { UserRepository } from '@application/ports/user-repository';
import { LinkInvalidError } from '@domain/user/account-errors';

export class UnsubscribeFromMail {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly preferences: NotificationPreferencesStore,
    private readonly users: UserRepository,
  ) {}

  async execute(command: { token: string }): Promise<{ unsubscribed: true }> {
    const userId = this.links.studentOf(command.token);
    // A deleted account's token is as good as a forged one: nothing to turn off.
    if (userId === null || !(await this.users.findById(userId))) {
      throw new LinkInvalidError('This unsubscribe link is not valid. Change what is mailed to you on your profile.');
    }
    await this.preferences.turnMailOff(userId);
    return { unsubscribed: true };
  }
}
