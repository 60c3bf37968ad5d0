// A study group's meetings: weekly series between two dates or single dates,
// their cancelled dates, and the members' Going / Not going.
import * as z from 'zod/mini';
import { WEEKDAYS } from '@domain/study-group/meeting-rules';
import { member } from './members';
import { actingIds, described, id, optionalText, requestId, textField } from './primitives';

/** A member's own answer for an occurrence: Going or Not going, and whether it is their answer for the whole series. */
const myAnswer = z.object({ going: z.boolean(), forSeries: z.boolean() });

/** A meeting's next occurrence that has not ended, with who is coming. */
const nextOccurrence = described(
  z.object({
    /** YYYY-MM-DD, campus date. */
    date: z.string(),
    /** Members going (an occurrence's own answer overrides the series answer). Members only: empty for a student outside the group. */
    going: z.array(member),
    /** Members not going (members only: 0 for a student outside the group). */
    notGoingCount: z.int(),
    /** The signed-in student's answer for that date; null when none. */
    myAnswer: z.nullable(myAnswer),
  }),
  { id: 'NextOccurrence' },
);

export const meeting = described(
  z.object({
    id,
    /** For a single meeting, its date's weekday. */
    day: z.enum(WEEKDAYS),
    /** HH:MM:SS, campus wall clock (America/New_York). */
    time: z.string(),
    /** A room, or a link (http(s)://, www., zoom.us/...) the page shows as a link. */
    location: z.string(),
    /** 'weekly': every `day` from startDate to endDate; 'once': on startDate only. */
    kind: z.enum(['weekly', 'once']),
    /** '' when none. */
    title: z.string(),
    lengthMinutes: z.int(),
    /** YYYY-MM-DD, campus dates (inclusive); equal for a single meeting. */
    startDate: z.string(),
    endDate: z.string(),
    /** Dates of the series the owner cancelled (YYYY-MM-DD, ascending). */
    cancelledDates: z.array(z.string()),
    /**
     * The next occurrence that has not ended (cancelled dates skipped), with who
     * is coming; null when none is left, and in the answers of the calls that
     * change a meeting (the page reads it again).
     */
    next: z.nullable(nextOccurrence),
  }),
  { id: 'Meeting' },
);

/** YYYY-MM-DD (the domain checks it is a real date). */
const dateText = z.string({ error: 'must be a date as YYYY-MM-DD' }).check(z.maxLength(10, 'must be a date as YYYY-MM-DD'));

const meetingFields = {
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  /** For a weekly meeting; a single meeting takes its date's weekday. */
  day: z.optional(textField(100)),
  time: optionalText(100),
  location: optionalText(5_000),
  /** Left out: 'weekly' (the spec's call). On update, left-out fields keep the meeting's own. */
  kind: z.optional(z.enum(['weekly', 'once'], { error: "must be 'weekly' or 'once'" })),
  title: z.optional(textField(5_000)),
  /** 15..720 minutes; left out: 60. */
  lengthMinutes: z.optional(z.int({ error: 'must be a whole number of minutes' })),
  /** Weekly: the first date (left out: today). Once: the date (required). */
  startDate: z.optional(dateText),
  /** Weekly: the last date (left out: the end of the group's course's term). */
  endDate: z.optional(dateText),
};

export const scheduleMeetingBody = z.object(meetingFields);
export const updateMeetingBody = z.object({ ...meetingFields, meetingID: requestId });
export const cancelMeetingBody = z.object({ ownerID: actingIds.ownerID, studyGroupID: requestId, meetingID: requestId });
export const cancelMeetingAnswer = z.object({ meetingID: id, deleted: z.literal(true) });

/** One date of a weekly series, today or later (the owner cancels or restores it). */
export const meetingOccurrenceBody = z.object({
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  meetingID: requestId,
  date: dateText,
});

/** A member's Going / Not going: for one upcoming date, or (date null or left out) the whole series; going null clears it. */
export const answerMeetingBody = z.object({
  userID: actingIds.userID,
  studyGroupID: requestId,
  meetingID: requestId,
  date: z._default(z.nullable(dateText), null),
  going: z.nullable(z.boolean({ error: 'must be true, false or null' })),
});
export const answerMeetingAnswer = z.object({
  studyGroupID: id,
  meetingID: id,
  /** Null: the answer for the whole series. */
  date: z.nullable(z.string()),
  /** Null: cleared. */
  going: z.nullable(z.boolean()),
});

export type Meeting = z.infer<typeof meeting>;
export type NextOccurrence = z.infer<typeof nextOccurrence>;
