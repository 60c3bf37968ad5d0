// The catalog's reads and writes as one object, for tests that fill a catalog
// and read it back; the Knex pair wired as the composition root wires it (a
// write has the reads forget the totals they remember).
import type { Knex } from 'knex';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseCatalogWriter } from '@application/ports/course-catalog-writer';
import { KnexCourseCatalog } from '@adapters/postgres/knex-course-catalog';
import { KnexCourseCatalogWriter } from '@adapters/postgres/knex-course-catalog-writer';

/** Both ports of the catalog: what the catalog tests and the worlds of other features fill and read. */
export type CatalogStore = CourseCatalog & CourseCatalogWriter;

export function knexCatalog(db: Knex): CatalogStore {
  const reads = new KnexCourseCatalog(db);
  return catalogStore(reads, new KnexCourseCatalogWriter(db, () => reads.forgetTotals()));
}

/** The two ports as one object (a running server's: resolve(TOKENS.CourseCatalog) and resolve(TOKENS.CourseCatalogWriter)). */
export function catalogStore(reads: CourseCatalog, writer: CourseCatalogWriter): CatalogStore {
  return {
    search: (query, page) => reads.search(query, page),
    count: (query) => reads.count(query),
    courseSections: (sectionId, query) => reads.courseSections(sectionId, query),
    findById: (id) => reads.findById(id),
    findCourse: (id) => reads.findCourse(id),
    findByClassNumbers: (term, classNumbers) => reads.findByClassNumbers(term, classNumbers),
    terms: () => reads.terms(),
    upsert: (entries, options) => writer.upsert(entries, options),
    upsertCourses: (records, options) => writer.upsertCourses(records, options),
    missingSections: (term, source, present) => writer.missingSections(term, source, present),
    withdrawMissing: (term, source, present, options) => writer.withdrawMissing(term, source, present, options),
    tidy: () => writer.tidy(),
  };
}
