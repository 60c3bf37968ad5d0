// The search box's rows (table catalog_course_search, migration
// 20261207000000): one per listed course (sections on offer, or none
// published), with what ranking and paging read (code, name, term) and its
// search document: the distinct words of the search texts of its sections on
// offer (courses.search_text split on spaces), or, for a course without
// published sections, its own search text. A box word holds no space, so it
// is a substring of a section's search text exactly when it is a substring of
// a word of the document: a course's document matches a word when one of its
// sections on offer does. The migration fills the rows and the writer keeps
// them, both with the statements below.

/** Listed, on catalog_courses g: as KnexCourseCatalog's listing asks. */
const LISTED = '(g.active_sections > 0 or not g.sections_published)';

/** The search document of catalog_courses g (see above). */
const COURSE_SEARCH_DOCUMENT = `case when g.sections_published
  then coalesce((select string_agg(distinct w, ' ') from courses c cross join lateral string_to_table(c.search_text, ' ') as w
                 where c.course_group_id = g.id and c.withdrawn_at is null and w <> ''), '')
  else g.search_text end`;

/**
 * Brings the search rows of the courses given up to date: a listed course
 * has its row with its current document, any other none. Two statements, run
 * in order, each writing only what changed; both take the course ids as one
 * int[] parameter (null: every course), twice.
 */
export const COURSE_SEARCH_REFRESH = [
  `delete from catalog_course_search s using catalog_courses g
   where s.id = g.id and (?::int[] is null or g.id = any(?::int[])) and not ${LISTED}`,
  `insert into catalog_course_search as s (id, term_rank, course_number, name, sectioned, doc)
   select g.id, g.term_rank, g.course_number, g.name, g.sections_published, ${COURSE_SEARCH_DOCUMENT}
   from catalog_courses g
   where (?::int[] is null or g.id = any(?::int[])) and ${LISTED}
   on conflict (id) do update set term_rank = excluded.term_rank, sectioned = excluded.sectioned, doc = excluded.doc
   where (s.term_rank, s.sectioned, s.doc) is distinct from (excluded.term_rank, excluded.sectioned, excluded.doc)`,
];
