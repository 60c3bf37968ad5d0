// The catalog in memory, for unit tests: its reads and its writes in one object.
import type { CourseCatalog, CoursePage } from '@application/ports/course-catalog';
import type { CourseCatalogWriter, UpsertCounts, WriteOptions } from '@application/ports/course-catalog-writer';
import type { CatalogCourse, CatalogEntry, Course } from '@domain/course/course';
import {
  clampPage,
  compareGroups,
  groupKey,
  matchesQuery,
  PAGE_SIZE,
  pageCount,
  type CourseGroup,
  type CourseQuery,
} from '@domain/course/course-search';
import { newestTermsFirst } from '@domain/course/term';
import { CourseId } from '@domain/ids';

type Stored = Course & { source: string };

export class InMemoryCourseCatalog implements CourseCatalog, CourseCatalogWriter {
  private courses: Stored[] = [];
  /** The courses (term, code, name) of the sections, by groupKey; ids from the sections' counter (one id space). */
  private readonly catalogCourses = new Map<string, CatalogCourse>();
  private lastId = 0;

  async search(query: CourseQuery, requestedPage: number): Promise<CoursePage> {
    const groups = this.matchingGroups(query);
    const page = clampPage(requestedPage, pageCount(groups.length));
    const start = (page - 1) * PAGE_SIZE;
    return { courses: groups.slice(start, start + PAGE_SIZE), total: groups.length, page };
  }

  async count(query: CourseQuery): Promise<number> {
    return this.matchingGroups(query).length;
  }

  private matchingGroups(query: CourseQuery): CourseGroup[] {
    const groups = new Map<string, CourseGroup>();
    for (const course of this.courses.filter((c) => matchesQuery(c, query))) {
      const key = groupKey(course);
      const group = groups.get(key) ?? {
        term: course.term,
        courseNumber: course.courseNumber,
        name: course.name,
        description: '',
        sections: [],
      };
      group.sections.push(copy(course));
      groups.set(key, group);
    }
    const sorted = [...groups.values()].sort((a, b) => compareGroups(a, b, query));
    // A card shows its first section's description.
    for (const group of sorted) {
      group.sections.sort((a, b) => a.classNumber - b.classNumber);
      group.description = group.sections[0].description;
    }
    return sorted;
  }

  async courseSections(id: CourseId, query: CourseQuery): Promise<Course[] | null> {
    const named = await this.findCourse(id);
    if (!named) return null;
    return this.courses
      .filter((c) => groupKey(c) === groupKey(named.course) && matchesQuery(c, query))
      .sort((a, b) => a.classNumber - b.classNumber)
      .map(copy);
  }

  async findById(id: number): Promise<Course | null> {
    const course = this.courses.find((c) => c.id === id);
    return course ? copy(course) : null;
  }

  async findCourse(id: CourseId): Promise<{ course: CatalogCourse; section: Course | null } | null> {
    const section = this.courses.find((c) => c.id === id) ?? null;
    const course = section ? this.catalogCourses.get(groupKey(section)) : [...this.catalogCourses.values()].find((c) => c.id === id);
    if (!course) return null;
    const sections = this.courses.filter((c) => groupKey(c) === groupKey(course));
    const first = [...sections].sort((a, b) => a.classNumber - b.classNumber)[0];
    return {
      course: {
        ...course,
        description: first?.description ?? course.description,
        credits: first?.credits ?? course.credits,
        department: first?.department ?? course.department,
        sectionsOnOffer: sections.filter((c) => !c.withdrawn).length,
      },
      section: section ? copy(section) : null,
    };
  }

  async findByClassNumbers(term: string, classNumbers: number[]): Promise<Course[]> {
    return this.courses
      .filter((c) => c.term === term && classNumbers.includes(c.classNumber) && !c.withdrawn)
      .sort((a, b) => a.classNumber - b.classNumber)
      .map(copy);
  }

  async terms(): Promise<string[]> {
    return newestTermsFirst([...new Set(this.courses.filter((c) => !c.withdrawn).map((c) => c.term))]);
  }

  async upsert(entries: CatalogEntry[], options: WriteOptions = {}): Promise<UpsertCounts> {
    return this.write(options.dryRun, () => {
      const counts = { inserted: 0, updated: 0, unchanged: 0 };
      const source = options.source ?? '';
      for (const entry of entries) {
        const existing = this.courses.find((c) => c.term === entry.term && c.classNumber === entry.classNumber);
        const next = { ...copy(entry), withdrawn: false, source };
        if (!existing) {
          const key = groupKey(entry);
          if (!this.catalogCourses.has(key))
            this.catalogCourses.set(key, {
              id: CourseId(++this.lastId),
              term: entry.term,
              courseNumber: entry.courseNumber,
              name: entry.name,
              description: entry.description,
              credits: entry.credits,
              department: entry.department,
              ufCourseId: entry.ufCourseId,
              sectionsOnOffer: 0,
              sectionsPublished: true,
            });
          this.courses.push({ ...next, id: CourseId(++this.lastId), courseId: this.catalogCourses.get(key)!.id });
          counts.inserted += 1;
        } else if (same(existing, next)) {
          counts.unchanged += 1;
        } else {
          Object.assign(existing, next);
          counts.updated += 1;
        }
      }
      return counts;
    });
  }

  async missingSections(term: string, source: string, present: number[]): Promise<{ listed: number; missing: number }> {
    const listed = this.courses.filter((c) => c.term === term && c.source === source && !c.withdrawn);
    return { listed: listed.length, missing: listed.filter((c) => !present.includes(c.classNumber)).length };
  }

  async withdrawMissing(term: string, source: string, present: number[], options: Pick<WriteOptions, 'dryRun'> = {}): Promise<number> {
    return this.write(options.dryRun, () => {
      const gone = this.courses.filter((c) => c.term === term && c.source === source && !c.withdrawn && !present.includes(c.classNumber));
      for (const course of gone) course.withdrawn = true;
      return gone.length;
    });
  }

  /** A dry run works on a copy and puts the original back. */
  private write<T>(dryRun: boolean | undefined, work: () => T): T {
    if (!dryRun) return work();
    const saved = structuredClone(this.courses);
    try {
      return work();
    } finally {
      this.courses = saved;
    }
  }
}

const copy = <T extends object>(value: T): T => {
  const { source: _source, ...rest } = structuredClone(value) as T & { source?: string };
  return rest as T;
};

function same(course: Stored, next: Omit<Stored, 'id' | 'courseId'>): boolean {
  return (Object.keys(next) as (keyof typeof next)[]).every((key) => JSON.stringify(course[key]) === JSON.stringify(next[key]));
}
