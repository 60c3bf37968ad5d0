// The wire shapes of the calendar subscription address: whether a student has
// one, the address made (its token shown once), and the feed's path.
import * as z from 'zod/mini';

/** Whether the student has a working subscription address, and when it was made (never its token). */
export const calendarFeedAnswer = z.object({
  subscribed: z.boolean(),
  /** ISO date-time; null without an address. */
  createdAt: z.nullable(z.string()),
});

/** A new address. The server keeps only its token's hash: this answer is the only place the token appears. */
export const createCalendarFeedAnswer = z.object({
  subscribed: z.literal(true),
  createdAt: z.string(),
  token: z.string(),
  /** The feed's path on this server, /api/calendar-feed/{token}.ics (webcal:// + host + path adds it to a calendar app). */
  path: z.string(),
});

export const revokeCalendarFeedAnswer = z.object({
  /** False when there was no address to turn off. */
  revoked: z.boolean(),
});

/** A feed's token as its path carries it; a token of another shape is simply unknown (404), as a revoked one is. */
export const calendarFeedParams = z.object({ token: z.string().check(z.maxLength(200)) });
