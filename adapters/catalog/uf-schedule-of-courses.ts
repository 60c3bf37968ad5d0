// UF's schedule-of-courses JSON, the one catalog format we read that is not
// our own: its pages of course objects, each with a sections array, become the
// flat records domain/course/catalog-record.ts validates. The sync reads the
// same shape from UF's API (http-schedule-of-courses.ts), one page at a time.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** UF answers [{ COURSES: [...], LASTCONTROLNUMBER, ... }]; saved pages may be concatenated. */
export function ufCourses(document: unknown): unknown[] {
  const pages = Array.isArray(document) ? document : [document];
  return pages.flatMap((page) => (isObject(page) && Array.isArray(page.COURSES) ? page.COURSES : [page]));
}

/** One answer of UF's API, its course objects merged (mergeUfCourses). */
export interface UfPage {
  courses: unknown[];
  lastControlNumber: number;
  retrievedRows: number;
  totalRows: number;
}

/** Reads one answer of `GET /apix/soc/schedule`; throws on anything else. */
export function parseUfPage(answer: unknown): UfPage {
  const page = Array.isArray(answer) ? answer[0] : answer;
  if (!isObject(page) || !Array.isArray(page.COURSES)) throw new Error('not a schedule-of-courses page (no COURSES)');
  const number = (key: string) => {
    const value = Number(page[key]);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`not a schedule-of-courses page (${key} is ${JSON.stringify(page[key] ?? null)})`);
    return value;
  };
  return {
    courses: mergeUfCourses(page.COURSES),
    lastControlNumber: number('LASTCONTROLNUMBER'),
    retrievedRows: number('RETRIEVEDROWS'),
    totalRows: number('TOTALROWS'),
  };
}

/** UF's course id without its zero padding, with the name: one course (a special topic shares its id with other topics). */
export function ufCourseKey(course: Json): string {
  const id = String(course.courseId ?? '').trim();
  return `${/^\d+$/.test(id) ? String(Number(id)) : id}\u0000${String(course.name ?? '').trim()}`;
}

/**
 * One course can come back as several course objects (its sections split over
 * two, within a page or across a page boundary): merged on courseId + name,
 * sections in order, each class number once.
 */
export function mergeUfCourses(courses: unknown[]): unknown[] {
  const merged = new Map<string, Json>();
  // Anything without a course id stays as it is (a record without one is still checked and reported).
  const others: unknown[] = [];
  for (const course of courses) {
    if (!isObject(course) || course.courseId === undefined || course.courseId === null) {
      others.push(course);
      continue;
    }
    const key = ufCourseKey(course);
    const known = merged.get(key);
    const sections = Array.isArray(course.sections) ? course.sections : [];
    if (!known) {
      merged.set(key, { ...course, sections: [...sections] });
      continue;
    }
    const seen = new Set((known.sections as unknown[]).map((s) => (isObject(s) ? s.classNumber : undefined)));
    for (const section of sections) if (!isObject(section) || !seen.has(section.classNumber)) (known.sections as unknown[]).push(section);
  }
  return [...merged.values(), ...others];
}

/** A meeting as UF writes it ({meetDays, meetTimeBegin, meetBuilding, meetRoom, ...}) in the flat record's words. */
function meetTime(value: unknown) {
  if (!isObject(value)) return value;
  return { days: value.meetDays, begin: value.meetTimeBegin, end: value.meetTimeEnd, building: value.meetBuilding, room: value.meetRoom };
}

/** Flattens one course object into flat records, one per section. */
export function flattenUfCourse(course: unknown, term: string): unknown[] {
  if (!isObject(course)) return [course];
  const sections = Array.isArray(course.sections) ? course.sections : [];
  if (sections.length === 0) return [{ ...course, term, classNumber: undefined }];
  return sections.map((section) => {
    const s = isObject(section) ? section : {};
    return {
      term,
      code: course.code,
      name: course.name,
      description: course.description,
      courseId: course.courseId,
      classNumber: s.classNumber,
      section: s.number ?? s.display,
      credits: s.credits ?? s.credits_min,
      creditsMin: s.credits_min ?? (typeof s.credits === 'number' ? s.credits : undefined),
      creditsMax: s.credits_max ?? (typeof s.credits === 'number' ? s.credits : undefined),
      dept: s.deptName,
      instructors: s.instructors,
      sectWeb: s.sectWeb,
      meetTimes: Array.isArray(s.meetTimes) ? s.meetTimes.map(meetTime) : [],
      startDate: s.startDate,
      endDate: s.endDate,
      finalExam: s.finalExam,
      genEd: s.genEd,
      quest: s.quest,
      writing: s.grWriting,
    };
  });
}

/** UF term codes: "2258" -> "Fall 2025". */
export function termFromUfCode(code: string): string | null {
  const match = /^2(\d{2})([158])$/.exec(code.trim());
  if (!match) return null;
  const season = { '1': 'Spring', '5': 'Summer', '8': 'Fall' }[match[2]];
  return `${season} 20${match[1]}`;
}

/** The term a saved file's name gives by its UF term code ("soc-2258.json"), if any. */
export function termFromUfFileName(fileName: string): string | null {
  return termFromUfCode(/(2\d\d[158])/.exec(fileName)?.[1] ?? '');
}

/** "Fall 2025" -> "2258" (UF's codes cover 2000-2099). */
export function ufTermCode(term: string): string | null {
  const match = /^(Spring|Summer|Fall)\s+20(\d{2})$/i.exec(term.trim());
  if (!match) return null;
  return `2${match[2]}${{ spring: '1', summer: '5', fall: '8' }[match[1].toLowerCase()]}`;
}
