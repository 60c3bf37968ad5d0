// Each student's notification choices (issue 26): what reaches them on which
// channel, muted groups, quiet hours, the digest interval. A student who never
// chose has the defaults (domain/notifications/notification-preferences.ts).
import type { UserId } from '@domain/ids';
import type { NotificationPreferences } from '@domain/notifications/notification-preferences';

export interface NotificationPreferencesStore {
  /** The student's choices, made whole (the defaults for anything never chosen). */
  get(userId: UserId): Promise<NotificationPreferences>;
  /** Several students' at once (an event's recipients); the defaults for those who never chose. */
  getMany(userIds: readonly UserId[]): Promise<Map<UserId, NotificationPreferences>>;
  save(userId: UserId, preferences: NotificationPreferences): Promise<void>;
  /** One-click unsubscribe: every kind's mail off, in one step that no concurrent save undoes halfway. */
  turnMailOff(userId: UserId): Promise<void>;
}
