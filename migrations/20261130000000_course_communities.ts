// One community per course (issue 24): a course (term, code and name: a row
// of catalog_courses) is what students join, talk in and form groups under;
// its sections (rows of courses) are what their schedules are made of.
// - Courses and sections share one id space (courses_id_seq), so an id names
//   exactly one of them: every route that took a section's id keeps taking
//   it and resolves it to its course, and a course's own id works as well.
//   Existing courses are given fresh ids from that sequence.
// - course_members (sections) becomes section_members; course_members is the
//   course membership now, one row per student and course, joined when the
//   student first joined any of its sections, in that order.
// - Study groups (and the log of groups started) belong to the course.
// - A course carries its own description, credits and department (taken from
//   its first section), and whether its sections are published at all (a
//   course-level record of the catalog has none: "Sections for this term are
//   not in this catalog").
// The chat rooms of sections are merged into their courses' rooms by the
// next migration (and, for what Redis holds, by the archive projector).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Courses take their ids from the sections' sequence.
  await knex.raw('alter table courses drop constraint courses_course_group_id_foreign');
  await knex.raw(`create temporary table course_id_moves on commit drop as
                  select id as old_id, nextval('courses_id_seq')::int as new_id from catalog_courses order by id`);
  // Negated first: a new id may equal an old one not moved yet.
  await knex.raw('update catalog_courses set id = -id');
  await knex.raw('update catalog_courses g set id = m.new_id from course_id_moves m where g.id = -m.old_id');
  await knex.raw('update courses c set course_group_id = m.new_id from course_id_moves m where c.course_group_id = m.old_id');
  await knex.raw(`alter table catalog_courses alter column id set default nextval('courses_id_seq')`);
  await knex.raw('drop sequence if exists catalog_courses_id_seq');
  await knex.raw(
    'alter table courses add constraint courses_course_group_id_foreign foreign key (course_group_id) references catalog_courses (id)',
  );

  await knex.schema.alterTable('catalog_courses', (t) => {
    t.text('description').notNullable().defaultTo('');
    t.string('credits', 20).notNullable().defaultTo('');
    t.string('department', 200).notNullable().defaultTo('');
    // False for a course the catalog lists without its sections.
    t.boolean('sections_published').notNullable().defaultTo(true);
  });
  await knex.raw(`
    update catalog_courses g set description = s.description, credits = s.credits, department = s.department
    from (select distinct on (course_group_id) course_group_id, description, credits, department
          from courses order by course_group_id, withdrawn_at nulls first, class_number) s
    where s.course_group_id = g.id`);

  // Section membership keeps its rows under its own name.
  await knex.raw('alter table course_members rename to section_members');
  await knex.raw('alter table section_members rename column course_id to section_id');
  await knex.raw('alter table section_members rename constraint course_members_pkey to section_members_pkey');
  await knex.raw('alter table section_members rename constraint course_members_course_id_foreign to section_members_section_id_foreign');
  await knex.raw('alter table section_members rename constraint course_members_user_id_foreign to section_members_user_id_foreign');
  await knex.raw('alter index course_members_user_id rename to section_members_user_id');
  await knex.raw('alter sequence course_members_seq_seq rename to section_members_seq_seq');

  await knex.schema.createTable('course_members', (t) => {
    t.integer('course_id').notNullable().references('catalog_courses.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('joined_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigIncrements('seq', { primaryKey: false });
    t.primary(['course_id', 'user_id']);
    t.index(['user_id'], 'course_members_user_id');
  });
  await knex.raw(`
    insert into course_members (course_id, user_id, joined_at)
    select c.course_group_id, m.user_id, min(m.joined_at)
    from section_members m join courses c on c.id = m.section_id
    group by c.course_group_id, m.user_id
    order by min(m.seq)`);

  for (const table of ['study_groups', 'study_group_creations']) {
    await knex.raw(`alter table ${table} drop constraint ${table}_course_id_foreign`);
    await knex.raw(`update ${table} x set course_id = c.course_group_id from courses c where c.id = x.course_id`);
    await knex.raw(
      `alter table ${table} add constraint ${table}_course_id_foreign foreign key (course_id) references catalog_courses (id) on delete cascade`,
    );
  }
}

export async function down(): Promise<void> {
  throw new Error('One room per course cannot be undone: merged rooms and memberships have no section to go back to.');
}
