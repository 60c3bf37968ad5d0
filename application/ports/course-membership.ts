import type { Course, MemberProfile } from '../../domain/course/course';

export interface CourseMembership {
  /** Idempotent: joining twice leaves one membership. */
  join(userId: number, courseId: number): Promise<void>;
  /** Idempotent: leaving a course one is not in changes nothing. */
  leave(userId: number, courseId: number): Promise<void>;
  isMember(userId: number, courseId: number): Promise<boolean>;
  /** The student's courses, in the order they joined them. */
  coursesOf(userId: number): Promise<Course[]>;
  courseIdsOf(userId: number): Promise<number[]>;
  /** The course's students, in the order they joined. */
  membersOf(courseId: number): Promise<MemberProfile[]>;
}
