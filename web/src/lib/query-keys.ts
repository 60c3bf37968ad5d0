// The keys of every cached server answer, in one place, so a feature that
// changes something (joining a group, leaving a course) can refresh the
// answers of another (the course page, the dashboard) without importing it.
import type { CourseFilters } from '@contract/courses';

export const queryKeys = {
  session: ['session'] as const,
  userDetails: ['session', 'details'] as const,
  dashboard: ['dashboard'] as const,
  /** Every course page; add the id for one. */
  coursePages: ['course'] as const,
  coursePage: (courseId: number) => ['course', courseId] as const,
  /** Every catalog answer: the searches and the terms. */
  catalog: ['catalog'] as const,
  /** Every search answer (memberships show on each card). */
  catalogSearches: ['catalog', 'search'] as const,
  catalogSearch: (filters: CourseFilters, page: number) => ['catalog', 'search', filters, page] as const,
  catalogTerms: ['catalog', 'terms'] as const,
  /** Which catalog is loaded and how old it is. */
  catalogStatus: ['catalog', 'status'] as const,
  /** Every study group page; add the id for one. */
  studyGroupPages: ['study-group'] as const,
  /** A search card's sections, all of them ("Show all"). */
  courseSections: (courseId: number, filters: CourseFilters) => ['catalog', 'sections', courseId, filters] as const,
  studyGroupPage: (groupId: number) => ['study-group', groupId] as const,
  /** A group's invite links, requests to join and invites (its owner's). */
  groupInvitations: (groupId: number) => ['study-group', groupId, 'invitations'] as const,
  /** Find a time's proposals for a group and a meeting length (under the group's key: a change to the group reads them again). */
  findATime: (groupId: number, length: number) => ['study-group', groupId, 'find-a-time', length] as const,
  /** Whether the signed-in student has a calendar subscription address. */
  calendarFeed: ['calendar-feed'] as const,
  /** The address made in this page's life: shown once by the server, kept here until the page reloads. */
  calendarFeedAddress: ['calendar-feed', 'address'] as const,
  /** The signed-in student's notification settings (and the groups they may mute). */
  notificationSettings: ['notification-settings'] as const,
  /** The signed-in student's busy grid and preferred hours. */
  busyTimes: ['busy-times'] as const,
  /** What an invite link opens, as this student (or a visitor: 0) sees it. */
  inviteLink: (token: string, userId: number) => ['invite-link', token, userId] as const,
  /** A reset link's check as its page opens. */
  resetLink: (token: string) => ['reset-link', token] as const,
};
