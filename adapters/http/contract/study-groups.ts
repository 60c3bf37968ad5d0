// Study groups, their members and weekly meetings.
import * as z from 'zod/mini';
import { WEEKDAYS } from '@domain/study-group/meeting-rules';
import { message } from './chat';
import { member } from './members';
import { actingIds, described, id, optionalText, requestId } from './primitives';

export const meeting = described(
  z.object({
    id,
    day: z.enum(WEEKDAYS),
    /** HH:MM:SS, campus wall clock. */
    time: z.string(),
    location: z.string(),
  }),
  { id: 'Meeting' },
);

export const studyGroup = described(
  z.object({
    id,
    courseID: id,
    name: z.string(),
    description: z.string(),
    /** Anyone in the course may join a public group. */
    public: z.union([z.literal(1), z.literal(0)]),
    owner: member,
    /** The members other than the owner (the product shows size + 1). */
    size: z.int(),
    /**
     * Everyone, the owner included, in the order they joined. Empty in a
     * private group's answer to a student outside it (size still counts them).
     */
    members: z.array(member),
    /** Sunday..Saturday, then by time. Empty, like members, for a student outside a private group. */
    meetings: z.array(meeting),
    /** The most members it takes, the owner included: the owner's size limit, or the default cap. Full when size + 1 reaches it. */
    maxMembers: z.int(),
  }),
  { id: 'StudyGroup' },
);

export const studyGroupPageAnswer = z.object({
  /** The signed-in student. */
  id,
  studyGroup,
  studyGroupMembers: z.array(member),
  studyGroupMeetings: z.array(meeting),
  /** The group chat's latest 50 messages, oldest first. */
  studyGroupMessages: z.array(message),
});

// Generous caps that only stop absurd payloads; domain/study-group gives the precise rules.
const name = optionalText(5_000);
const description = optionalText(20_000, { multiline: true });

// The spec sends public as 1 or 0; true and false mean the same.
const publicFlag = z.pipe(
  z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], { error: 'must be 1 or 0' }),
  z.transform((value: 1 | 0 | '1' | '0' | boolean) => value === true || Number(value) === 1),
);

export const createStudyGroupBody = z.object({ courseID: requestId, name, description, ...actingIds });

export const joinStudyGroupBody = z.object({ userID: actingIds.userID, studyGroupID: requestId });
export const joinStudyGroupAnswer = z.object({ studyGroupID: id, isMember: z.literal(true) });

/** No userID (or the student's own): they leave. Another member's: the owner removes them. */
export const leaveStudyGroupBody = z.object({ userID: z.optional(requestId), studyGroupID: requestId });
export const leaveStudyGroupAnswer = z.object({
  studyGroupID: id,
  userID: id,
  isMember: z.literal(false),
  groupDeleted: z.boolean(),
  /** The owner after the call; null when the group went with its last member. */
  ownerID: z.nullable(id),
});

export const updateStudyGroupBody = z.object({
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  name,
  description,
  /** Left out: unchanged. */
  public: z.optional(publicFlag),
  /** The size limit, the owner included (2..the cap, and no fewer than the members now); left out: unchanged. */
  maxMembers: z.optional(z.int({ error: 'must be a whole number' })),
});

const meetingFields = {
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  day: optionalText(100),
  time: optionalText(100),
  location: optionalText(5_000),
};

export const scheduleMeetingBody = z.object(meetingFields);
export const updateMeetingBody = z.object({ ...meetingFields, meetingID: requestId });
export const cancelMeetingBody = z.object({ ownerID: actingIds.ownerID, studyGroupID: requestId, meetingID: requestId });
export const cancelMeetingAnswer = z.object({ meetingID: id, deleted: z.literal(true) });

export type Meeting = z.infer<typeof meeting>;
export type StudyGroup = z.infer<typeof studyGroup>;
export type LeaveStudyGroupAnswer = z.infer<typeof leaveStudyGroupAnswer>;
