// Notification preferences in memory, for unit tests: copies in and out, as a database keeps them.
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { UserId } from '@domain/ids';
import { normalisePreferences, withoutMail, type NotificationPreferences } from '@domain/notifications/notification-preferences';

export class InMemoryNotificationPreferences implements NotificationPreferencesStore {
  private readonly saved = new Map<UserId, string>();

  async get(userId: UserId): Promise<NotificationPreferences> {
    const json = this.saved.get(userId);
    return normalisePreferences(json === undefined ? null : JSON.parse(json));
  }

  async getMany(userIds: readonly UserId[]): Promise<Map<UserId, NotificationPreferences>> {
    return new Map(await Promise.all(userIds.map(async (id) => [id, await this.get(id)] as const)));
  }

  async save(userId: UserId, preferences: NotificationPreferences): Promise<void> {
    this.saved.set(userId, JSON.stringify(normalisePreferences(preferences)));
  }

  async turnMailOff(userId: UserId): Promise<void> {
    await this.save(userId, withoutMail(await this.get(userId)));
  }
}
