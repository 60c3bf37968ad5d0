import type { CourseCatalog, CoursePage, UpsertCounts } from '../../application/ports/course-catalog';
import type { CatalogEntry, Course } from '../../domain/course/course';
import { clampPage, compareForQuery, matchesQuery, PAGE_SIZE, pageCount, type CourseQuery } from '../../domain/course/course-search';
import { newestTermsFirst } from '../../domain/course/term';

export class InMemoryCourseCatalog implements CourseCatalog {
  private readonly courses: Course[] = [];

  async search(query: CourseQuery, requestedPage: number): Promise<CoursePage> {
    const matches = this.courses.filter((c) => matchesQuery(c, query)).sort((a, b) => compareForQuery(a, b, query));
    const page = clampPage(requestedPage, pageCount(matches.length));
    const start = (page - 1) * PAGE_SIZE;
    return { courses: matches.slice(start, start + PAGE_SIZE).map(copy), total: matches.length, page };
  }

  async count(query: CourseQuery): Promise<number> {
    return this.courses.filter((c) => matchesQuery(c, query)).length;
  }

  async findById(id: number): Promise<Course | null> {
    const course = this.courses.find((c) => c.id === id);
    return course ? copy(course) : null;
  }

  async terms(): Promise<string[]> {
    return newestTermsFirst([...new Set(this.courses.map((c) => c.term))]);
  }

  async upsert(entries: CatalogEntry[]): Promise<UpsertCounts> {
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    for (const entry of entries) {
      const existing = this.courses.find((c) => c.term === entry.term && c.classNumber === entry.classNumber);
      if (!existing) {
        this.courses.push({ ...copy(entry), id: this.courses.length + 1 });
        counts.inserted += 1;
      } else if (sameEntry(existing, entry)) {
        counts.unchanged += 1;
      } else {
        Object.assign(existing, copy(entry));
        counts.updated += 1;
      }
    }
    return counts;
  }
}

const copy = <T extends object>(value: T): T => structuredClone(value);

function sameEntry(course: Course, entry: CatalogEntry): boolean {
  return (Object.keys(entry) as (keyof CatalogEntry)[]).every(
    (key) => JSON.stringify(course[key]) === JSON.stringify(entry[key]),
  );
}
