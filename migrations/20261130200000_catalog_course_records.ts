// The whole catalog listed (issue 24): a course-level record of the catalog
// (a course of one term whose sections are not in the catalog: the shipped
// snapshot has thousands) is a course of its own, found and listed like one
// with sections.
// - catalog_courses.search_text: what the search box looks through on a
//   course without sections (code, name and department, lower-cased, as
//   domain/course/course-search.ts courseSearchTextOf writes it), with a
//   trigram index as courses.search_text has. The index holds the courses
//   without published sections only: a course with sections is found through
//   them, so the box's words need not look through the others.
// - The listing indexes cover every listed course: one with sections on offer,
//   or one whose sections are not published (sections_published false: it has
//   none). A course whose sections were all withdrawn stays unlisted.
import type { Knex } from 'knex';

/** Listed: what KnexCourseCatalog.listed asks (written the same way, so the planner matches the partial indexes). */
const LISTED = '(active_sections > 0 or not sections_published)';

async function listingIndexes(knex: Knex, predicate: string): Promise<void> {
  await knex.raw('drop index if exists catalog_courses_listing');
  await knex.raw('drop index if exists catalog_courses_term_listing');
  // As before: in the listing's byte order ("C"), so they serve it without a sort.
  await knex.raw(
    `create index catalog_courses_listing on catalog_courses (course_number collate "C", name collate "C", term_rank desc, id) where ${predicate}`,
  );
  await knex.raw(
    `create index catalog_courses_term_listing on catalog_courses (term_rank, course_number collate "C", name collate "C", id) where ${predicate}`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('catalog_courses', (t) => {
    t.text('search_text').notNullable().defaultTo('');
  });
  await knex.raw(`update catalog_courses set search_text = lower(course_number || ' ' || name || ' ' || department)`);
  await knex.raw(
    'create index catalog_courses_search_text_trgm on catalog_courses using gin (search_text gin_trgm_ops) where not sections_published',
  );
  await listingIndexes(knex, LISTED);
}

export async function down(knex: Knex): Promise<void> {
  // Courses without sections drop out of the listing again (their rows stay).
  await listingIndexes(knex, 'active_sections > 0');
  await knex.raw('drop index if exists catalog_courses_search_text_trgm');
  await knex.schema.alterTable('catalog_courses', (t) => {
    t.dropColumn('search_text');
  });
}
