// A student's notification settings as /profile shows them: the choices and
// the groups they may mute (their own groups, by name).
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { ValidationError } from '@domain/errors';
import type { StudyGroupId, UserId } from '@domain/ids';
import { normalisePreferences, type NotificationPreferences } from '@domain/notifications/notification-preferences';

export interface NotificationSettings {
  preferences: NotificationPreferences;
  groups: { id: StudyGroupId; name: string; muted: boolean }[];
}

async function settingsOf(
  groups: StudyGroupRepository,
  userId: UserId,
  preferences: NotificationPreferences,
): Promise<NotificationSettings> {
  const mine = await groups.listByMember(userId);
  return {
    preferences: { ...preferences, mutedGroups: preferences.mutedGroups.filter((id) => mine.some((group) => group.id === id)) },
    groups: [...mine]
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((group) => ({ id: group.id, name: group.name, muted: preferences.mutedGroups.includes(group.id) })),
  };
}

export class GetNotificationSettings {
  constructor(
    private readonly preferences: NotificationPreferencesStore,
    private readonly groups: StudyGroupRepository,
  ) {}

  async execute(command: { actingUserId: UserId }): Promise<NotificationSettings> {
    return settingsOf(this.groups, command.actingUserId, await this.preferences.get(command.actingUserId));
  }
}

/** Saves the student's own choices; a muted group must be one of theirs (a group left later simply stops being listed). */
export class SaveNotificationSettings {
  constructor(
    private readonly preferences: NotificationPreferencesStore,
    private readonly groups: StudyGroupRepository,
  ) {}

  async execute(command: { actingUserId: UserId; preferences: NotificationPreferences }): Promise<NotificationSettings> {
    const chosen = normalisePreferences(command.preferences);
    const mine = new Set((await this.groups.listByMember(command.actingUserId)).map((group) => group.id));
    if (chosen.mutedGroups.some((id) => !mine.has(id))) {
      throw new ValidationError('You can mute only groups you are in.', 'mutedGroups');
    }
    await this.preferences.save(command.actingUserId, chosen);
    return settingsOf(this.groups, command.actingUserId, chosen);
  }
}
