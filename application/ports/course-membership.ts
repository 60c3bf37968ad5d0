// Who is in which course, and in which of its sections. A student is in a
// course through any of its sections, or in the course alone; a section's
// course is always theirs too.
import type { Course, CourseMemberProfile, JoinedCourse } from '@domain/course/course';
import type { CourseId, UserId } from '@domain/ids';

export interface CourseMembership {
  /**
   * Joins every section of the list the student is not in yet, and their
   * courses, all or none: refused (admitSections, domain/course/section-quota.ts)
   * when any term would then hold too many of the student's sections, counted
   * where no other join of the student interleaves. Ids that name no section
   * are skipped. Answers the section ids newly joined, in the order given.
   */
  joinSections(userId: UserId, sectionIds: CourseId[]): Promise<CourseId[]>;
  /** Joins the course without naming a section; idempotent. */
  joinCourse(userId: UserId, courseId: CourseId): Promise<void>;
  /** Leaves one section (idempotent); the course stays theirs (LeaveCourse decides when the course goes too). */
  leaveSection(userId: UserId, sectionId: CourseId): Promise<void>;
  /** Leaves the course and every section of it; idempotent. */
  leaveCourse(userId: UserId, courseId: CourseId): Promise<void>;
  /** In the course (through a section or alone). */
  isMember(userId: UserId, courseId: CourseId): Promise<boolean>;
  /** The student's sections of the course, by id, in the order they joined them. */
  sectionIdsIn(userId: UserId, courseId: CourseId): Promise<CourseId[]>;
  /** The student's sections of the course, in the order they joined them (one read, for the course page). */
  sectionsIn(userId: UserId, courseId: CourseId): Promise<Course[]>;
  /** Every section of the student's, each with its course, in the order they joined them (one read, for a page of search cards). */
  sectionIdsOf(userId: UserId): Promise<{ id: CourseId; courseId: CourseId }[]>;
  /** The student's courses with their sections of each, in the order they joined the courses. */
  coursesOf(userId: UserId): Promise<JoinedCourse[]>;
  /** The ids of the student's courses and of their sections (one id space), ascending. */
  courseIdsOf(userId: UserId): Promise<CourseId[]>;
  /** The course's students, in the order they joined it, each with their sections of it. */
  membersOf(courseId: CourseId): Promise<CourseMemberProfile[]>;
}
