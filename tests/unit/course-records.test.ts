// Course-level catalog records (issue 24): what a line of kind "course" gives,
// what it may be refused for, and how search matches a course without sections.
import { describe, expect, it } from 'vitest';
import type { CatalogCourse } from '@domain/course/course';
import { isCourseRecord, parseCatalogRecord, parseCourseRecord } from '@domain/course/catalog-record';
import { courseSearchTextOf, matchesCourseQuery, toCourseQuery } from '@domain/course/course-search';
import { CourseId } from '@domain/ids';

describe('course-level records', () => {
  const line = {
    kind: 'course',
    term: 'fall 2025',
    code: 'ast 1002',
    name: '  Discovering the Universe ',
    description: 'Stars,\nplanets.',
    credits: 'VAR',
    creditsMin: 1,
    creditsMax: 3,
  };

  it('reads a line of kind "course": term, code and name as a section has them, the texts cleaned', () => {
    expect(isCourseRecord(line)).toBe(true);
    expect(isCourseRecord({ ...line, kind: undefined })).toBe(false);
    expect(parseCourseRecord(line)).toEqual({
      ok: true,
      course: {
        term: 'Fall 2025',
        courseNumber: 'AST1002',
        name: 'Discovering the Universe',
        description: 'Stars,\nplanets.',
        credits: '1-3',
        department: '',
        ufCourseId: '',
      },
    });
    expect(parseCourseRecord({ ...line, dept: 'Astronomy', courseId: '000123', credits: 3 })).toMatchObject({
      ok: true,
      course: { department: 'Astronomy', ufCourseId: '123', credits: '3' },
    });
  });

  it.each([
    [{ ...line, term: 'Autumn 2025' }, /^term must look like/],
    [{ ...line, code: 'ASTRO' }, /^code must look like/],
    [{ ...line, name: ' ' }, /^name is missing/],
    ['a string', /^not a JSON object/],
  ])('refuses %j with a reason', (record, reason) => {
    const result = parseCourseRecord(record);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('is no section: a section line needs its class number', () => {
    expect(parseCatalogRecord(line)).toMatchObject({ ok: false, reason: expect.stringMatching(/^classNumber/) });
  });
});

describe('a course without sections in search', () => {
  const universe: CatalogCourse = {
    id: CourseId(500),
    term: 'Fall 2025',
    courseNumber: 'AST1002',
    name: 'Discovering the Universe',
    description: 'Stars.',
    credits: '3',
    department: 'Astronomy',
    ufCourseId: '',
    sectionsOnOffer: 0,
    sectionsPublished: false,
  };
  const matches = (filters: Parameters<typeof toCourseQuery>[0], course = universe) => matchesCourseQuery(course, toCourseQuery(filters));

  it('is looked through by its code, name and department', () => {
    expect(courseSearchTextOf(universe)).toBe('ast1002 discovering the universe astronomy');
  });

  it('matches the panel and the box on its own fields, and the term', () => {
    expect(matches({ courseCode: 'ast 10' })).toBe(true);
    expect(matches({ name: 'universe DISCOVERING' })).toBe(true);
    expect(matches({ q: 'astronomy universe fall 2025' })).toBe(true);
    expect(matches({ q: 'ast 1002', term: 'Fall 2025' })).toBe(true);
    expect(matches({ term: 'Spring 2025' })).toBe(false);
    expect(matches({ name: 'astronomy' })).toBe(false);
    expect(matches({ q: 'universe ellis' })).toBe(false);
    expect(matches({})).toBe(true);
  });

  it('is never matched on its own once its sections are published: its sections are', () => {
    expect(matches({}, { ...universe, sectionsPublished: true })).toBe(false);
  });
});
