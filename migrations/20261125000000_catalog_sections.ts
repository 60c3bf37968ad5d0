// The real UF catalog: every field a student uses to tell sections apart
// (credits range, meetings with building and room, delivery mode, dates, final
// exam, Gen Ed and writing attributes, UF's course id), a withdrawn mark (a
// section gone from UF stays for the students who joined it), the text the
// search box looks through, the courses (one per term, code and name) that
// search results group sections under, and the sync's resumable progress.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalog_courses', (t) => {
    t.increments('id').primary();
    t.string('term', 30).notNullable();
    t.integer('term_rank').notNullable();
    t.string('course_number', 20).notNullable();
    t.string('name', 300).notNullable();
    t.string('uf_course_id', 40).notNullable().defaultTo('');
    // Sections not withdrawn; a course with none is not listed. (Kept narrow: listings scan it; descriptions stay on the sections.)
    t.integer('active_sections').notNullable().defaultTo(0);
    t.unique(['term', 'course_number', 'name'], { indexName: 'catalog_courses_term_code_name_unique' });
  });
  // The listing orders by code and name in byte order ("C"), whatever the
  // database's collation, so these indexes serve it without a sort; the
  // second serves a listing of one term (term_rank is equated, so it drops out of the order).
  await knex.raw(
    `create index catalog_courses_listing on catalog_courses (course_number collate "C", name collate "C", term_rank desc, id) where active_sections > 0`,
  );
  await knex.raw(
    `create index catalog_courses_term_listing on catalog_courses (term_rank, course_number collate "C", name collate "C", id) where active_sections > 0`,
  );

  // The panel's Course Code and Course Name fields match the course, anywhere in its code or name.
  await knex.raw('create index catalog_courses_course_number_trgm on catalog_courses using gin (course_number gin_trgm_ops)');
  await knex.raw('create index catalog_courses_name_trgm on catalog_courses using gin (lower(name) gin_trgm_ops)');

  await knex.schema.alterTable('courses', (t) => {
    t.integer('course_group_id').references('catalog_courses.id');
    t.float('credits_min');
    t.float('credits_max');
    t.string('sect_web', 2).notNullable().defaultTo('');
    t.jsonb('meet_times').notNullable().defaultTo('[]');
    t.string('start_date', 10).notNullable().defaultTo('');
    t.string('end_date', 10).notNullable().defaultTo('');
    t.string('final_exam', 200).notNullable().defaultTo('');
    t.jsonb('gen_ed').notNullable().defaultTo('[]');
    t.jsonb('quest').notNullable().defaultTo('[]');
    t.string('writing', 10).notNullable().defaultTo('');
    t.string('uf_course_id', 40).notNullable().defaultTo('');
    // Who wrote the section: '' for a file import, 'uf-soc:CWSP' for a sync of that category (the scope of its withdrawals).
    t.string('source', 40).notNullable().defaultTo('');
    t.timestamp('withdrawn_at', { useTz: true });
    t.text('search_text').notNullable().defaultTo('');
  });

  // Existing sections: their courses, and the search text domain/course/course-search.ts (searchTextOf) writes from now on.
  await knex.raw(`
    insert into catalog_courses (term, term_rank, course_number, name)
    select distinct term, term_rank, course_number, name from courses`);
  await knex.raw(`
    update courses c set
      course_group_id = g.id,
      search_text = lower(c.course_number || ' ' || c.name || ' ' ||
        coalesce((select string_agg(value, ' ') from jsonb_array_elements_text(c.instructors)), '') || ' ' ||
        c.department || ' ' || c.class_number)
    from catalog_courses g
    where g.term = c.term and g.course_number = c.course_number and g.name = c.name`);
  await knex.raw(`update catalog_courses g set active_sections = (select count(*) from courses c where c.course_group_id = g.id)`);
  await knex.schema.alterTable('courses', (t) => {
    t.integer('course_group_id').notNullable().alter();
  });

  await knex.raw('create index courses_course_group on courses (course_group_id, class_number)');
  // The search box: every word is a substring of search_text, found through trigrams; withdrawn sections are never searched.
  await knex.raw('create index courses_search_text_trgm on courses using gin (search_text gin_trgm_ops) where withdrawn_at is null');
  // Listing is by course now (catalog_courses); the section-level listing index only cost writes.
  await knex.raw('drop index if exists courses_listing_order');

  await knex.schema.createTable('catalog_sync_runs', (t) => {
    t.increments('id').primary();
    t.string('term', 30).notNullable();
    t.string('category', 10).notNullable();
    // Where an interrupted run continues: the last control number UF answered with.
    t.integer('next_control_number').notNullable().defaultTo(0);
    t.integer('pages').notNullable().defaultTo(0);
    t.jsonb('counts').notNullable().defaultTo('{}');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw('create unique index catalog_sync_runs_unfinished on catalog_sync_runs (term, category) where finished_at is null');
  // The class numbers a run has seen so far: what a resumed run needs to tell withdrawn sections at the end.
  await knex.schema.createTable('catalog_sync_seen', (t) => {
    t.integer('run_id').notNullable().references('catalog_sync_runs.id').onDelete('CASCADE');
    t.integer('class_number').notNullable();
    t.primary(['run_id', 'class_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('catalog_sync_seen');
  await knex.schema.dropTableIfExists('catalog_sync_runs');
  await knex.raw('drop index if exists courses_search_text_trgm');
  await knex.raw('drop index if exists courses_course_group');
  await knex.schema.alterTable('courses', (t) => {
    for (const column of [
      'course_group_id',
      'credits_min',
      'credits_max',
      'sect_web',
      'meet_times',
      'start_date',
      'end_date',
      'final_exam',
      'gen_ed',
      'quest',
      'writing',
      'uf_course_id',
      'source',
      'withdrawn_at',
      'search_text',
    ]) {
      t.dropColumn(column);
    }
  });
  await knex.schema.dropTableIfExists('catalog_courses');
  await knex.raw('create index courses_listing_order on courses (course_number, name, term_rank desc, class_number, id)');
}
