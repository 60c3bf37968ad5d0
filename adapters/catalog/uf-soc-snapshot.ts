// The shipped snapshot: UF's Schedule of Courses as the public repositories
// listed in ../shared/data/uf-soc/README.md kept it, in our JSON Lines. Line 1
// is the header (kind "snapshot": source, terms, date, counts), then one line
// per course-level record (kind "course": term, code, name, description,
// credits), then one flat section record per line (no kind): the shapes
// catalog-record.ts reads (parseCourseRecord, parseCatalogRecord). Built by `npm run catalog:snapshot`; the same
// shared files always give the same lines, in the same order.
import { flattenUfCourse, mergeUfCourses } from './uf-schedule-of-courses';

type Json = Record<string, unknown>;

/** One shared file (e.g. 2258-fall-2025.json.gz), parsed. */
export interface UfSocFile {
  term: string;
  termName: string;
  datasets: { id: string; shape: string; source: Json & { repo: string; commitDate: string }; records: unknown[] }[];
}

export interface SnapshotHeader {
  kind: 'snapshot';
  source: string;
  /** The terms it holds, oldest first ("Spring 2025"). */
  terms: string[];
  /** The newest source commit's date (YYYY-MM-DD): what the data is as of. */
  built: string;
  courses: number;
  sections: number;
  via: { repo: string; path: string; commit: string; commitDate: string }[];
}

const SNAPSHOT_SOURCE = "UF's Schedule of Courses";

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A course-level record of every shape, or null when it has no code or name. */
function courseRecord(shape: string, record: Json, termName: string): Json | null {
  let course: Json;
  if (shape === 'uf-soc-api-pages') {
    const first = (Array.isArray(record.sections) ? record.sections[0] : undefined) as Json | undefined;
    course = { code: record.code, name: record.name, description: record.description, credits: first?.credits ?? '' };
  } else if (shape === 'gator-course-advisor-csv-rows') {
    course = { code: record.Code, name: record.Name, description: record.Description, credits: record['Credit Hours'] };
  } else {
    course = { code: record.code, name: record.name, description: record.description, credits: record.credits ?? '' };
  }
  const code = str(course.code).replace(/\s+/g, '').toUpperCase();
  const name = str(course.name);
  if (!code || !name) return null;
  return { kind: 'course', term: termName, code, name, description: str(course.description), credits: str(course.credits) };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The snapshot's lines (without newlines) for these shared files. */
export function buildSnapshot(files: UfSocFile[]): string[] {
  const ordered = [...files].sort((a, b) => byText(a.term, b.term));
  const courses = new Map<string, Json>();
  const sections: Json[] = [];
  for (const file of ordered) {
    const pages = file.datasets.filter((d) => d.shape === 'uf-soc-api-pages');
    const ufCourses = mergeUfCourses(pages.flatMap((d) => d.records.flatMap((page) => (page as { COURSES: unknown[] }).COURSES)));
    const seen = new Set<number>();
    for (const course of ufCourses) {
      for (const section of flattenUfCourse(course, file.termName) as Json[]) {
        const classNumber = Number(section.classNumber);
        if (seen.has(classNumber)) continue;
        seen.add(classNumber);
        sections.push(section);
      }
    }
    // Course level, deduplicated on code + name per term (the README's rule); UF's own pages first.
    const shapes = [...file.datasets].sort((a, b) => Number(b.shape === 'uf-soc-api-pages') - Number(a.shape === 'uf-soc-api-pages'));
    for (const dataset of shapes) {
      const records = dataset.shape === 'uf-soc-api-pages' ? ufCourses : dataset.records;
      for (const record of records) {
        const course = courseRecord(dataset.shape, record as Json, file.termName);
        const key = course && `${file.term}|${str(course.code)}|${str(course.name)}`;
        if (course && key && !courses.has(key)) courses.set(key, course);
      }
    }
  }
  const termOrder = ordered.map((f) => f.termName);
  const order = (a: Json, b: Json) =>
    termOrder.indexOf(str(a.term)) - termOrder.indexOf(str(b.term)) || byText(str(a.code), str(b.code)) || byText(str(a.name), str(b.name));
  const courseLines = [...courses.values()].sort(order);
  const sectionLines = sections.sort((a, b) => order(a, b) || Number(a.classNumber) - Number(b.classNumber));
  const via = ordered.flatMap((f) =>
    f.datasets.map((d) => ({
      repo: d.source.repo,
      path: str(d.source.path),
      commit: str(d.source.commit),
      commitDate: d.source.commitDate,
    })),
  );
  const header: SnapshotHeader = {
    kind: 'snapshot',
    source: SNAPSHOT_SOURCE,
    terms: termOrder,
    built:
      via
        .map((v) => v.commitDate)
        .sort(byText)
        .at(-1) ?? '',
    courses: courseLines.length,
    sections: sectionLines.length,
    via,
  };
  return [header, ...courseLines, ...sectionLines].map((line) => JSON.stringify(line));
}

/** A snapshot's header line: the importer passes over it (course-level lines it imports, as courses). */
export function isSnapshotHeader(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Json).kind === 'snapshot';
}

/** The header of a snapshot's first line, or null when the line is no header. */
export function parseSnapshotHeader(line: string): SnapshotHeader | null {
  try {
    const value = JSON.parse(line) as Json;
    return value.kind === 'snapshot' && Array.isArray(value.terms) ? (value as unknown as SnapshotHeader) : null;
  } catch {
    return null;
  }
}
