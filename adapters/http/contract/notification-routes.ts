// The wire contract's routes of notifications: a student reads and changes
// their own settings; a mail's one-click unsubscribe (RFC 8058) is called with
// its signed token alone (api.ts assembles the table).
import * as notifications from './notifications';
import { route } from './route';

export const NOTIFICATION_ROUTES = {
  notificationSettings: route({
    method: 'GET',
    path: '/api/notification-settings/',
    summary:
      'Your notification settings: push and mail per kind of event, muted groups (with the groups you are in), quiet hours, the digest interval',
    answer: notifications.notificationSettingsAnswer,
  }),
  updateNotificationSettings: route({
    method: 'POST',
    path: '/api/update-notification-settings/',
    summary: 'Change your notification settings (all of them at once); 400 VALIDATION_FAILED naming mutedGroups for a group you are not in',
    body: notifications.notificationPreferences,
    answer: notifications.notificationSettingsAnswer,
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/unsubscribe/{token}/',
    summary:
      "One-click unsubscribe (RFC 8058), the address of every notification mail's List-Unsubscribe: turns all notification mail off for the student the signed token names; no session and no CSRF token (the signature is the authority); 400 LINK_INVALID for a bad or forged token",
    params: notifications.unsubscribeParams,
    answer: notifications.unsubscribeAnswer,
    public: true,
    signedLink: true,
  }),
} as const;
