// UF's schedule-of-courses JSON, the one catalog format we read that is not
// our own: its pages of course objects, each with a sections array, become the
// flat records domain/course/catalog-record.ts validates.

/** UF answers [{ COURSES: [...], LASTCONTROLNUMBER, ... }]; saved pages may be concatenated. */
export function ufCourses(document: unknown): unknown[] {
  const pages = Array.isArray(document) ? document : [document];
  return pages.flatMap((page) => {
    if (typeof page === 'object' && page !== null && Array.isArray((page as { COURSES?: unknown }).COURSES)) {
      return (page as { COURSES: unknown[] }).COURSES;
    }
    return [page];
  });
}

/**
 * Flattens one course object (code, name, description, sections[] with
 * classNumber, number, credits, deptName, instructors[{name}], sectWeb) into
 * flat records, one per section.
 */
export function flattenUfCourse(course: unknown, term: string): unknown[] {
  if (typeof course !== 'object' || course === null) return [course];
  const c = course as Record<string, unknown>;
  const sections = Array.isArray(c.sections) ? c.sections : [];
  if (sections.length === 0) return [{ ...c, term, classNumber: undefined }];
  return sections.map((section) => {
    const s = (typeof section === 'object' && section !== null ? section : {}) as Record<string, unknown>;
    return {
      term,
      code: c.code,
      name: c.name,
      description: c.description,
      classNumber: s.classNumber,
      section: s.number ?? s.display,
      credits: s.credits ?? s.credits_min,
      dept: s.deptName,
      instructors: s.instructors,
      mode: s.sectWeb === 'AD' ? 'Online' : s.sectWeb === 'HB' ? 'Hybrid' : s.sectWeb ? 'Primarily Classroom' : '',
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
