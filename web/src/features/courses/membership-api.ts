// Joining and leaving a section or a course, as TanStack mutations: the
// search cards flip at once, and the dashboard and course pages are read again.
import { mutationOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { currentUser } from '@web/lib/session';
import type { SearchResult } from './api';

/**
 * One join or leave. A section's id joins it and its course, or leaves it
 * (and the course with the student's last section of it); a course's id joins
 * the course alone, or leaves it with every section of it.
 */
export interface MembershipChange {
  /** What is sent: a section's id or the course's own (one id space). */
  id: number;
  /** The course the section belongs to (the course itself for a course's id). */
  courseId: number;
  /**
   * Every id the change adds to the student's or takes away (the section's,
   * the course's when it comes or goes with it, every section's when the
   * course goes): the search cards show them at once.
   */
  ids: number[];
}

/** Shows the student in (or out of) these sections and courses on every search answer at hand. */
function showMembership(client: QueryClient, ids: number[], isMember: boolean): void {
  client.setQueriesData<SearchResult>({ queryKey: queryKeys.catalogSearches }, (result) => {
    if (!result) return result;
    const others = result.memberCourseIds.filter((id) => !ids.includes(id));
    return { ...result, memberCourseIds: isMember ? [...others, ...ids] : others };
  });
}

/** The course pages and the dashboard read again: the dashboard first, so a course just left goes from it before its page could show it as not joined. */
async function refreshCourseViews(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: queryKeys.dashboard });
  // Every course page: one may be cached under a section's id as well as the course's.
  await client.invalidateQueries({ queryKey: queryKeys.coursePages });
}

const joinChange = mutationOptions({
  mutationFn: (change: MembershipChange, { client }) =>
    apiClient.call(API.joinCourse, { body: { userID: currentUser(client)?.id, courseID: change.id } }),
  // The search card flips at once: the answer almost always agrees, and the button should not lag behind the click.
  onMutate: (change, { client }) => showMembership(client, change.ids, true),
  onError: (error, change, _result, { client }) => {
    console.error(`Could not join ${change.id}`, error);
    showMembership(client, change.ids, false);
  },
  onSuccess: (_answer, _change, _result, { client }) => refreshCourseViews(client),
});

const leaveChange = mutationOptions({
  mutationFn: (change: MembershipChange, { client }) =>
    apiClient.call(API.leaveCourse, { body: { userID: currentUser(client)?.id, courseID: change.id } }),
  onMutate: (change, { client }) => showMembership(client, change.ids, false),
  onError: (error, change, _result, { client }) => {
    console.error(`Could not leave ${change.id}`, error);
    showMembership(client, change.ids, true);
  },
  onSuccess: async (answer, change, _result, { client }) => {
    // The card guessed whether the course went too from the sections it knew of; the server knows them all.
    if (answer.in_course === change.ids.includes(change.courseId)) await client.invalidateQueries({ queryKey: queryKeys.catalogSearches });
    await refreshCourseViews(client);
  },
});

/** Joins the section or course of the change passed to mutate (joining twice is fine). */
export function useJoinCourse() {
  return useMutation(joinChange);
}

/** Leaves the section or course of the change passed to mutate (leaving twice is fine). */
export function useLeaveCourse() {
  return useMutation(leaveChange);
}
