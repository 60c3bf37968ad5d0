// Every API call in one table: method, path, inputs and answer schema. The
// server registers its routes from it and checks its answers against it, the
// client builds its requests and validates answers with it, and the OpenAPI
// document (GET /api/openapi.json) is generated from it.
import * as z from 'zod/mini';
import * as accounts from './accounts';
import * as auth from './auth';
import * as chat from './chat';
import * as courses from './courses';
import { errorAnswer } from './errors';
import { requestId } from './primitives';
import * as groups from './study-groups';

export interface ApiRoute {
  method: 'GET' | 'POST';
  /** OpenAPI style: `{name}` marks a path parameter. */
  path: string;
  summary: string;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** The success answer (a JSON body unless `produces` says otherwise). */
  answer: z.ZodMiniType;
  /** 201 for calls that create something; 200 otherwise. */
  status?: 200 | 201;
  produces?: 'text/calendar';
  /** Refusal bodies beyond the house error shape, by status; 409 is listed only for calls that name it. */
  refusals?: Partial<Record<400 | 401 | 403 | 404 | 409 | 429, z.ZodMiniType>>;
  /** Visitors may call it; every other call needs a signed-in student (401). */
  public?: true;
}

const route = <const R extends ApiRoute>(r: R): R => r;

const courseParams = z.object({ courseID: requestId });
const groupParams = z.object({ studyGroupID: requestId });

export const API = {
  getToken: route({ method: 'GET', path: '/api/get-token/', summary: 'The CSRF token to send as X-CSRFToken', answer: auth.tokenAnswer, public: true }),
  isAuthenticated: route({
    method: 'GET',
    path: '/api/is-authenticated/',
    summary: 'Who is signed in',
    answer: auth.sessionAnswer,
    public: true,
  }),
  logIn: route({
    method: 'POST',
    path: '/api/login/',
    summary: 'Log in',
    body: auth.logInBody,
    answer: auth.signedIn,
    refusals: { 401: auth.logInRefusal, 429: auth.logInRefusal },
    public: true,
  }),
  signUp: route({
    method: 'POST',
    path: '/api/signup/',
    summary: 'Create an account and sign in (200 with isAuthenticated false when the email or username is taken)',
    body: auth.signUpBody,
    answer: auth.signUpAnswer,
    public: true,
  }),
  logOut: route({ method: 'POST', path: '/api/logout/', summary: 'Log out', answer: auth.signedOut, public: true }),

  verifyEmail: route({
    method: 'POST',
    path: '/api/verify-email/',
    summary:
      'Open the link mailed after sign-up: the address is verified (the link works once, for 24 hours); 409 EMAIL_CLAIM_LOST when the account waited for an address another account verified first',
    body: accounts.verifyEmailBody,
    answer: accounts.verifyEmailAnswer,
    public: true,
    refusals: { 409: errorAnswer },
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/resend-verification/',
    summary: 'Mail a new verification link (at most 3 an hour; the older link stops working); 409 EMAIL_CLAIM_LOST as for the link',
    answer: accounts.resendVerificationAnswer,
    refusals: { 409: errorAnswer },
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/request-password-reset/',
    summary: 'Forgot password: mail a reset link to the account with this address or username (the same answer whether or not it exists)',
    body: accounts.requestPasswordResetBody,
    answer: accounts.requestPasswordResetAnswer,
    public: true,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/reset-password/',
    summary: "Set a new password with a reset link (once, within an hour); every session of the account ends",
    body: accounts.resetPasswordBody,
    answer: accounts.resetPasswordAnswer,
    public: true,
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/change-password/',
    summary: "Change your password (the current one confirms it); your other sessions end",
    body: accounts.changePasswordBody,
    answer: accounts.changePasswordAnswer,
  }),
  updateProfile: route({
    method: 'POST',
    path: '/api/update-profile/',
    summary: 'Edit your name, major, year and bio (email and username stay fixed)',
    body: accounts.updateProfileBody,
    answer: accounts.updateProfileAnswer,
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/api/delete-account/',
    summary: 'Delete your account (your password confirms it); your messages stay, shown as "Former member"',
    body: accounts.deleteAccountBody,
    answer: accounts.deleteAccountAnswer,
  }),

  dashboard: route({ method: 'GET', path: '/api/dashboard/', summary: "The student's courses and groups", answer: courses.dashboardAnswer }),
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

  courseMessages: route({
    method: 'GET',
    path: '/api/select-course-messages/{courseID}/{userID}/',
    summary: "A course chat's latest messages, or those after / before a message id",
    params: z.object({ courseID: requestId, userID: requestId }),
    query: chat.messagesQuery,
    answer: chat.messagesAnswer,
  }),
  postCourseMessage: route({
    method: 'POST',
    path: '/api/insert-course-message/',
    summary: 'Post to a course chat',
    body: chat.courseMessageBody,
    answer: chat.message,
    status: 201,
  }),
  groupMessages: route({
    method: 'GET',
    path: '/api/select-study-group-messages/{studyGroupID}/{userID}/',
    summary: "A group chat's latest messages, or those after / before a message id",
    params: z.object({ studyGroupID: requestId, userID: requestId }),
    query: chat.messagesQuery,
    answer: chat.messagesAnswer,
  }),
  postGroupMessage: route({
    method: 'POST',
    path: '/api/insert-study-group-message/',
    summary: 'Post to a study-group chat',
    body: chat.groupMessageBody,
    answer: chat.message,
    status: 201,
  }),
  editCourseMessage: route({
    method: 'POST',
    path: '/api/edit-course-message/',
    summary: 'Edit your own course chat message (within 24 hours; 409 TOO_MANY_EDITS past 20 edits)',
    body: chat.editCourseMessageBody,
    answer: chat.message,
    refusals: { 409: errorAnswer },
  }),
  editGroupMessage: route({
    method: 'POST',
    path: '/api/edit-study-group-message/',
    summary: 'Edit your own study-group chat message (within 24 hours; 409 TOO_MANY_EDITS past 20 edits)',
    body: chat.editGroupMessageBody,
    answer: chat.message,
    refusals: { 409: errorAnswer },
  }),
  deleteCourseMessage: route({
    method: 'POST',
    path: '/api/delete-course-message/',
    summary: 'Delete your own course chat message',
    body: chat.deleteCourseMessageBody,
    answer: chat.message,
  }),
  deleteGroupMessage: route({
    method: 'POST',
    path: '/api/delete-study-group-message/',
    summary: "Delete your own study-group chat message (the group's owner: anyone's)",
    body: chat.deleteGroupMessageBody,
    answer: chat.message,
  }),
  markChatRead: route({
    method: 'POST',
    path: '/api/mark-chat-read/',
    summary: 'You have read a course or group chat up to a message (the marker only moves forward)',
    body: chat.markReadBody,
    answer: chat.readMarker,
  }),
  unreadCounts: route({
    method: 'GET',
    path: '/api/unread-counts/',
    summary: 'Unread messages and mentions in each of your courses and groups; with wait and since, a long poll',
    query: chat.unreadQuery,
    answer: chat.unreadAnswer,
  }),

  createStudyGroup: route({
    method: 'POST',
    path: '/api/insert-study-group/',
    summary: 'Start a study group in a course you are in (you own it)',
    body: groups.createStudyGroupBody,
    answer: groups.studyGroup,
    status: 201,
  }),
  joinStudyGroup: route({
    method: 'POST',
    path: '/api/insert-study-group-member/',
    summary: 'Join a public group of your course',
    body: groups.joinStudyGroupBody,
    answer: groups.joinStudyGroupAnswer,
  }),
  leaveStudyGroup: route({
    method: 'POST',
    path: '/api/delete-study-group-member/',
    summary: 'Leave a group, or (the owner) remove another member',
    body: groups.leaveStudyGroupBody,
    answer: groups.leaveStudyGroupAnswer,
  }),
  studyGroupPage: route({
    method: 'GET',
    path: '/api/study-group/{studyGroupID}/',
    summary: 'A group with its members, meetings and latest chat (members only)',
    params: groupParams,
    answer: groups.studyGroupPageAnswer,
  }),
  studyGroupCalendar: route({
    method: 'GET',
    path: '/api/study-group/{studyGroupID}/calendar.ics',
    summary: "The group's meetings as weekly events (RFC 5545, America/New_York)",
    params: groupParams,
    answer: z.string(),
    produces: 'text/calendar',
  }),
  updateStudyGroup: route({
    method: 'POST',
    path: '/api/update-study-group/',
    summary: 'Rename the group, rewrite its description, make it public or private (owner)',
    body: groups.updateStudyGroupBody,
    answer: groups.studyGroup,
  }),
  scheduleMeeting: route({
    method: 'POST',
    path: '/api/insert-study-group-meeting/',
    summary: 'Add a weekly meeting (owner)',
    body: groups.scheduleMeetingBody,
    answer: groups.meeting,
    status: 201,
  }),
  updateMeeting: route({
    method: 'POST',
    path: '/api/update-study-group-meeting/',
    summary: 'Move a meeting (owner)',
    body: groups.updateMeetingBody,
    answer: groups.meeting,
  }),
  cancelMeeting: route({
    method: 'POST',
    path: '/api/delete-study-group-meeting/',
    summary: 'Delete a meeting (owner)',
    body: groups.cancelMeetingBody,
    answer: groups.cancelMeetingAnswer,
  }),
} as const;

export type ApiRoutes = typeof API;
export type RouteName = keyof ApiRoutes;

/** The JSON a route answers with on success. */
export type AnswerOf<R extends ApiRoute> = z.output<R['answer']>;
/** What a caller sends as the body (before the server's transforms). */
export type BodyOf<R extends ApiRoute> = R['body'] extends z.ZodMiniType ? z.input<R['body']> : never;

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The path parameters a route's path names, e.g. { courseID: number }. */
export type PathParams<R extends ApiRoute> = { [Name in ParamNames<R['path']>]: number | string };

/** The path with its parameters filled in: "/api/course/12/". */
export function pathOf<R extends ApiRoute>(route: R, params: PathParams<R>): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String((params as Record<string, unknown>)[name])));
}

/** The same path as a Koa router pattern: "/api/course/:courseID/". */
export function routerPath(route: ApiRoute): string {
  return route.path.replace(/\{(\w+)\}/g, ':$1');
}

export { errorAnswer };
