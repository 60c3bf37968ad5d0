// The ways into a private group on the wire and in the cache: the owner's
// invite links, requests and invites (one query, read again after each
// change), a classmate's request or answer to an invite (the course views
// read again, so the group modal shows where they stand), and the invite
// page's link, for visitors too.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';

/** The course views (Groups panel, group modal) and the dashboard read again. */
function refreshCourseViews(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.coursePages }),
    client.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]);
}

// ---- The owner's ----

export function useGroupInvitations(groupId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.groupInvitations(groupId),
    queryFn: () => apiClient.call(API.groupInvitations, { params: { studyGroupID: groupId } }),
    enabled: enabled && groupId > 0,
  });
}

/**
 * A change to the group's ways in: its invitations are read again, and the
 * group's page (a member accepted, the pending count) and the course views.
 */
function useOwnerChange<Variables, Answer>(groupId: number, mutationFn: (variables: Variables) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.groupInvitations(groupId) });
      void client.invalidateQueries({ queryKey: queryKeys.studyGroupPage(groupId), exact: true });
      void refreshCourseViews(client);
    },
  });
}

export interface LinkChoice {
  /** One of INVITE_LINK_HOURS. */
  expiresInHours: 1 | 24 | 168 | 720;
  /** One of INVITE_LINK_USES, or null: no limit. */
  maxUses: 1 | 5 | 10 | 25 | 50 | null;
}

export function useCreateInviteLink(groupId: number, ownerId: number) {
  return useOwnerChange(groupId, (choice: LinkChoice) =>
    apiClient.call(API.createInviteLink, { body: { ownerID: ownerId, studyGroupID: groupId, ...choice } }),
  );
}

export function useRevokeInviteLink(groupId: number, ownerId: number) {
  return useOwnerChange(groupId, (linkId: number) =>
    apiClient.call(API.revokeInviteLink, { body: { ownerID: ownerId, studyGroupID: groupId, linkID: linkId } }),
  );
}

export function useAnswerJoinRequest(groupId: number, ownerId: number) {
  return useOwnerChange(groupId, ({ studentId, accept }: { studentId: number; accept: boolean }) =>
    apiClient.call(API.answerJoinRequest, { body: { ownerID: ownerId, studyGroupID: groupId, studentID: studentId, accept } }),
  );
}

export function useInviteStudent(groupId: number, ownerId: number) {
  return useOwnerChange(groupId, (username: string) =>
    apiClient.call(API.inviteStudent, { body: { ownerID: ownerId, studyGroupID: groupId, username } }),
  );
}

export function useCancelInvite(groupId: number, ownerId: number) {
  return useOwnerChange(groupId, (studentId: number) =>
    apiClient.call(API.cancelInvite, { body: { ownerID: ownerId, studyGroupID: groupId, studentID: studentId } }),
  );
}

// ---- A classmate's ----

/** Resolves once the course views show where the student stands now. */
function useClassmateChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshCourseViews(client) });
}

export function useRequestToJoin(userId: number | undefined) {
  return useClassmateChange((groupId: number) => apiClient.call(API.requestToJoin, { body: { userID: userId, studyGroupID: groupId } }));
}

export function useWithdrawJoinRequest(userId: number | undefined) {
  return useClassmateChange((groupId: number) =>
    apiClient.call(API.withdrawJoinRequest, { body: { userID: userId, studyGroupID: groupId } }),
  );
}

export function useAnswerInvite(userId: number | undefined) {
  return useClassmateChange(({ groupId, accept }: { groupId: number; accept: boolean }) =>
    apiClient.call(API.answerInvite, { body: { userID: userId, studyGroupID: groupId, accept } }),
  );
}

// ---- The invite page ----

/** Whether a refusal means the link does not work (expired, used up, turned off, or no link at all). */
export function isLinkInvalid(error: unknown): boolean {
  return isApiError(error, 'LINK_INVALID', 'VALIDATION_FAILED');
}

function inviteLinkQuery(token: string, userId: number) {
  return queryOptions({
    queryKey: queryKeys.inviteLink(token, userId),
    queryFn: () => apiClient.call(API.inviteLink, { query: { token } }),
    // The viewer's standing changes with a join elsewhere: read afresh on each visit.
    gcTime: 0,
  });
}

/** What the link opens, for this student (or a visitor: userId 0). */
export function useInviteLink(token: string, userId: number) {
  return useQuery(inviteLinkQuery(token, userId));
}

/** Joins the group (and its course when needed) through the link; resolves once the course views and the dashboard know. */
export function useAcceptInviteLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiClient.call(API.acceptInviteLink, { body: { token } }),
    onSuccess: () => refreshCourseViews(client),
  });
}
