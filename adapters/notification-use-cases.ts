// The notifications' use cases (settings, one-click unsubscribe), a table of
// their own that use-cases.ts spreads into the one list (that file is full).
import { GetNotificationSettings, SaveNotificationSettings } from '@application/notifications/notification-settings';
import { UnsubscribeFromMail } from '@application/notifications/unsubscribe-from-mail';
import { TOKENS } from '@application/ports/tokens';
import type { Resolve } from './register';

const { NotificationPreferences, StudyGroupRepository, UnsubscribeLinks, UserRepository } = TOKENS;

export const notificationUseCases = {
  getNotificationSettings: (r) => new GetNotificationSettings(r(NotificationPreferences), r(StudyGroupRepository)),
  saveNotificationSettings: (r) => new SaveNotificationSettings(r(NotificationPreferences), r(StudyGroupRepository)),
  unsubscribeFromMail: (r) => new UnsubscribeFromMail(r(UnsubscribeLinks), r(NotificationPreferences), r(UserRepository)),
} satisfies Record<string, (resolve: Resolve) => unknown>;
