// Typed calls for study groups, their members and meetings (docs/api.md).
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { ApiError, readAnswer } from '../../lib/api-error';
import { chatMessageSchema, type ChatMessage } from '../chat/chat-schema';
import { memberSchema } from '../courses/course-schema';
import { meetingSchema, studyGroupSchema, type Meeting, type StudyGroup } from './study-group-schema';

const joinSchema = z.object({ studyGroupID: z.number(), isMember: z.literal(true) });

const departureSchema = z.object({
  studyGroupID: z.number(),
  userID: z.number(),
  isMember: z.literal(false),
  groupDeleted: z.boolean(),
  ownerID: z.number().nullable(),
});

export type Departure = z.infer<typeof departureSchema>;

const groupPageSchema = z.object({
  id: z.number(),
  studyGroup: studyGroupSchema,
  studyGroupMembers: z.array(memberSchema),
  studyGroupMeetings: z.array(meetingSchema),
  studyGroupMessages: z.array(chatMessageSchema),
});

export interface StudyGroupPage {
  /** The signed-in student. */
  userId: number;
  group: StudyGroup;
  /** The group chat's latest messages, oldest first. */
  messages: ChatMessage[];
}

export type StudyGroupPageResult = { kind: 'found'; page: StudyGroupPage } | { kind: 'not-member' } | { kind: 'not-found' };

export interface MeetingFields {
  day: string;
  time: string;
  location: string;
}

export interface GroupFields {
  name: string;
  description: string;
  isPublic: boolean;
}

export function calendarPath(groupId: number): string {
  return `/api/study-group/${groupId}/calendar.ics`;
}

export async function fetchStudyGroupPage(groupId: number): Promise<StudyGroupPageResult> {
  const path = `/api/study-group/${groupId}/`;
  try {
    const data = readAnswer(path, await apiClient.get(path), groupPageSchema);
    return { kind: 'found', page: { userId: data.id, group: data.studyGroup, messages: data.studyGroupMessages } };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_GROUP_MEMBER') return { kind: 'not-member' };
    // A malformed id names no group either.
    if (error instanceof ApiError && (error.code === 'STUDY_GROUP_NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
      return { kind: 'not-found' };
    }
    throw error;
  }
}

async function post<S extends z.ZodType>(path: string, payload: Record<string, unknown>, schema: S): Promise<z.output<S>> {
  return readAnswer(path, await apiClient.post(path, payload), schema);
}

export function createStudyGroup(courseId: number, form: { name: string; description: string }): Promise<StudyGroup> {
  return post('/api/insert-study-group/', { courseID: courseId, name: form.name, description: form.description }, studyGroupSchema);
}

export async function joinStudyGroup(userId: number, groupId: number): Promise<void> {
  await post('/api/insert-study-group-member/', { userID: userId, studyGroupID: groupId }, joinSchema);
}

/** The signed-in student leaves: only the group is named, as the spec's group page sends it. */
export function leaveStudyGroup(groupId: number): Promise<Departure> {
  return post('/api/delete-study-group-member/', { studyGroupID: groupId }, departureSchema);
}

/** The owner removes another member. */
export function removeGroupMember(memberId: number, groupId: number): Promise<Departure> {
  return post('/api/delete-study-group-member/', { userID: memberId, studyGroupID: groupId }, departureSchema);
}

export function updateStudyGroup(ownerId: number, groupId: number, fields: GroupFields): Promise<StudyGroup> {
  return post(
    '/api/update-study-group/',
    { ownerID: ownerId, studyGroupID: groupId, name: fields.name, description: fields.description, public: fields.isPublic ? 1 : 0 },
    studyGroupSchema,
  );
}

export function scheduleMeeting(ownerId: number, groupId: number, fields: MeetingFields): Promise<Meeting> {
  return post('/api/insert-study-group-meeting/', { ownerID: ownerId, studyGroupID: groupId, ...fields }, meetingSchema);
}

export function updateMeeting(ownerId: number, groupId: number, meetingId: number, fields: MeetingFields): Promise<Meeting> {
  return post(
    '/api/update-study-group-meeting/',
    { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId, ...fields },
    meetingSchema,
  );
}

export async function cancelMeeting(ownerId: number, groupId: number, meetingId: number): Promise<void> {
  await post(
    '/api/delete-study-group-meeting/',
    { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId },
    z.object({ meetingID: z.number(), deleted: z.literal(true) }),
  );
}
