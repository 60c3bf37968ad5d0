import type { Course, MemberProfile } from '@domain/course/course';

export interface CourseMembership {
  /**
   * Idempotent: joining twice leaves one membership. Refused (admitSections,
   * domain/course/section-quota.ts) when the student would then be in more
   * sections of the course's term than one student may be.
   */
  join(userId: number, courseId: number): Promise<void>;
  /**
   * Joins every section of the list the student is not in yet, all or none:
   * refused as join is when any term would then hold too many of theirs,
   * counted where no other join of the student interleaves. Ids that name no
   * section are skipped. Answers the ids newly joined, in the order given.
   */
  joinAll(userId: number, courseIds: number[]): Promise<number[]>;
  /** Idempotent: leaving a course one is not in changes nothing. */
  leave(userId: number, courseId: number): Promise<void>;
  isMember(userId: number, courseId: number): Promise<boolean>;
  /** The student's courses, in the order they joined them. */
  coursesOf(userId: number): Promise<Course[]>;
  courseIdsOf(userId: number): Promise<number[]>;
  /** The course's students, in the order they joined. */
  membersOf(courseId: number): Promise<MemberProfile[]>;
}
