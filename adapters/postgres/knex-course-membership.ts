// Course and section membership in Postgres / PGlite: course_members holds
// who is in which course (catalog_courses), section_members which of its
// sections (courses) they are in. Joining a section writes both.
import type { Knex } from 'knex';
import type { CourseMembership } from '@application/ports/course-membership';
import type { Course, CourseMemberProfile, JoinedCourse, SectionBrief } from '@domain/course/course';
import { admitSections } from '@domain/course/section-quota';
import { CourseId, type UserId } from '@domain/ids';
import { catalogCourseColumns, toCatalogCourse, type CatalogCourseRow } from './catalog-course-row';
import { COURSE_COLUMNS, json, toCourse, type CourseRow } from './course-row';
import { memberProfileColumns, toMemberProfile, type MemberProfileRow } from './member-profile-row';
import { lockStudent } from './student-lock';

export class KnexCourseMembership implements CourseMembership {
  constructor(private readonly db: Knex) {}

  /** Counted per term under the student's lock, then written in the same transaction: all or none. */
  async joinSections(userId: UserId, sectionIds: CourseId[]): Promise<CourseId[]> {
    const wanted = [...new Set(sectionIds)];
    if (wanted.length === 0) return [];
    return this.db.transaction(async (trx) => {
      await lockStudent(trx, userId);
      const already = new Set<number>(
        await trx('section_members').where('user_id', userId).whereIn('section_id', wanted).pluck('section_id'),
      );
      const sections: { id: number; term: string; course_group_id: number }[] = await trx('courses')
        .whereIn(
          'id',
          wanted.filter((id) => !already.has(id)),
        )
        .select('id', 'term', 'course_group_id');
      const sectionOf = new Map(sections.map((s) => [s.id, s]));
      const fresh = wanted.filter((id) => sectionOf.has(id));
      if (fresh.length === 0) return [];
      const adding = new Map<string, number>();
      for (const id of fresh) adding.set(sectionOf.get(id)!.term, (adding.get(sectionOf.get(id)!.term) ?? 0) + 1);
      const counts: { term: string; n: string | number }[] = await trx('section_members as m')
        .join('courses as c', 'c.id', 'm.section_id')
        .where('m.user_id', userId)
        .whereIn('c.term', [...adding.keys()])
        .groupBy('c.term')
        .select('c.term', trx.raw('count(*) as n'));
      const inTerm = new Map(counts.map((row) => [row.term, Number(row.n)]));
      for (const [term, count] of adding) admitSections(term, inTerm.get(term) ?? 0, count);
      // One statement each, rows in the order given: join order (seq) follows it.
      const courseIds = [...new Set(fresh.map((id) => sectionOf.get(id)!.course_group_id))];
      await trx('course_members')
        .insert(courseIds.map((id) => ({ user_id: userId, course_id: id })))
        .onConflict(['course_id', 'user_id'])
        .ignore();
      await trx('section_members')
        .insert(fresh.map((id) => ({ user_id: userId, section_id: id })))
        .onConflict(['section_id', 'user_id'])
        .ignore();
      return fresh.map(CourseId);
    });
  }

  async joinCourse(userId: UserId, courseId: CourseId): Promise<void> {
    await this.db('course_members').insert({ user_id: userId, course_id: courseId }).onConflict(['course_id', 'user_id']).ignore();
  }

  async leaveSection(userId: UserId, sectionId: CourseId): Promise<void> {
    await this.db('section_members').where({ user_id: userId, section_id: sectionId }).delete();
  }

  async leaveCourse(userId: UserId, courseId: CourseId): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('section_members')
        .where('user_id', userId)
        .whereIn('section_id', trx('courses').select('id').where('course_group_id', courseId))
        .delete();
      await trx('course_members').where({ user_id: userId, course_id: courseId }).delete();
    });
  }

  async isMember(userId: UserId, courseId: CourseId): Promise<boolean> {
    const row = await this.db('course_members').select(this.db.raw('1')).where({ user_id: userId, course_id: courseId }).first();
    return Boolean(row);
  }

  async sectionIdsIn(userId: UserId, courseId: CourseId): Promise<CourseId[]> {
    const ids: number[] = await this.db('section_members as m')
      .join('courses as c', 'c.id', 'm.section_id')
      .where({ 'm.user_id': userId, 'c.course_group_id': courseId })
      .orderBy('m.seq')
      .pluck('m.section_id');
    return ids.map(CourseId);
  }

  async sectionsIn(userId: UserId, courseId: CourseId): Promise<Course[]> {
    const rows: CourseRow[] = await this.db('section_members as m')
      .join('courses', 'courses.id', 'm.section_id')
      .where({ 'm.user_id': userId, 'courses.course_group_id': courseId })
      .orderBy('m.seq')
      .select(COURSE_COLUMNS.map((c) => `courses.${c}`));
    return rows.map(toCourse);
  }

  async sectionIdsOf(userId: UserId): Promise<{ id: CourseId; courseId: CourseId }[]> {
    const rows: { id: number; course_id: number }[] = await this.db('section_members as m')
      .join('courses as c', 'c.id', 'm.section_id')
      .where('m.user_id', userId)
      .orderBy('m.seq')
      .select('m.section_id as id', 'c.course_group_id as course_id');
    return rows.map((r) => ({ id: CourseId(r.id), courseId: CourseId(r.course_id) }));
  }

  async coursesOf(userId: UserId): Promise<JoinedCourse[]> {
    const [courses, sections] = await Promise.all([
      this.db('course_members as m')
        .join('catalog_courses as g', 'g.id', 'm.course_id')
        .where('m.user_id', userId)
        .orderBy('m.seq')
        .select(catalogCourseColumns('g')) as Promise<CatalogCourseRow[]>,
      this.db('section_members as m')
        .join('courses', 'courses.id', 'm.section_id')
        .where('m.user_id', userId)
        .orderBy('m.seq')
        .select(COURSE_COLUMNS.map((c) => `courses.${c}`)) as Promise<CourseRow[]>,
    ]);
    const byCourse = new Map<number, Course[]>();
    for (const row of sections) byCourse.set(row.course_group_id, [...(byCourse.get(row.course_group_id) ?? []), toCourse(row)]);
    return courses.map((row) => ({ course: toCatalogCourse(row), sections: byCourse.get(row.id) ?? [] }));
  }

  async courseIdsOf(userId: UserId): Promise<CourseId[]> {
    const { rows }: { rows: { id: number }[] } = await this.db.raw(
      `select course_id as id from course_members where user_id = ?
       union all select section_id from section_members where user_id = ?
       order by id`,
      [userId, userId],
    );
    return rows.map((r) => CourseId(r.id));
  }

  async membersOf(courseId: CourseId): Promise<CourseMemberProfile[]> {
    const [members, sections] = await Promise.all([
      this.db('course_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('m.course_id', courseId)
        .orderBy('m.seq')
        .select(memberProfileColumns('u')) as Promise<MemberProfileRow[]>,
      this.db('section_members as m')
        .join('courses as c', 'c.id', 'm.section_id')
        .where('c.course_group_id', courseId)
        .orderBy('m.seq')
        .select('m.user_id', 'c.id', 'c.class_number', 'c.section', 'c.meet_times', 'c.sect_web', 'c.mode') as Promise<
        (Pick<CourseRow, 'id' | 'class_number' | 'section' | 'meet_times' | 'sect_web' | 'mode'> & { user_id: number })[]
      >,
    ]);
    const byStudent = new Map<number, SectionBrief[]>();
    for (const row of sections) {
      const brief: SectionBrief = {
        id: CourseId(row.id),
        classNumber: row.class_number,
        section: row.section,
        meetTimes: json(row.meet_times),
        sectWeb: row.sect_web,
        mode: row.mode,
      };
      byStudent.set(row.user_id, [...(byStudent.get(row.user_id) ?? []), brief]);
    }
    return members.map((row) => ({ ...toMemberProfile(row), sections: byStudent.get(row.id) ?? [] }));
  }
}
