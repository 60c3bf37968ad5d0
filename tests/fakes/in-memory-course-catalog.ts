// The catalog in memory, for unit tests: its reads and its writes in one object.
// Sections and courses (catalog_courses) take their ids from one sequence, as
// they do in the database; a course written from a course-level record alone
// is listed without sections until sections of it are written.
import type { CourseCatalog, CoursePage } from '@application/ports/course-catalog';
import type { CourseCatalogWriter, UpsertCounts, WriteOptions } from '@application/ports/course-catalog-writer';
import type { CatalogCourse, CatalogCourseEntry, CatalogEntry, Course } from '@domain/course/course';
import {
  clampPage,
  compareGroups,
  groupKey,
  matchesCourseQuery,
  matchesQuery,
  PAGE_SIZE,
  pageCount,
  type CourseGroup,
  type CourseQuery,
} from '@domain/course/course-search';
import { newestTermsFirst } from '@domain/course/term';
import { CourseId } from '@domain/ids';

type StoredSection = Course & { source: string };
/** A course's row: its count of sections on offer is counted when read. */
type StoredCourse = Omit<CatalogCourse, 'sectionsOnOffer'>;

interface State {
  sections: StoredSection[];
  courses: StoredCourse[];
  nextId: number;
}

export class InMemoryCourseCatalog implements CourseCatalog, CourseCatalogWriter {
  private state: State = { sections: [], courses: [], nextId: 1 };

  async search(query: CourseQuery, requestedPage: number): Promise<CoursePage> {
    const groups = this.matchingGroups(query);
    const page = clampPage(requestedPage, pageCount(groups.length));
    const start = (page - 1) * PAGE_SIZE;
    return { courses: groups.slice(start, start + PAGE_SIZE), total: groups.length, page };
  }

  async count(query: CourseQuery): Promise<number> {
    return this.matchingGroups(query).length;
  }

  /** Courses with matching sections, and courses without sections matching on their own. */
  private matchingGroups(query: CourseQuery): CourseGroup[] {
    const groups = new Map<CourseId, CourseGroup>();
    for (const section of this.state.sections.filter((s) => matchesQuery(s, query))) {
      const group = groups.get(section.courseId) ?? { ...this.courseView(this.courseById(section.courseId)), sections: [] };
      group.sections.push(copy(section));
      groups.set(section.courseId, group);
    }
    for (const course of this.state.courses) {
      const view = this.courseView(course);
      if (matchesCourseQuery(view, query)) groups.set(course.id, { ...view, sections: [] });
    }
    const sorted = [...groups.values()].sort((a, b) => compareGroups(a, b, query) || a.id - b.id);
    for (const group of sorted) group.sections.sort((a, b) => a.classNumber - b.classNumber);
    return sorted;
  }

  private courseById(id: CourseId): StoredCourse {
    const course = this.state.courses.find((c) => c.id === id);
    if (!course) throw new Error(`no course ${id}`);
    return course;
  }

  private courseView(course: StoredCourse): CatalogCourse {
    const sectionsOnOffer = this.state.sections.filter((s) => s.courseId === course.id && !s.withdrawn).length;
    return { ...structuredClone(course), sectionsOnOffer };
  }

  async courseSections(id: CourseId, query: CourseQuery): Promise<Course[] | null> {
    const named = await this.findCourse(id);
    if (!named) return null;
    return this.state.sections
      .filter((c) => c.courseId === named.course.id && matchesQuery(c, query))
      .sort((a, b) => a.classNumber - b.classNumber)
      .map(copy);
  }

  async findById(id: number): Promise<Course | null> {
    const section = this.state.sections.find((c) => c.id === id);
    return section ? copy(section) : null;
  }

  async findCourse(id: CourseId): Promise<{ course: CatalogCourse; section: Course | null } | null> {
    const section = this.state.sections.find((s) => s.id === id);
    const course = this.state.courses.find((c) => c.id === (section ? section.courseId : id));
    return course ? { course: this.courseView(course), section: section ? copy(section) : null } : null;
  }

  async findByClassNumbers(term: string, classNumbers: number[]): Promise<Course[]> {
    return this.state.sections
      .filter((c) => c.term === term && classNumbers.includes(c.classNumber) && !c.withdrawn)
      .sort((a, b) => a.classNumber - b.classNumber)
      .map(copy);
  }

  /** Terms with sections on offer or with courses listed without sections. */
  async terms(): Promise<string[]> {
    const listed = [
      ...this.state.sections.filter((s) => !s.withdrawn).map((s) => s.term),
      ...this.state.courses.filter((c) => !c.sectionsPublished).map((c) => c.term),
    ];
    return newestTermsFirst([...new Set(listed)]);
  }

  async upsert(entries: CatalogEntry[], options: WriteOptions = {}): Promise<UpsertCounts> {
    return this.write(options.dryRun, (state) => {
      const counts = { inserted: 0, updated: 0, unchanged: 0 };
      const source = options.source ?? '';
      const touched = new Set<CourseId>();
      for (const entry of entries) {
        const course = this.sectionCourse(state, entry);
        touched.add(course.id);
        const existing = state.sections.find((c) => c.term === entry.term && c.classNumber === entry.classNumber);
        const next = { ...copy(entry), withdrawn: false, source, courseId: course.id };
        if (!existing) {
          state.sections.push({ ...next, id: CourseId(state.nextId++) });
          counts.inserted += 1;
        } else if (same(existing, next)) {
          counts.unchanged += 1;
        } else {
          touched.add(existing.courseId);
          Object.assign(existing, next);
          counts.updated += 1;
        }
      }
      for (const id of touched) refreshFromSections(state, id);
      return counts;
    });
  }

  /** The course of a section, created (published) when new; a course of a course-level record is published from now on. */
  private sectionCourse(state: State, entry: CatalogEntry): StoredCourse {
    const existing = state.courses.find((c) => groupKey(c) === groupKey(entry));
    if (existing) {
      existing.sectionsPublished = true;
      if (entry.ufCourseId) existing.ufCourseId = entry.ufCourseId;
      return existing;
    }
    const course: StoredCourse = {
      id: CourseId(state.nextId++),
      term: entry.term,
      courseNumber: entry.courseNumber,
      name: entry.name,
      description: '',
      credits: '',
      department: '',
      ufCourseId: entry.ufCourseId,
      sectionsPublished: true,
    };
    state.courses.push(course);
    return course;
  }

  async upsertCourses(records: CatalogCourseEntry[], options: Pick<WriteOptions, 'dryRun'> = {}): Promise<UpsertCounts> {
    return this.write(options.dryRun, (state) => {
      const counts = { inserted: 0, updated: 0, unchanged: 0 };
      const byKey = new Map(records.map((r) => [groupKey(r), r]));
      for (const record of byKey.values()) {
        const existing = state.courses.find((c) => groupKey(c) === groupKey(record));
        if (!existing) {
          state.courses.push({ ...structuredClone(record), id: CourseId(state.nextId++), sectionsPublished: false });
          counts.inserted += 1;
          continue;
        }
        // A course with sections keeps what its sections gave it, and takes only what it lacks.
        const keeps = (value: string) => existing.sectionsPublished && value !== '';
        const next = {
          description: keeps(existing.description) ? existing.description : record.description,
          credits: keeps(existing.credits) ? existing.credits : record.credits,
          department: record.department === '' || keeps(existing.department) ? existing.department : record.department,
          ufCourseId: record.ufCourseId === '' || keeps(existing.ufCourseId) ? existing.ufCourseId : record.ufCourseId,
        };
        if ((Object.keys(next) as (keyof typeof next)[]).every((key) => existing[key] === next[key])) {
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
    const listed = this.state.sections.filter((c) => c.term === term && c.source === source && !c.withdrawn);
    return { listed: listed.length, missing: listed.filter((c) => !present.includes(c.classNumber)).length };
  }

  async withdrawMissing(term: string, source: string, present: number[], options: Pick<WriteOptions, 'dryRun'> = {}): Promise<number> {
    return this.write(options.dryRun, (state) => {
      const gone = state.sections.filter((c) => c.term === term && c.source === source && !c.withdrawn && !present.includes(c.classNumber));
      for (const section of gone) section.withdrawn = true;
      for (const id of new Set(gone.map((s) => s.courseId))) refreshFromSections(state, id);
      return gone.length;
    });
  }

  /** Nothing to clear in memory. */
  async tidy(): Promise<void> {}

  /** A dry run works on a copy and leaves the catalog as it was. */
  private write<T>(dryRun: boolean | undefined, work: (state: State) => T): T {
    return work(dryRun ? structuredClone(this.state) : this.state);
  }
}

/** A course's description, credits and department follow its first section's (on offer first, by class number) where it has them. */
function refreshFromSections(state: State, courseId: CourseId): void {
  const course = state.courses.find((c) => c.id === courseId);
  const [first] = state.sections
    .filter((s) => s.courseId === courseId)
    .sort((a, b) => Number(a.withdrawn) - Number(b.withdrawn) || a.classNumber - b.classNumber);
  if (!course || !first) return;
  course.description = first.description || course.description;
  course.credits = first.credits || course.credits;
  course.department = first.department || course.department;
}

const copy = <T extends object>(value: T): T => {
  const { source: _source, ...rest } = structuredClone(value) as T & { source?: string };
  return rest as T;
};

function same(section: StoredSection, next: Omit<StoredSection, 'id'>): boolean {
  return (Object.keys(next) as (keyof typeof next)[]).every((key) => JSON.stringify(section[key]) === JSON.stringify(next[key]));
}
