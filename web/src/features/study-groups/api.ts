// Study groups on the wire and in the cache: the group page's query, and every
// change to a group as a mutation that updates the page at once or reads it
// again, and refreshes the course views that list the group.
import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, pathOf } from '@contract/api';
import type { ChatMessage } from '@contract/chat';
import type { Meeting } from '@contract/meetings';
import type { LeaveStudyGroupAnswer, StudyGroup } from '@contract/study-groups';
import { compareMeetings } from '@domain/study-group/meeting-rules';
import type { StudyGroupDetails } from '@domain/study-group/study-group-rules';
import { apiClient } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';

export type { LeaveStudyGroupAnswer };

interface StudyGroupPage {
  /** The signed-in student. */
  userId: number;
  group: StudyGroup;
  /** The group chat's latest messages, oldest first. */
  messages: ChatMessage[];
}

export type StudyGroupPageResult =
  | { kind: 'found'; page: StudyGroupPage }
  | { kind: 'not-member' }
  | { kind: 'not-found' }
  /** Was a member while the page was open: removed by the owner, or left the group or its course elsewhere. */
  | { kind: 'removed' };

export interface MeetingFields {
  kind: 'weekly' | 'once';
  title: string;
  /** Weekly only (a single meeting takes its date's weekday). */
  day?: string;
  time: string;
  lengthMinutes: number;
  location: string;
  /** Weekly: the first date (left out: today). Once: the date. */
  startDate?: string;
  /** Weekly: the last date (left out: the end of the term). */
  endDate?: string;
}

export interface GroupFields extends StudyGroupDetails {
  isPublic: boolean;
  /** The size limit, the owner included; left out: unchanged. */
  maxMembers?: number;
}

/** Refusals that mean the student lost their place while the page was open: the page is read again. */
const LOST_RIGHTS = ['NOT_GROUP_OWNER', 'NOT_GROUP_MEMBER', 'STUDY_GROUP_NOT_FOUND', 'MEETING_NOT_FOUND', 'USER_NOT_IN_GROUP'] as const;

export function calendarPath(groupId: number): string {
  return pathOf(API.studyGroupCalendar, { studyGroupID: groupId });
}

async function fetchStudyGroupPage(groupId: number): Promise<Exclude<StudyGroupPageResult, { kind: 'removed' }>> {
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

export function studyGroupPageQuery(groupId: number) {
  return queryOptions({
    queryKey: queryKeys.studyGroupPage(groupId),
    queryFn: async ({ client, queryKey }): Promise<StudyGroupPageResult> => {
      const result = await fetchStudyGroupPage(groupId);
      const shown = client.getQueryData<StudyGroupPageResult>(queryKey);
      const wasMember = shown?.kind === 'found' || shown?.kind === 'removed';
      return result.kind === 'not-member' && wasMember ? { kind: 'removed' } : result;
    },
    enabled: groupId > 0,
    // Membership changes behind the page (a leave, a removal, another tab), so
    // a page from an earlier visit is never shown again: each visit reads it afresh.
    gcTime: 0,
  });
}

export function useStudyGroupPage(groupId: number) {
  return useQuery(studyGroupPageQuery(groupId));
}

const LEAVE_STUDY_GROUP = ['leave-study-group'] as const;

/**
 * Groups whose chat was refused while this tab's own leave was under way: the
 * leave's outcome decides what the page shows (home when it succeeds, the
 * "no longer a member" notice when it fails), not the chat that heard first.
 */
const refusedWhileLeaving = new Set<number>();

function markRemoved(client: QueryClient, groupId: number): void {
  client.setQueryData(studyGroupPageQuery(groupId).queryKey, { kind: 'removed' });
}

/** For the group's chat when the server refuses it: the page says the student is out, without asking again. */
export function useMarkRemovedFromGroup(groupId: number): () => void {
  const client = useQueryClient();
  return () => {
    const leaving =
      client.isMutating({
        mutationKey: LEAVE_STUDY_GROUP,
        predicate: (mutation) => (mutation.state.variables as LeaveChoice | undefined)?.groupId === groupId,
      }) > 0;
    if (leaving) refusedWhileLeaving.add(groupId);
    else markRemoved(client, groupId);
  };
}

/**
 * For the group's chat when its long poll says the group changed (a member, the owner, its details, a meeting, a
 * request or an RSVP): the page reads the group again, and with it whatever else is asked of it (the owner's
 * invitations, Find a time's proposals, all under the group's key). The chat is not read again.
 */
export function useRefreshStudyGroup(groupId: number): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: queryKeys.studyGroupPage(groupId) }), [client, groupId]);
}

/** The group's changes show in the course views (Groups panel, group modal) the next time they are read. */
function refreshCourseViews(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.coursePages }),
    client.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]);
}

/** Reads the page again when the refusal says the student's place changed. */
function rereadWhenRightsLost(client: QueryClient, groupId: number, error: unknown): void {
  if (isApiError(error, ...LOST_RIGHTS)) void client.invalidateQueries({ queryKey: queryKeys.studyGroupPage(groupId) });
}

// ---- From the course views ----

/** Resolves once the course views show the new group. */
export function useCreateStudyGroup(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: StudyGroupDetails) =>
      apiClient.call(API.createStudyGroup, { body: { courseID: courseId, name: details.name, description: details.description } }),
    onSuccess: () => refreshCourseViews(client),
  });
}

export function useJoinStudyGroup(userId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => apiClient.call(API.joinStudyGroup, { body: { userID: userId, studyGroupID: groupId } }),
    onSuccess: () => refreshCourseViews(client),
  });
}

/** The group a student leaves and, when its owner leaves other members behind, who owns it next. */
export interface LeaveChoice {
  groupId: number;
  /** Left out: the longest-standing member (the server's rule). */
  nextOwnerId?: number;
}

/** The signed-in student leaves: only the group is named (and the next owner, when the owner picked one), as the spec's group page sends it. */
export function useLeaveStudyGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: LEAVE_STUDY_GROUP,
    mutationFn: ({ groupId, nextOwnerId }: LeaveChoice): Promise<LeaveStudyGroupAnswer> =>
      apiClient.call(API.leaveStudyGroup, { body: { studyGroupID: groupId, nextOwnerID: nextOwnerId } }),
    onSuccess: (_answer, { groupId }) => {
      refusedWhileLeaving.delete(groupId);
      return refreshCourseViews(client);
    },
    onError: (error, { groupId }) => {
      if (refusedWhileLeaving.delete(groupId)) markRemoved(client, groupId);
      else rereadWhenRightsLost(client, groupId, error);
    },
  });
}

// ---- From the group page ----

interface GroupPageChange<Variables, Answer> {
  mutationFn: (variables: Variables) => Promise<Answer>;
  /** The group as the answer leaves it, shown at once. */
  update?: (group: StudyGroup, answer: Answer, variables: Variables) => StudyGroup;
  /** Read the page again afterwards, for what the answer does not say. */
  reread?: boolean;
}

function useGroupPageMutation<Variables, Answer>(groupId: number, change: GroupPageChange<Variables, Answer>) {
  const client = useQueryClient();
  const { queryKey } = studyGroupPageQuery(groupId);
  return useMutation({
    mutationFn: change.mutationFn,
    onSuccess: (answer, variables) => {
      const { update } = change;
      if (update) {
        client.setQueryData(queryKey, (current) =>
          current?.kind === 'found'
            ? { ...current, page: { ...current.page, group: update(current.page.group, answer, variables) } }
            : current,
        );
      }
      if (change.reread) void client.invalidateQueries({ queryKey });
      void refreshCourseViews(client);
    },
    onError: (error) => rereadWhenRightsLost(client, groupId, error),
  });
}

export function useUpdateStudyGroup(groupId: number, ownerId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: (fields: GroupFields) =>
      apiClient.call(API.updateStudyGroup, {
        body: {
          ownerID: ownerId,
          studyGroupID: groupId,
          name: fields.name,
          description: fields.description,
          public: fields.isPublic ? 1 : 0,
          maxMembers: fields.maxMembers,
        },
      }),
    update: (_group, saved: StudyGroup) => saved,
  });
}

/** The owner removes another member. */
export function useRemoveGroupMember(groupId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: (memberId: number) => apiClient.call(API.leaveStudyGroup, { body: { userID: memberId, studyGroupID: groupId } }),
    update: (group, _answer, memberId) => ({
      ...group,
      members: group.members.filter((member) => member.id !== memberId),
      size: Math.max(0, group.size - 1),
    }),
    reread: true,
  });
}

export function useScheduleMeeting(groupId: number, ownerId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: (fields: MeetingFields) =>
      apiClient.call(API.scheduleMeeting, { body: { ownerID: ownerId, studyGroupID: groupId, ...fields } }),
    update: (group, meeting: Meeting) => ({ ...group, meetings: [...group.meetings, meeting].sort(compareMeetings) }),
    // Its next date and who is coming come with the page.
    reread: true,
  });
}

export function useUpdateMeeting(groupId: number, ownerId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: ({ meetingId, fields }: { meetingId: number; fields: MeetingFields }) =>
      apiClient.call(API.updateMeeting, { body: { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId, ...fields } }),
    reread: true,
  });
}

export function useCancelMeeting(groupId: number, ownerId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: (meetingId: number) =>
      apiClient.call(API.cancelMeeting, { body: { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId } }),
    update: (group, _answer, meetingId) => ({ ...group, meetings: group.meetings.filter((meeting) => meeting.id !== meetingId) }),
    reread: true,
  });
}

/** The owner cancels one date of a weekly meeting (`cancelled` true) or restores it. */
export function useCancelMeetingOccurrence(groupId: number, ownerId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: ({ meetingId, date, cancelled }: { meetingId: number; date: string; cancelled: boolean }) =>
      apiClient.call(cancelled ? API.cancelMeetingOccurrence : API.restoreMeetingOccurrence, {
        body: { ownerID: ownerId, studyGroupID: groupId, meetingID: meetingId, date },
      }),
    reread: true,
  });
}

/** A member's Going / Not going for one date (or the series: date null); going null clears it. */
export function useAnswerMeeting(groupId: number) {
  return useGroupPageMutation(groupId, {
    mutationFn: ({ meetingId, date, going }: { meetingId: number; date: string | null; going: boolean | null }) =>
      apiClient.call(API.answerMeeting, { body: { studyGroupID: groupId, meetingID: meetingId, date, going } }),
    reread: true,
  });
}
