// Study-group limits: an owner's size limit per group (null: the default cap,
// which follows the code), and a log of the groups each student started, so
// that "groups started in a course in a day" counts groups deleted since.
// Rows older than a day are pruned by the student's next start.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('study_groups', (t) => {
    t.smallint('max_members');
    t.check('max_members is null or max_members >= 2', [], 'study_groups_max_members_range');
  });
  await knex.schema.createTable('study_group_creations', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'course_id', 'created_at'], 'study_group_creations_user_course');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('study_group_creations');
  await knex.schema.alterTable('study_groups', (t) => {
    t.dropChecks(['study_groups_max_members_range']);
    t.dropColumn('max_members');
  });
}
