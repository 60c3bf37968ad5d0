// A course's groups are listed a page at a time, oldest first, after the last
// id the page before showed (keyset paging): an index on (course_id, id)
// reads exactly one page and its order, where the index on course_id alone
// read and sorted every group of the course. It replaces that index, which
// it covers.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index study_groups_course_id_id on study_groups (course_id, id)');
  await knex.raw('drop index if exists study_groups_course_id');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index study_groups_course_id on study_groups (course_id)');
  await knex.raw('drop index if exists study_groups_course_id_id');
}
