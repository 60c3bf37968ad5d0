// Typed calls for study groups, their members and meetings (the wire contract's study-group routes).
import { API } from '../../../../adapters/http/contract/api';
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import type { Departure, Meeting, StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

export type { Departure };

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
  return API.studyGroupCalendar.path.replace('{studyGroupID}', String(groupId));
}

export async function fetchStudyGroupPage(groupId: number): Promise<StudyGroupPageResult> {
  try {
    const data = await apiClient.call(API.studyGroupPage, { params: { studyGroupID: groupId } });
    return { kind: 'found', page: { userId: data.id, group: data.studyGroup, messages: data.studyGroupMessages } };
  } catch (error) {
    if (isApiError(error, 'NOT_GROUP_MEMBER')) return { kind: 'not-member' };
    // A malformed id names no group either.
    if (isApiError(error, 'STUDY_GROUP_NOT_FOUND', 'VALIDATION_FAILED')) return { kind: 'not-found' };
    throw error;
  }
}

export function createStudyGroup(courseId: number, form: { name: string; description: string }): Promise<StudyGroup> {
  return apiClient.call(API.createStudyGroup, { body: { courseID: courseId, name: form.name, description: form.description } });
}

export async function joinStudyGroup(userId: number, groupId: number): Promise<void> {
  await apiClient.call(API.joinStudyGroup, { body: { userID: userId, studyGroupID: groupId } });
}

/** The signed-in student leaves: only the group is named, as the spec's group page sends it. */
export function leaveStudyGroup(groupId: number): Promise<Departure> {
  return apiClient.call(API.departStudyGroup, { body: { studyGroupID: groupId } });
}

/** The owner removes another member. */
export function removeGroupMember(memberId: number, groupId: number): Promise<Departure> {
  return apiClient.call(API.departStudyGroup, { body: { userID: memberId, studyGroupID: groupId } });
}

export function updateStudyGroup(ownerId: number, groupId: number, fields: GroupFields): Promise<StudyGroup> {
  return apiClient.call(API.updateStudyGroup, {
    body: { ownerID: ownerId, studyGroupID: groupId, name: fields.name, description: fields.description, public: fields.isPublic ? 1 : 0 },
  });
}

export function scheduleMeeting(ownerId: number, groupId: number, fields: MeetingFields): Promise<Meeting> {
  return apiClient.call(API.scheduleMeeting, { body: { ownerID: ownerId, studyGroupID: groupId, ...fields } });
}

export function updateMeeting(ownerId: number, groupId: number, meetingId: number, fields: MeetingFields): Promise<Meeting> {
  return apiClient.call(API.updateMeeting, { body: { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId, ...fields } });
}

export async function cancelMeeting(ownerId: number, groupId: number, meetingId: number): Promise<void> {
  await apiClient.call(API.cancelMeeting, { body: { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId } });
}
