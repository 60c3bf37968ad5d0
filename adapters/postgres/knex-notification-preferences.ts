// Notification preferences in Postgres / PGlite: one JSON document per student
// who ever chose, read back through the domain's normalising (so a kind added
// later takes its default).
import type { Knex } from 'knex';
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import { UserId } from '@domain/ids';
import { normalisePreferences, withoutMail, type NotificationPreferences } from '@domain/notifications/notification-preferences';

interface PreferencesRow {
  user_id: number;
  settings: unknown;
}

const parsed = (settings: unknown) => normalisePreferences(typeof settings === 'string' ? JSON.parse(settings) : settings);

export class KnexNotificationPreferences implements NotificationPreferencesStore {
  constructor(private readonly db: Knex) {}

  async get(userId: UserId): Promise<NotificationPreferences> {
    const row = await this.db<PreferencesRow>('notification_preferences').where({ user_id: userId }).first('settings');
    return parsed(row?.settings ?? null);
  }

  async getMany(userIds: readonly UserId[]): Promise<Map<UserId, NotificationPreferences>> {
    const found = new Map<UserId, NotificationPreferences>();
    if (userIds.length === 0) return found;
    const rows = await this.db<PreferencesRow>('notification_preferences')
      .whereIn('user_id', [...userIds])
      .select('user_id', 'settings');
    for (const row of rows) found.set(UserId(row.user_id), parsed(row.settings));
    for (const id of userIds) if (!found.has(id)) found.set(id, normalisePreferences(null));
    return found;
  }

  async save(userId: UserId, preferences: NotificationPreferences): Promise<void> {
    await this.write(this.db, userId, preferences);
  }

  async turnMailOff(userId: UserId): Promise<void> {
    await this.db.transaction(async (trx) => {
      const row = await trx<PreferencesRow>('notification_preferences').where({ user_id: userId }).forUpdate().first('settings');
      await this.write(trx, userId, withoutMail(parsed(row?.settings ?? null)));
    });
  }

  private async write(db: Knex | Knex.Transaction, userId: UserId, preferences: NotificationPreferences): Promise<void> {
    await db('notification_preferences')
      .insert({ user_id: userId, settings: JSON.stringify(normalisePreferences(preferences)), updated_at: new Date() })
      .onConflict('user_id')
      .merge(['settings', 'updated_at']);
  }
}
