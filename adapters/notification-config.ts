// Notification settings, read with the rest of the configuration (config.ts):
// how long a room's messages are gathered into one notification, and whether
// this process runs the notification jobs.
import { flag, wholeNumber } from './config-values';

export interface NotificationConfig {
  /** NOTIFY_GATHER_SECONDS: a room's new messages are gathered this long into one notification (default 120; 0: this server queues none). */
  gatherMs: number;
  /** NOTIFICATION_WORKER: run the notification jobs in this app server (default true; false when `npm run worker` runs them). */
  worker: boolean;
}

export const NOTIFICATION_ENV = {
  NOTIFY_GATHER_SECONDS: wholeNumber(0, 3600, 120),
  NOTIFICATION_WORKER: flag,
};

export function notificationConfigOf(env: { NOTIFY_GATHER_SECONDS: number; NOTIFICATION_WORKER?: boolean }): NotificationConfig {
  return { gatherMs: env.NOTIFY_GATHER_SECONDS * 1000, worker: env.NOTIFICATION_WORKER ?? true };
}
