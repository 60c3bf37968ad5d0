// Study groups and meetings as the API sends them (docs/api.md).
import { z } from 'zod';
import { memberSchema } from '../courses/course-schema';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const meetingSchema = z.object({
  id: z.number(),
  day: z.string(),
  /** HH:MM:SS, campus wall clock. */
  time: z.string(),
  location: z.string(),
});

export type Meeting = z.infer<typeof meetingSchema>;

export const studyGroupSchema = z.object({
  id: z.number(),
  courseID: z.number(),
  name: z.string(),
  description: z.string(),
  // 1 or 0 on the wire; a boolean in the client.
  public: z.union([z.literal(1), z.literal(0), z.boolean()]).transform((value) => value === 1 || value === true),
  owner: memberSchema,
  /** The members other than the owner; the UI shows size + 1. */
  size: z.number(),
  members: z.array(memberSchema),
  meetings: z.array(meetingSchema),
});

export type StudyGroup = z.infer<typeof studyGroupSchema>;

/** Sunday first, then the earlier time, as the server orders them. */
export function sortMeetings(meetings: Meeting[]): Meeting[] {
  const dayIndex = (day: string) => WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
  return [...meetings].sort((a, b) => dayIndex(a.day) - dayIndex(b.day) || a.time.localeCompare(b.time) || a.id - b.id);
}

/** "3 members", counting the owner: the spec's size + 1. */
export function memberCountLabel(group: StudyGroup): string {
  const count = group.size + 1;
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}
