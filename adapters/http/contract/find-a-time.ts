// Find a time: a group's best weekly slots, and the busy grid each student
// keeps on their profile for it. Times are "HH:MM", campus wall clock.
import * as z from 'zod/mini';
import { WEEKDAYS } from '@domain/study-group/meeting-rules';
import { described, id } from './primitives';

/** "HH:MM", 24-hour; "24:00" is midnight at the end of the day. */
const clock = z.string();

export const findATimeQuery = z.object({
  /** Minutes: 30 to 180 in steps of 15 (60 when left out). */
  length: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,4}$/, 'must be a whole number of minutes')),
      z.transform((digits: string) => Number(digits)),
    ),
  ),
});

const proposal = described(
  z.object({
    day: z.enum(WEEKDAYS),
    start: clock,
    end: clock,
    /** Members free for the whole slot. */
    free: z.array(id),
    /** Members busy for some of it (never why). */
    busy: z.array(id),
    /** Free members for whom the slot falls outside the hours they prefer. */
    outsideTheirHours: z.array(id),
  }),
  { id: 'TimeProposal' },
);

export const findATimeAnswer = z.object({
  studyGroupID: id,
  length: z.int(),
  /** Best first: the most members free, then the most within their preferred hours. */
  proposals: z.array(proposal),
  /** Members with no class times, no other meetings and no busy grid. */
  unknownSchedules: z.array(id),
});

const busyStretch = z.object({
  /** 0 Sunday .. 6 Saturday. */
  day: z.int({ error: 'must be a whole number' }),
  start: z.string().check(z.maxLength(5, 'must be HH:MM')),
  end: z.string().check(z.maxLength(5, 'must be HH:MM')),
});

export const busyTimesAnswer = z.object({
  busy: z.array(busyStretch),
  /** The student's preferred hours; 08:00-22:00 when never set. */
  preferredStart: clock,
  preferredEnd: clock,
});

export const updateBusyTimesBody = z.object({
  /** Every stretch, replacing the saved ones (at most 50). A generous cap here; the domain gives the precise one. */
  busy: z.array(busyStretch).check(z.maxLength(500, 'too many stretches')),
  /** Both or neither ("HH:MM", at least 2 hours apart); neither: 8 AM-10 PM. */
  preferredStart: z.optional(z.string().check(z.maxLength(5, 'must be HH:MM'))),
  preferredEnd: z.optional(z.string().check(z.maxLength(5, 'must be HH:MM'))),
});

export type FindATimeAnswer = z.infer<typeof findATimeAnswer>;
export type BusyTimesAnswer = z.infer<typeof busyTimesAnswer>;
