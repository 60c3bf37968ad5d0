// Server state of the dashboard, the course page and the catalog search, as
// TanStack Query options and hooks (joining and leaving: membership-api.ts).
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { API, type AnswerOf } from '@contract/api';
import type { CourseFilters, SearchResultCourse } from '@contract/courses';
import { apiClient } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';
import { currentUser } from '@web/lib/session';

export type { CourseFilters };

/** A course with, for its members, its students, groups and latest chat messages. */
export type CoursePageAnswer = AnswerOf<typeof API.coursePage>;

/** A later page of a course's groups. */
type CourseGroupsAnswer = AnswerOf<typeof API.courseStudyGroups>;

/** What one fetch of the course page's query brings: the page (null: no such course), or a later page of its groups. */
type CoursePagePart = CoursePageAnswer | CourseGroupsAnswer | null;

export interface SearchResult {
  /** At most one page (10) of courses, each with its matching sections. */
  courses: SearchResultCourse[];
  /** Every section and course the student is in (one id space), not only those on this page. */
  memberCourseIds: number[];
  total: number;
  /** The page the server used, which may differ from the one asked for (it clamps). */
  page: number;
  pageCount: number;
  /** The search this answers: a card's "Show all" lists its sections for the same one. */
  filters: CourseFilters;
}

export function hasFilters(filters: CourseFilters): boolean {
  return filters.q !== '' || filters.name !== '' || filters.courseCode !== '' || filters.term !== '';
}

const dashboardQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: () => apiClient.call(API.dashboard, {}),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}

async function fetchCoursePage(courseId: number): Promise<CoursePageAnswer | null> {
  try {
    return await apiClient.call(API.coursePage, { params: { courseID: courseId } });
  } catch (error) {
    // A malformed id (400) names no course either; both read as "not found".
    if (isApiError(error, 'COURSE_NOT_FOUND', 'VALIDATION_FAILED')) return null;
    throw error;
  }
}

/**
 * The course page with the groups of every page loaded so far, each group
 * once (a group that moved between two pages' reads shows where it was first).
 */
function withLoadedGroups(data: InfiniteData<CoursePagePart, string | null>): CoursePageAnswer | null {
  const [first, ...later] = data.pages;
  if (!first || !('course' in first)) return null;
  const seen = new Set<number>();
  const groups: CoursePageAnswer['courseStudyGroups'] = [];
  for (const group of [first, ...later].flatMap((part) => part?.courseStudyGroups ?? [])) {
    if (seen.has(group.id)) continue;
    seen.add(group.id);
    groups.push(group);
  }
  return { ...first, courseStudyGroups: groups, nextStudyGroupsCursor: data.pages[data.pages.length - 1]?.nextStudyGroupsCursor ?? null };
}

/**
 * The page (null when no course has this id; a section's id answers its
 * course) and, once asked for, the later pages of its groups
 * (GET /api/course/{id}/study-groups/?after=). Refreshed, it reads the page
 * and then each later page again, so the list keeps its length.
 */
function coursePageQuery(courseId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.coursePage(courseId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, client }): Promise<CoursePagePart> => {
      if (pageParam !== null) return apiClient.call(API.courseStudyGroups, { params: { courseID: courseId }, query: { after: pageParam } });
      const page = await fetchCoursePage(courseId);
      // A section's id answers its course, and the page then moves to the course's own address: the answer waits there.
      if (page && page.course.id !== courseId) {
        const canonical = queryKeys.coursePage(page.course.id);
        if (client.getQueryData(canonical) === undefined) client.setQueryData(canonical, { pages: [page], pageParams: [null] });
      }
      return page;
    },
    getNextPageParam: (last) => last?.nextStudyGroupsCursor ?? undefined,
    select: withLoadedGroups,
  });
}

/** The course page, and its later pages of groups for the Groups panel (one observer of the query: a second would read every page again when it mounts); not asked for while `enabled` is false. */
export function useCoursePage(courseId: number, enabled = true) {
  const { data, isFetching, isError, isFetchNextPageError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery({
    ...coursePageQuery(courseId),
    enabled: enabled && courseId > 0,
  });
  const loadMore = useCallback(() => {
    // Not while the pages are read again (after a change to the groups): the next cursor comes with them.
    if (!isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [isFetching, fetchNextPage]);
  const moreGroups = useMemo(
    () => ({ hasMore: hasNextPage, loading: isFetchingNextPage, failed: isFetchNextPageError, loadMore }),
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, loadMore],
  );
  // A later page of groups that failed is the Groups panel's to show, not the page's.
  return { data, isFetching, isError: isError && !isFetchNextPageError, refetch, moreGroups };
}

/** Asks for the course page again, e.g. after a change to its groups or chat access. */
export function useRefreshCoursePage(courseId: number): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: queryKeys.coursePage(courseId) }), [client, courseId]);
}

/** The unfiltered catalog: search-courses, which also lists the terms. */
async function fetchCatalogPage(page: number) {
  return apiClient.call(API.searchCourses, { query: { page } });
}

async function fetchSearchResult(client: QueryClient, filters: CourseFilters, page: number): Promise<SearchResult> {
  if (hasFilters(filters)) {
    const { user_courses_ids, ...result } = await apiClient.call(API.filterCourses, { body: { ...filters, page } });
    return { ...result, memberCourseIds: user_courses_ids, filters };
  }
  const { userCoursesIDs, terms, ...result } = await fetchCatalogPage(page);
  client.setQueryData(queryKeys.catalogTerms, terms);
  return { ...result, memberCourseIds: userCoursesIDs, filters };
}

function catalogSearchQuery(filters: CourseFilters, page: number) {
  return queryOptions({
    queryKey: queryKeys.catalogSearch(filters, page),
    queryFn: async ({ client }) => {
      const result = await fetchSearchResult(client, filters, page);
      // The page then puts the clamped page into the URL: it finds this answer there.
      if (result.page !== page) client.setQueryData(queryKeys.catalogSearch(filters, result.page), result);
      return result;
    },
    // Every visit and every other page asks the server (an answer nobody shows
    // is dropped at once), while the answer on screen stays current: the card
    // flips below keep its memberships right, and a new search refetches it.
    // (A clamped page's copy, stored above, lives as long as any cache entry.)
    staleTime: Infinity,
    gcTime: 0,
    // The last answer stays on screen (dimmed) until the next one replaces it.
    placeholderData: keepPreviousData,
  });
}

/** The unfiltered listing, or the filter form's search, one page of it. */
export function useCatalogSearch(filters: CourseFilters, page: number) {
  return useQuery(catalogSearchQuery(filters, page));
}

/** Searching again for what is on screen still asks the server. */
export function useSearchAgain(): (filters: CourseFilters, page: number) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    (filters, page) => client.invalidateQueries({ queryKey: queryKeys.catalogSearch(filters, page), exact: true }),
    [client],
  );
}

/**
 * "Show all" on a search card: every section of the card's course (any of its
 * section ids) that matches the search, in the card's order; asked for once
 * the student opens the list.
 */
export function useCourseSections(courseId: number, filters: CourseFilters, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.courseSections(courseId, filters),
    queryFn: async () => {
      const query = {
        q: filters.q || undefined,
        name: filters.name || undefined,
        courseCode: filters.courseCode || undefined,
        term: filters.term || undefined,
      };
      return (await apiClient.call(API.courseSections, { params: { courseID: courseId }, query })).sections;
    },
    enabled,
  });
}

/**
 * The catalog's terms, newest first. An unfiltered search brings them along;
 * a filtered first visit (`needed`) asks search-courses once just for them.
 */
export function useCatalogTerms(needed: boolean) {
  return useQuery({
    queryKey: queryKeys.catalogTerms,
    queryFn: async () => (await fetchCatalogPage(1)).terms,
    enabled: needed,
    staleTime: Infinity,
  });
}

export type AddClassesAnswer = AnswerOf<typeof API.addClasses>;

/** Add my classes: joins a term's sections by class number; every search and the dashboard then show them. */
export function useAddClasses() {
  return useMutation({
    mutationFn: (input: { term: string; classNumbers: number[] }, { client }) =>
      apiClient.call(API.addClasses, { body: { userID: currentUser(client)?.id, ...input } }),
    onSuccess: async (answer, _input, _result, { client }) => {
      client.setQueriesData<SearchResult>({ queryKey: queryKeys.catalogSearches }, (result) =>
        result ? { ...result, memberCourseIds: answer.user_courses_ids } : result,
      );
      await client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
