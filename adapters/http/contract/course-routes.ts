// The wire contract's routes of courses: the dashboard, the course page, the
// catalog search, and joining and leaving (api.ts assembles the table).
import * as z from 'zod/mini';
import * as courses from './courses';
import { errorAnswer } from './errors';
import { requestId } from './primitives';
import { route } from './route';

const courseParams = z.object({ courseID: requestId });

export const COURSE_ROUTES = {
  dashboard: route({
    method: 'GET',
    path: '/api/dashboard/',
    summary: "The student's courses and groups",
    answer: courses.dashboardAnswer,
  }),
  coursePage: route({
    method: 'GET',
    path: '/api/course/{courseID}/',
    summary: 'A course with (for its members) its students, groups and latest chat',
    params: courseParams,
    answer: courses.coursePageAnswer,
  }),
  courseStudyGroups: route({
    method: 'GET',
    path: '/api/course/{courseID}/study-groups/',
    summary: "The next page of a course's groups, after the course page's first (course members only)",
    params: courseParams,
    query: courses.courseStudyGroupsQuery,
    answer: courses.courseStudyGroupsAnswer,
  }),
  catalogStatus: route({
    method: 'GET',
    path: '/api/catalog-status/',
    summary: 'Which course catalog is loaded and how old it is: the last sync of UF, or the shipped snapshot',
    answer: courses.catalogStatusAnswer,
    public: true,
  }),
  searchCourses: route({
    method: 'GET',
    path: '/api/search-courses/',
    summary: 'One page of the whole catalog, with the terms it holds',
    query: courses.searchQuery,
    answer: courses.searchAnswer,
  }),
  filterCourses: route({
    method: 'POST',
    path: '/api/filter-courses/',
    summary: 'One page of the courses matching the filters',
    body: courses.filterBody,
    answer: courses.filterAnswer,
  }),
  courseSections: route({
    method: 'GET',
    path: '/api/course-sections/{courseID}/',
    summary: "Show all: every section of a search card's course that matches the search",
    params: courseParams,
    query: courses.courseSectionsQuery,
    answer: courses.courseSectionsAnswer,
  }),
  addClasses: route({
    method: 'POST',
    path: '/api/insert-course-members/',
    summary: "Add my classes: join the term's sections with these class numbers, with what happened to each",
    body: courses.addClassesBody,
    answer: courses.addClassesAnswer,
  }),
  joinCourse: route({
    method: 'POST',
    path: '/api/insert-course-member/',
    summary: 'Join a course (409 SECTION_WITHDRAWN for a section UF withdrew)',
    body: courses.courseMembershipBody,
    answer: courses.joinCourseAnswer,
    refusals: { 409: errorAnswer },
  }),
  leaveCourse: route({
    method: 'POST',
    path: '/api/delete-course-member/',
    summary: "Leave a course (and that course's groups)",
    body: courses.courseMembershipBody,
    answer: courses.leaveCourseAnswer,
  }),
} as const;
