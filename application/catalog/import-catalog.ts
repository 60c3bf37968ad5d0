// Loads catalog records in batches: sections are upserted by (term, class
// number), course-level records (kind "course": a course the catalog lists,
// with or without sections) by (term, code, name); invalid ones are reported
// with their line number and reason.
import { isCourseRecord, parseCatalogRecord, parseCourseRecord } from '@domain/course/catalog-record';
import type { CatalogCourseEntry, CatalogEntry } from '@domain/course/course';
import type { CourseCatalogWriter, UpsertCounts } from '@application/ports/course-catalog-writer';

export interface SourceRecord {
  line: number;
  /** The parsed JSON, or an Error when the line is not JSON. */
  value: unknown;
}

export interface ImportSummary {
  /** Records read: sections, course-level records and rejected lines. */
  read: number;
  /** Sections. */
  inserted: number;
  updated: number;
  unchanged: number;
  /** Courses of course-level records. */
  courses: UpsertCounts;
  rejected: { line: number; reason: string }[];
}

const BATCH = 500;

export class ImportCatalog {
  constructor(private readonly catalog: CourseCatalogWriter) {}

  async execute(records: AsyncIterable<SourceRecord>, onProgress?: (summary: ImportSummary) => void): Promise<ImportSummary> {
    const summary: ImportSummary = {
      read: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      courses: { inserted: 0, updated: 0, unchanged: 0 },
      rejected: [],
    };
    // Within one batch the last record for a (term, class number), or a course, wins, as it would row by row.
    let sections = new Map<string, CatalogEntry>();
    let courses = new Map<string, CatalogCourseEntry>();
    const flushSections = async () => {
      if (sections.size === 0) return;
      const counts = await this.catalog.upsert([...sections.values()]);
      summary.inserted += counts.inserted;
      summary.updated += counts.updated;
      summary.unchanged += counts.unchanged;
      sections = new Map();
      onProgress?.(summary);
    };
    const flushCourses = async () => {
      if (courses.size === 0) return;
      const counts = await this.catalog.upsertCourses([...courses.values()]);
      summary.courses.inserted += counts.inserted;
      summary.courses.updated += counts.updated;
      summary.courses.unchanged += counts.unchanged;
      courses = new Map();
      onProgress?.(summary);
    };
    for await (const record of records) {
      summary.read += 1;
      if (record.value instanceof Error) {
        summary.rejected.push({ line: record.line, reason: `not valid JSON: ${record.value.message}` });
        continue;
      }
      if (isCourseRecord(record.value)) {
        const result = parseCourseRecord(record.value);
        if (!result.ok) {
          summary.rejected.push({ line: record.line, reason: result.reason });
          continue;
        }
        const { term, courseNumber, name } = result.course;
        courses.set(`${term}|${courseNumber}|${name}`, result.course);
        if (courses.size >= BATCH) await flushCourses();
        continue;
      }
      const result = parseCatalogRecord(record.value);
      if (!result.ok) {
        summary.rejected.push({ line: record.line, reason: result.reason });
        continue;
      }
      const key = `${result.entry.term}|${result.entry.classNumber}`;
      sections.set(key, result.entry);
      if (sections.size >= BATCH) await flushSections();
    }
    // Courses first: a course record and the sections of its course may share the last batches, and either order gives the same catalog.
    await flushCourses();
    await flushSections();
    const wrote = summary.inserted + summary.updated + summary.courses.inserted + summary.courses.updated;
    if (wrote > 0) await this.catalog.tidy();
    return summary;
  }
}
