// The migration that makes a course (not a section) the community (issue 24),
// on data written the way the version before it wrote it: catalog courses and
// sections counted apart (the same numbers name both), students in sections,
// study groups and the log of groups started under sections. After it the two
// share one id space, each student is in the course of every section they
// were in (joined when they joined its first), their sections stay theirs,
// and every group belongs to its section's course.
import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { insertUser } from '@tests/support/chat-fixtures';
import { describeMigration } from '@tests/support/migration-databases';

const T = Date.UTC(2025, 8, 1);

describeMigration('course communities migration', '20261130000000_course_communities', (database) => {
  let db: Knex;
  const users: Record<'ana' | 'ben' | 'cy', number> = { ana: 0, ben: 0, cy: 0 };
  const section: Record<'a1' | 'a2' | 'b1', number> = { a1: 0, a2: 0, b1: 0 };
  const groups: Record<'inA1' | 'inA2' | 'inB1', number> = { inA1: 0, inA2: 0, inB1: 0 };
  const courseOf = async (sectionId: number): Promise<number> =>
    (await db('courses').where({ id: sectionId }).first('course_group_id')).course_group_id;

  beforeAll(async () => {
    db = database();
    for (const name of Object.keys(users) as (keyof typeof users)[]) users[name] = (await insertUser(db, name)).id;
    let classNumber = 20_000;
    for (const entry of [
      { code: 'COP3502C', name: 'Programming Fundamentals 1', sections: ['a1', 'a2'] as const, credits: '3' },
      { code: 'MAC2311', name: 'Analytic Geometry and Calculus 1', sections: ['b1'] as const, credits: '4' },
    ]) {
      const [course] = await db('catalog_courses')
        .insert({
          term: 'Fall 2025',
          term_rank: 20258,
          course_number: entry.code,
          name: entry.name,
          active_sections: entry.sections.length,
        })
        .returning('id');
      for (const name of entry.sections)
        section[name] = (
          await db('courses')
            .insert({
              term: 'Fall 2025',
              class_number: (classNumber += 1),
              course_number: entry.code,
              name: entry.name,
              description: `${entry.name}, section ${name}`,
              credits: entry.credits,
              department: 'Engineering',
              section: name.toUpperCase(),
              course_group_id: course.id,
            })
            .returning('id')
        )[0].id;
    }
    // Counted apart until now: a course's id is also a section's.
    expect((await db('catalog_courses').pluck('id')).some((id: number) => Object.values(section).includes(id))).toBe(true);
    // Ana joined a2 before a1; Ben a1; Cy b1 then a2.
    for (const [name, who, minutes] of [
      ['a2', 'ana', 1],
      ['a1', 'ben', 2],
      ['b1', 'cy', 3],
      ['a1', 'ana', 4],
      ['a2', 'cy', 5],
    ] as const)
      await db('course_members').insert({ course_id: section[name], user_id: users[who], joined_at: new Date(T + minutes * 60_000) });
    for (const [key, where, owner] of [
      ['inA1', 'a1', 'ben'],
      ['inA2', 'a2', 'ana'],
      ['inB1', 'b1', 'cy'],
    ] as const) {
      groups[key] = (
        await db('study_groups')
          .insert({ course_id: section[where], owner_id: users[owner], name: key, description: 'Sets' })
          .returning('id')
      )[0].id;
      await db('study_group_creations').insert({ user_id: users[owner], course_id: section[where], created_at: new Date(T) });
    }
    await db.migrate.up({ migrationSource });
  });

  it('gives courses ids no section has, and keeps every section under its course', async () => {
    const courseIds: number[] = await db('catalog_courses').pluck('id');
    const sectionIds: number[] = await db('courses').pluck('id');
    expect(courseIds.filter((id) => sectionIds.includes(id))).toEqual([]);
    expect(await courseOf(section.a1)).toBe(await courseOf(section.a2));
    const [a, b] = [await courseOf(section.a1), await courseOf(section.b1)];
    expect(await db('catalog_courses').where({ id: a }).first('course_number', 'description', 'credits', 'department')).toEqual({
      course_number: 'COP3502C',
      description: 'Programming Fundamentals 1, section a1',
      credits: '3',
      department: 'Engineering',
    });
    expect((await db('catalog_courses').where({ id: b }).first('course_number')).course_number).toBe('MAC2311');
    // New rows on either table draw from the one sequence.
    const [fresh] = await db('catalog_courses')
      .insert({ term: 'Fall 2025', term_rank: 20258, course_number: 'PHY2048', name: 'Physics 1' })
      .returning('id');
    expect([...courseIds, ...sectionIds]).not.toContain(fresh.id);
    await db('catalog_courses').where({ id: fresh.id }).delete();
  });

  it('keeps every section membership and puts each student in its course, once, in the order they first joined', async () => {
    const sections = await db('section_members').orderBy('seq').select('section_id', 'user_id');
    expect(sections.map((r) => [r.section_id, r.user_id])).toEqual([
      [section.a2, users.ana],
      [section.a1, users.ben],
      [section.b1, users.cy],
      [section.a1, users.ana],
      [section.a2, users.cy],
    ]);
    const [a, b] = [await courseOf(section.a1), await courseOf(section.b1)];
    const courses = await db('course_members').orderBy('seq').select('course_id', 'user_id', 'joined_at');
    expect(courses.map((r) => [r.course_id, r.user_id, new Date(r.joined_at).getTime()])).toEqual([
      [a, users.ana, T + 60_000],
      [a, users.ben, T + 120_000],
      [b, users.cy, T + 180_000],
      [a, users.cy, T + 300_000],
    ]);
  });

  it('moves every study group, and the log of groups started, to its course', async () => {
    const [a, b] = [await courseOf(section.a1), await courseOf(section.b1)];
    const moved = await db('study_groups').orderBy('id').select('id', 'course_id');
    expect(moved.map((g) => [g.id, g.course_id])).toEqual([
      [groups.inA1, a],
      [groups.inA2, a],
      [groups.inB1, b],
    ]);
    expect((await db('study_group_creations').orderBy('course_id').pluck('course_id')).sort()).toEqual([a, a, b].sort());
    // Groups now hang off the course: a course removed takes its groups.
    await expect(db('study_groups').insert({ course_id: section.a1, owner_id: users.ana, name: 'x', description: 'y' })).rejects.toThrow();
  });
});
