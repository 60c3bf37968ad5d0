// The dashboard, the course page, catalog search and course membership.
// Courses and classmates use snake_case on the wire (spec section 3).
import * as z from 'zod/mini';
import { message } from './chat';
import { member } from './members';
import { MAX_CLASS_NUMBERS } from '@domain/course/class-numbers';
import { actingIds, described, id, MAX_ID, optionalText, requestId, textField } from './primitives';
import { meeting } from './meetings';
import { studyGroup } from './study-groups';

/** One weekly meeting: UF's day letters (M T W R F S U), times as "10:40 AM", building and room. */
const meetTime = z.object({ days: z.array(z.string()), begin: z.string(), end: z.string(), building: z.string(), room: z.string() });

/** What tells one section from another: who, when, where, how and for how many credits. */
const sectionFields = {
  id,
  term: z.string(),
  class_number: z.int(),
  section: z.string(),
  /** As UF shows it: "3", "1-4". */
  credits: z.string(),
  credits_min: z.nullable(z.number()),
  credits_max: z.nullable(z.number()),
  instructors: z.array(z.string()),
  /** Delivery in words: "Online", "Hybrid", "Primarily Classroom". */
  mode: z.string(),
  /** UF's delivery code: PC, HB, PD (online 80-99 %), AD (online 100 %), or ''. */
  sect_web: z.string(),
  /** Empty when UF did not publish them or the section does not meet. */
  meet_times: z.array(meetTime),
  /** ISO dates, '' when unknown. */
  start_date: z.string(),
  end_date: z.string(),
  final_exam: z.string(),
  gen_ed: z.array(z.string()),
  quest: z.array(z.string()),
  writing: z.string(),
  /** Gone from UF's latest answer: not in search any more; its members keep it. */
  withdrawn: z.boolean(),
};

/** One section under its course in a search result. */
const courseSection = described(z.object(sectionFields), { id: 'CourseSection' });

/** One class section of one term, with its course's code, name and description. */
const section = described(
  z.object({
    ...sectionFields,
    name: z.string(),
    description: z.string(),
    course_number: z.string(),
    department: z.string(),
    uf_course_id: z.string(),
  }),
  { id: 'Section' },
);

/**
 * What a course (term, code and name) says of itself: students join it, talk
 * in its chat and form groups under it, in whichever of its sections they are.
 * Its id and its sections' ids share one id space: every call taking a
 * courseID takes either, and a section's id stands for its course.
 */
const courseFields = {
  id,
  name: z.string(),
  description: z.string(),
  course_number: z.string(),
  term: z.string(),
  /** As UF shows it: "3", "1-4" ('' when unknown). */
  credits: z.string(),
  department: z.string(),
  uf_course_id: z.string(),
  /** The first of the sections listed with it (the student's own first); null when none is. */
  class_number: z.nullable(z.int()),
  /** Its sections on offer (not withdrawn). */
  sections_on_offer: z.int(),
  /** False when the catalog lists the course without its sections: "Sections for this term are not in this catalog". */
  sections_published: z.boolean(),
};

/** A course as its members see it on the dashboard and its page, with the sections the student is in. */
const course = described(
  z.object({
    ...courseFields,
    /** The student's sections of the course, in the order they joined them (none when they joined the course alone). */
    sections: z.array(courseSection),
  }),
  { id: 'Course' },
);

/** A search result: one course of one term, with the sections it lists first and how many match. */
const searchResultCourse = described(
  z.object({
    ...courseFields,
    /** The student's own, then those the search names most specifically, then by class number: five, or all of six or fewer. */
    sections: z.array(courseSection),
    /** Every matching section of the course (GET /api/course-sections/{id}/ lists them); 0 for a course without published sections. */
    section_count: z.int(),
    /** Every section of this course the student is in (whether or not it is listed here). */
    member_section_ids: z.array(id),
  }),
  { id: 'SearchResultCourse' },
);

/** A classmate on a course page, with the sections of the course they are in ("Section 1889, Tu/Th 9:35 AM"). */
const courseMember = described(
  z.object({
    ...member.shape,
    sections: z.array(
      z.object({
        id,
        class_number: z.int(),
        section: z.string(),
        meet_times: z.array(meetTime),
        /** UF's delivery code and mode, as a section's: an online section says "Online" rather than "times not listed". */
        sect_web: z.string(),
        mode: z.string(),
      }),
    ),
  }),
  { id: 'CourseMember' },
);

export const dashboardAnswer = z.object({
  userId: id,
  /** The student's courses (not sections), in the order they joined them. */
  courses: z.array(course),
  /** The student's own groups, every course. */
  studyGroups: z.array(studyGroup),
  /** The student's next meetings across their groups, soonest first (at most 5). */
  nextMeetings: z.array(
    z.object({
      studyGroupID: id,
      studyGroupName: z.string(),
      /** The meeting; its `next` is the occurrence listed. */
      meeting,
    }),
  ),
});

/** Where the next page of a course's groups starts: send it back as `after`; null when no page follows. */
const nextStudyGroupsCursor = described(z.nullable(z.string()), {
  description:
    "Opaque: GET /api/course/{courseID}/study-groups/?after= it answers the next page of the course's groups; null when none follows.",
});

export const coursePageAnswer = z.object({
  course,
  userID: id,
  /** A member of the course (in any of its sections, or of the course alone). */
  isMember: z.boolean(),
  /** The latest 50, oldest first; members only (empty otherwise). */
  courseMessages: z.array(message),
  /** Every student of the course, whichever section they are in, in the order they joined. */
  courseMembers: z.array(courseMember),
  /** The first page (20) of the course's groups: the student's own, most recently joined first, then the others, oldest first. */
  courseStudyGroups: z.array(studyGroup),
  /** Every group of the course the student is in, on this page or a later one. */
  userStudyGroupIDs: z.array(id),
  nextStudyGroupsCursor,
});

export const courseStudyGroupsQuery = z.object({
  after: z.optional(described(z.string(), { description: 'A nextStudyGroupsCursor from an earlier answer; left out, the first page.' })),
});

export const courseStudyGroupsAnswer = z.object({
  courseID: id,
  /** The page: up to 20 groups, in the course page's order, after the cursor's. */
  courseStudyGroups: z.array(studyGroup),
  userStudyGroupIDs: z.array(id),
  nextStudyGroupsCursor,
});

const pageNumber = z._default(z.coerce.number({ error: 'must be a page number' }).check(z.int('must be a whole number')), 1);

export const searchQuery = z.object({ page: pageNumber });

const resultPage = {
  /** At most one page (10) of courses (cards), each with its first matching sections. */
  courses: z.array(searchResultCourse),
  /** Matching courses. */
  total: z.int(),
  /** The page used, clamped into 1..pageCount. */
  page: z.int(),
  pageCount: z.int(),
};

export const searchAnswer = z.object({
  ...resultPage,
  /** The ids of the student's sections and of their courses (one id space). */
  userCoursesIDs: z.array(id),
  /** The terms in the catalog, newest first. */
  terms: z.array(z.string()),
});

export const filterBody = z.object({
  /** The search box: code, words of the name, instructor, class number or department, in any mix. */
  q: optionalText(200),
  name: optionalText(200),
  courseCode: optionalText(200),
  term: optionalText(200),
  page: pageNumber,
});

export const filterAnswer = z.object({ ...resultPage, user_courses_ids: z.array(id) });

/** The search whose matching sections "Show all" lists (filter-courses' fields, without the page). */
export const courseSectionsQuery = z.object({
  q: filterBody.shape.q,
  name: filterBody.shape.name,
  courseCode: filterBody.shape.courseCode,
  term: filterBody.shape.term,
});

export const courseSectionsAnswer = z.object({
  /** The id in the path (a section's, or the course's own). */
  courseID: id,
  /** Every section on offer of its course that matches the search, in the card's order. */
  sections: z.array(courseSection),
});

export const courseMembershipBody = z.object({ userID: actingIds.userID, courseID: requestId });

/** courseID names a section (joined, with its course) or a course (joined without a section). */
export const joinCourseAnswer = z.object({
  /** The id sent. */
  courseID: id,
  isMember: z.literal(true),
  /** The course the student is now in. */
  course_id: id,
});
/**
 * courseID names a section (left; leaving the student's last section of the
 * course leaves the course too) or a course (left, with every section of it).
 */
export const leaveCourseAnswer = z.object({
  courseID: id,
  isMember: z.literal(false),
  course_id: id,
  /** Still in the course (in another of its sections). */
  in_course: z.boolean(),
});

/** "Add my classes": a term and the class numbers to join in it. */
export const addClassesBody = z.object({
  userID: actingIds.userID,
  term: textField(30),
  classNumbers: z
    .array(z.int().check(z.positive(), z.lte(MAX_ID)), { error: 'must be a list of class numbers' })
    .check(
      z.minLength(1, 'must name at least one class number'),
      z.maxLength(MAX_CLASS_NUMBERS, `must name at most ${MAX_CLASS_NUMBERS} class numbers`),
    ),
});

export const addClassesAnswer = z.object({
  term: z.string(),
  /** One per distinct class number, in the order sent. */
  results: z.array(
    z.object({
      class_number: z.int(),
      result: z.enum(['joined', 'already-member', 'not-found']),
      course: z.nullable(section),
    }),
  ),
  user_courses_ids: z.array(id),
});

// Which catalog is loaded: its own module, so the landing's status line needs no more of the contract.
export { catalogStatusAnswer } from './catalog-status';

export type Course = z.infer<typeof course>;
export type Section = z.infer<typeof section>;
export type CourseMember = z.infer<typeof courseMember>;
export type CourseSection = z.infer<typeof courseSection>;
export type SearchResultCourse = z.infer<typeof searchResultCourse>;
export type CourseFilters = { q: string; name: string; courseCode: string; term: string };
