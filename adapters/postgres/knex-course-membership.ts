import type { Knex } from 'knex';
import type { CourseMembership } from '@application/ports/course-membership';
import type { Course, MemberProfile } from '@domain/course/course';
import { admitSections } from '@domain/course/section-quota';
import { CourseId, type UserId } from '@domain/ids';
import { COURSE_COLUMNS, toCourse } from './course-row';
import { memberProfileColumns, toMemberProfile } from './member-profile-row';
import { lockStudent } from './student-lock';

export class KnexCourseMembership implements CourseMembership {
  constructor(private readonly db: Knex) {}

  async join(userId: UserId, courseId: CourseId): Promise<void> {
    await this.joinAll(userId, [courseId]);
  }

  /** Counted per term under the student's lock, then written in the same transaction: all or none. */
  async joinAll(userId: UserId, courseIds: CourseId[]): Promise<CourseId[]> {
    const wanted = [...new Set(courseIds)];
    if (wanted.length === 0) return [];
    return this.db.transaction(async (trx) => {
      await lockStudent(trx, userId);
      const already = new Set<number>(await trx('course_members').where('user_id', userId).whereIn('course_id', wanted).pluck('course_id'));
      const sections: { id: number; term: string }[] = await trx('courses')
        .whereIn(
          'id',
          wanted.filter((id) => !already.has(id)),
        )
        .select('id', 'term');
      const termOf = new Map(sections.map((s) => [s.id, s.term]));
      const fresh = wanted.filter((id) => termOf.has(id));
      if (fresh.length === 0) return [];
      const adding = new Map<string, number>();
      for (const id of fresh) adding.set(termOf.get(id)!, (adding.get(termOf.get(id)!) ?? 0) + 1);
      const counts: { term: string; n: string | number }[] = await trx('course_members as m')
        .join('courses as c', 'c.id', 'm.course_id')
        .where('m.user_id', userId)
        .whereIn('c.term', [...adding.keys()])
        .groupBy('c.term')
        .select('c.term', trx.raw('count(*) as n'));
      const inTerm = new Map(counts.map((row) => [row.term, Number(row.n)]));
      for (const [term, count] of adding) admitSections(term, inTerm.get(term) ?? 0, count);
      // One statement, rows in the order given: join order (seq) follows it.
      await trx('course_members')
        .insert(fresh.map((id) => ({ user_id: userId, course_id: id })))
        .onConflict(['course_id', 'user_id'])
        .ignore();
      return fresh;
    });
  }

  async leave(userId: UserId, courseId: CourseId): Promise<void> {
    await this.db('course_members').where({ user_id: userId, course_id: courseId }).delete();
  }

  async isMember(userId: UserId, courseId: CourseId): Promise<boolean> {
    const row = await this.db('course_members').select(this.db.raw('1')).where({ user_id: userId, course_id: courseId }).first();
    return Boolean(row);
  }

  async coursesOf(userId: UserId): Promise<Course[]> {
    const rows = await this.db('course_members as m')
      .join('courses', 'courses.id', 'm.course_id')
      .where('m.user_id', userId)
      .orderBy('m.seq')
      .select(COURSE_COLUMNS.map((c) => `courses.${c}`));
    return rows.map(toCourse);
  }

  async courseIdsOf(userId: UserId): Promise<CourseId[]> {
    const rows: { course_id: number }[] = await this.db('course_members').where('user_id', userId).orderBy('course_id').select('course_id');
    return rows.map((r) => CourseId(r.course_id));
  }

  async membersOf(courseId: CourseId): Promise<MemberProfile[]> {
    const rows = await this.db('course_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.course_id', courseId)
      .orderBy('m.seq')
      .select(memberProfileColumns('u'));
    return rows.map(toMemberProfile);
  }
}
