import type { Knex } from 'knex';
import type { CourseMembership } from '../../application/ports/course-membership';
import type { Course, MemberProfile } from '../../domain/course/course';
import { COURSE_COLUMNS, toCourse } from './knex-course-catalog';
import { memberProfileColumns, toMemberProfile } from './member-profile-row';

export class KnexCourseMembership implements CourseMembership {
  constructor(private readonly db: Knex) {}

  async join(userId: number, courseId: number): Promise<void> {
    await this.db('course_members').insert({ user_id: userId, course_id: courseId }).onConflict(['course_id', 'user_id']).ignore();
  }

  async leave(userId: number, courseId: number): Promise<void> {
    await this.db('course_members').where({ user_id: userId, course_id: courseId }).delete();
  }

  async isMember(userId: number, courseId: number): Promise<boolean> {
    const row = await this.db('course_members').select(this.db.raw('1')).where({ user_id: userId, course_id: courseId }).first();
    return Boolean(row);
  }

  async coursesOf(userId: number): Promise<Course[]> {
    const rows = await this.db('course_members as m')
      .join('courses', 'courses.id', 'm.course_id')
      .where('m.user_id', userId)
      .orderBy('m.seq')
      .select(COURSE_COLUMNS.map((c) => `courses.${c}`));
    return rows.map(toCourse);
  }

  async courseIdsOf(userId: number): Promise<number[]> {
    const rows: { course_id: number }[] = await this.db('course_members').where('user_id', userId).orderBy('course_id').select('course_id');
    return rows.map((r) => r.course_id);
  }

  async membersOf(courseId: number): Promise<MemberProfile[]> {
    const rows = await this.db('course_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.course_id', courseId)
      .orderBy('m.seq')
      .select(memberProfileColumns('u'));
    return rows.map(toMemberProfile);
  }
}
