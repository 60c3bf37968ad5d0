import type { Course, MemberProfile } from '@domain/course/course';
import type { CourseId, UserId } from '@domain/ids';

export interface CourseMembership {
  /**
   * Idempotent: joining twice leaves one membership. Refused (admitSections,
   * domain/course/section-quota.ts) when the student would then be in more
   * sections of the course's term than one student may be.
   */
  join(userId: UserId, courseId: CourseId): Promise<void>;
  /**
   * Joins every section of the list the student is not in yet, all or none:
   * refused as join is when any term would then hold too many of theirs,
   * counted where no other join of the student interleaves. Ids that name no
   * section are skipped. Answers the ids newly joined, in the order given.
   */
  joinAll(userId: UserId, courseIds: CourseId[]): Promise<CourseId[]>;
  /** Idempotent: leaving a course one is not in changes nothing. */
  leave(userId: UserId, courseId: CourseId): Promise<void>;
  isMember(userId: UserId, courseId: CourseId): Promise<boolean>;
  /** The student's courses, in the order they joined them. */
  coursesOf(userId: UserId): Promise<Course[]>;
  courseIdsOf(userId: UserId): Promise<CourseId[]>;
  /** The course's students, in the order they joined. */
  membersOf(courseId: CourseId): Promise<MemberProfile[]>;
}
