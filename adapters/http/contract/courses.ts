// The dashboard, the course page, catalog search and course membership.
// Courses and classmates use snake_case on the wire (spec section 3).
import * as z from 'zod/mini';
import { message } from './chat';
import { member } from './members';
import { actingIds, described, id, optionalText, requestId } from './primitives';
import { studyGroup } from './study-groups';

/** One class section of one term. */
export const course = described(
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    course_number: z.string(),
    term: z.string(),
    class_number: z.int(),
    section: z.string(),
    credits: z.string(),
    department: z.string(),
    instructors: z.array(z.string()),
    mode: z.string(),
  }),
  { id: 'Course' },
);

export const dashboardAnswer = z.object({
  userId: id,
  /** In the order the student joined them. */
  courses: z.array(course),
  /** The student's own groups, every course. */
  studyGroups: z.array(studyGroup),
});

export const coursePageAnswer = z.object({
  course,
  userID: id,
  isMember: z.boolean(),
  /** The latest 50, oldest first; members only (empty otherwise). */
  courseMessages: z.array(message),
  courseMembers: z.array(member),
  courseStudyGroups: z.array(studyGroup),
  userStudyGroupIDs: z.array(id),
});

export const pageNumber = z._default(z.coerce.number({ error: 'must be a page number' }).check(z.int('must be a whole number')), 1);

export const searchQuery = z.object({ page: pageNumber });

const resultPage = {
  /** At most one page (10) of courses. */
  courses: z.array(course),
  total: z.int(),
  /** The page used, clamped into 1..pageCount. */
  page: z.int(),
  pageCount: z.int(),
};

export const searchAnswer = z.object({
  ...resultPage,
  userCoursesIDs: z.array(id),
  /** The terms in the catalog, newest first. */
  terms: z.array(z.string()),
});

export const filterBody = z.object({ name: optionalText(200), courseCode: optionalText(200), term: optionalText(200), page: pageNumber });

export const filterAnswer = z.object({ ...resultPage, user_courses_ids: z.array(id) });

export const courseMembershipBody = z.object({ userID: actingIds.userID, courseID: requestId });

export const joinCourseAnswer = z.object({ courseID: id, isMember: z.literal(true) });
export const leaveCourseAnswer = z.object({ courseID: id, isMember: z.literal(false) });

export type Course = z.infer<typeof course>;
export type CourseFilters = { name: string; courseCode: string; term: string };
