// The wire shapes of the notification settings (/profile's Notifications) and
// of one-click unsubscribe: the choices per kind and channel, muted groups,
// quiet hours on the campus clock, the digest interval.
import * as z from 'zod/mini';
import {
  DIGEST_MINUTES_CHOICES,
  MAX_MUTED_GROUPS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@domain/notifications/notification-preferences';
import { id, requestId } from './primitives';

const channels = z.object({ push: z.boolean(), mail: z.boolean() });

const kinds = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channels])) as Record<NotificationKind, typeof channels>);

const quietTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM'));

/** The choices as the client sends them back: every kind, both channels. */
export const notificationPreferences = z.object({
  kinds,
  /** Groups whose messages and meetings notify nothing (a mention still does); only your own groups. */
  mutedGroups: z.array(requestId).check(z.maxLength(MAX_MUTED_GROUPS)),
  /** Nothing is pushed or mailed between start and end (campus time, America/New_York); null for none. */
  quietHours: z.nullable(z.object({ start: quietTime, end: quietTime })),
  /** The least minutes between two digest mails. */
  digestMinutes: z.union(DIGEST_MINUTES_CHOICES.map((minutes) => z.literal(minutes))),
});

export const notificationSettingsAnswer = z.object({
  preferences: z.object({
    kinds,
    mutedGroups: z.array(id),
    quietHours: z.nullable(z.object({ start: z.string(), end: z.string() })),
    digestMinutes: z.number(),
  }),
  /** The groups you are in, each with whether you muted it. */
  groups: z.array(z.object({ id, name: z.string(), muted: z.boolean() })),
});

/** The signed per-student token of a mail's List-Unsubscribe address; any other shape is refused as a bad link. */
export const unsubscribeParams = z.object({ token: z.string().check(z.maxLength(200)) });

export const unsubscribeAnswer = z.object({ unsubscribed: z.literal(true) });
