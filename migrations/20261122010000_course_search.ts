// Course search on the full catalog: a sortable term rank, and trigram indexes
// so that name words and code fragments match anywhere without a full scan.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.schema.alterTable('courses', (t) => {
    t.integer('term_rank').notNullable().defaultTo(0);
  });
  await knex.raw('create index courses_name_trgm on courses using gin (lower(name) gin_trgm_ops)');
  await knex.raw('create index courses_course_number_trgm on courses using gin (course_number gin_trgm_ops)');
  await knex.raw('create index courses_listing_order on courses (course_number, name, term_rank desc, class_number, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists courses_listing_order');
  await knex.raw('drop index if exists courses_course_number_trgm');
  await knex.raw('drop index if exists courses_name_trgm');
  await knex.schema.alterTable('courses', (t) => t.dropColumn('term_rank'));
}
