// A catalog section for tests: the fields a test names, plain defaults for the rest.
import type { CatalogEntry } from '@domain/course/course';

export function sectionEntry(fields: Partial<CatalogEntry> & Pick<CatalogEntry, 'courseNumber' | 'name' | 'classNumber'>): CatalogEntry {
  return {
    term: 'Fall 2025',
    description: '',
    section: '',
    credits: '3',
    creditsMin: 3,
    creditsMax: 3,
    department: '',
    instructors: [],
    mode: '',
    sectWeb: '',
    meetTimes: [],
    startDate: '',
    endDate: '',
    finalExam: '',
    genEd: [],
    quest: [],
    writing: '',
    ufCourseId: '',
    ...fields,
  };
}
