// The search box's words looked up per course, not per section: a narrow row
// for every listed course in catalog_course_search, with its search document
// and what ranking and paging read (adapters/postgres/course-search-rows.ts
// says what the document holds and why it matches as the sections do). The
// search counts and ranks matching courses on its trigram index instead of
// every matching section, and reads catalog_courses and courses only for the
// page it answers. The trigram indexes on the sections' and the courses' own
// search texts served only the search, and go.
import type { Knex } from 'knex';
import { COURSE_SEARCH_REFRESH } from '@adapters/postgres/course-search-rows';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalog_course_search', (t) => {
    t.integer('id').primary().references('catalog_courses.id').onDelete('CASCADE');
    t.integer('term_rank').notNullable();
    t.string('course_number', 20).notNullable();
    t.string('name', 300).notNullable();
    // Has published sections: then a search of several words checks that one section holds them all.
    t.boolean('sectioned').notNullable();
    t.text('doc').notNullable();
  });
  for (const statement of COURSE_SEARCH_REFRESH) await knex.raw(statement, [null, null]);
  await knex.raw('create index catalog_course_search_doc_trgm on catalog_course_search using gin (doc gin_trgm_ops)');
  await knex.raw('analyze catalog_course_search');
  await knex.raw('drop index if exists courses_search_text_trgm');
  await knex.raw('drop index if exists catalog_courses_search_text_trgm');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index courses_search_text_trgm on courses using gin (search_text gin_trgm_ops) where withdrawn_at is null');
  await knex.raw(
    'create index catalog_courses_search_text_trgm on catalog_courses using gin (search_text gin_trgm_ops) where not sections_published',
  );
  await knex.schema.dropTableIfExists('catalog_course_search');
}
