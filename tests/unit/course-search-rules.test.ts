import { describe, expect, it } from 'vitest';
import type { Course } from '../../domain/course/course';
import { clampPage, codeRank, compareForQuery, matchesQuery, normaliseCourseCode, pageCount, toCourseQuery } from '../../domain/course/course-search';
import { canonicalTerm, newestTermsFirst, termRank } from '../../domain/course/term';
import { parseCatalogRecord } from '../../domain/course/catalog-record';
import { flattenUfCourse, termFromUfCode, termFromUfFileName } from '../../adapters/catalog/uf-schedule-of-courses';

let id = 0;
const course = (courseNumber: string, name: string, term = 'Fall 2025', classNumber = 10000 + id): Course => ({
  id: ++id,
  name,
  description: '',
  courseNumber,
  term,
  classNumber,
  section: '',
  credits: '3',
  department: '',
  instructors: [],
  mode: '',
});

describe('course code normalisation', () => {
  it.each([
    ['cop3502', 'COP3502'],
    ['COP 3502', 'COP3502'],
    [' cop 35 02c ', 'COP3502C'],
    ['cop35', 'COP35'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseCourseCode(input)).toBe(expected);
  });

  it.each(['cop3502', 'COP 3502', 'cop35', 'COP3502C', '3502'])('%j finds COP3502C', (code) => {
    expect(matchesQuery(course('COP3502C', 'Programming Fundamentals 1'), toCourseQuery({ courseCode: code }))).toBe(true);
  });

  it('does not find COP3502C for another code', () => {
    expect(matchesQuery(course('COP3502C', 'Programming Fundamentals 1'), toCourseQuery({ courseCode: 'COP3503' }))).toBe(false);
  });
});

describe('name and term filters', () => {
  const calc = course('MAC2311', 'Analytic Geometry and Calculus 1');
  it('matches every name word in any order, case-insensitive', () => {
    expect(matchesQuery(calc, toCourseQuery({ name: 'calculus GEOMETRY' }))).toBe(true);
    expect(matchesQuery(calc, toCourseQuery({ name: '  calc   analytic ' }))).toBe(true);
    expect(matchesQuery(calc, toCourseQuery({ name: 'calculus physics' }))).toBe(false);
  });
  it('filters by exact term; empty filters match everything', () => {
    expect(matchesQuery(calc, toCourseQuery({ term: 'Fall 2025' }))).toBe(true);
    expect(matchesQuery(calc, toCourseQuery({ term: 'Spring 2025' }))).toBe(false);
    expect(matchesQuery(calc, toCourseQuery({ name: '', courseCode: '', term: '' }))).toBe(true);
  });
});

describe('ranking', () => {
  it('ranks exact code, then prefix, then the rest', () => {
    expect(codeRank('COP3502', 'COP3502')).toBe(0);
    expect(codeRank('COP3502C', 'COP3502')).toBe(1);
    expect(codeRank('XCOP3502', 'COP3502')).toBe(2);
    expect(codeRank('COP3502C', '')).toBe(2);
  });

  it('orders by rank, course number, name, newest term, class number', () => {
    const query = toCourseQuery({ courseCode: 'cop350' });
    const a = course('COP3503C', 'Programming Fundamentals 2');
    const b = course('COP3502C', 'Programming Fundamentals 1', 'Spring 2025', 500);
    const c = course('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 900);
    const d = course('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 100);
    const e = course('COP350', 'Imaginary exact match');
    const sorted = [a, b, c, d, e].sort((x, y) => compareForQuery(x, y, query));
    expect(sorted.map((x) => x.id)).toEqual([e.id, d.id, c.id, b.id, a.id]);
  });
});

describe('paging', () => {
  it('counts pages of ten, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(246)).toBe(25);
  });

  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [3, 5, 3],
    [99, 5, 5],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [4, 1, 1],
  ])('clamps page %d of %d to %d', (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });
});

describe('terms', () => {
  it('orders newest first: Fall > Summer > Spring, by year', () => {
    expect(newestTermsFirst(['Spring 2025', 'Fall 2024', 'Fall 2025', 'Summer 2025'])).toEqual([
      'Fall 2025',
      'Summer 2025',
      'Spring 2025',
      'Fall 2024',
    ]);
    expect(termRank('Fall 2025')).toBeGreaterThan(termRank('Summer 2025'));
  });
  it('reads UF term codes and spellings', () => {
    expect(termFromUfCode('2258')).toBe('Fall 2025');
    expect(termFromUfCode('2251')).toBe('Spring 2025');
    expect(termFromUfCode('2255')).toBe('Summer 2025');
    expect(termFromUfCode('9999')).toBeNull();
    expect(termFromUfFileName('uf-soc-2258.json')).toBe('Fall 2025');
    expect(termFromUfFileName('catalog.json')).toBeNull();
    expect(canonicalTerm('fall 2025')).toBe('Fall 2025');
  });
});

describe('catalog records', () => {
  const good = {
    term: 'Fall 2025',
    code: 'COP3502C',
    codeWithSpace: 'COP 3502C',
    name: 'Programming Fundamentals 1',
    description: 'Intro',
    classNumber: 12345,
    section: '1A',
    credits: 4,
    dept: 'CISE',
    instructors: ['A. Gator'],
    mode: 'Online',
  };
  it('accepts a shipped-catalog line', () => {
    expect(parseCatalogRecord(good)).toEqual({
      ok: true,
      entry: {
        term: 'Fall 2025',
        courseNumber: 'COP3502C',
        name: 'Programming Fundamentals 1',
        description: 'Intro',
        classNumber: 12345,
        section: '1A',
        credits: '4',
        department: 'CISE',
        instructors: ['A. Gator'],
        mode: 'Online',
      },
    });
  });
  it.each([
    [{ ...good, term: 'Autumn 2025' }, /term/],
    [{ ...good, code: 'hello' }, /code/],
    [{ ...good, name: '' }, /name/],
    [{ ...good, classNumber: 'abc' }, /classNumber/],
    [{ ...good, classNumber: -4 }, /classNumber/],
    [[1, 2], /not a JSON object/],
    [null, /not a JSON object/],
  ])('rejects %j with a reason', (record, reason) => {
    const result = parseCatalogRecord(record);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
  it('flattens a schedule-of-courses course into one record per section', () => {
    const records = flattenUfCourse(
      {
        code: 'MAC2311',
        name: 'Analytic Geometry and Calculus 1',
        description: 'Limits',
        sections: [
          { classNumber: 111, number: '1234', credits: 4, deptName: 'Mathematics', instructors: [{ name: 'P. Erdos' }], sectWeb: 'PC' },
          { classNumber: 112, number: '1235', credits: 4, deptName: 'Mathematics', instructors: [], sectWeb: 'AD' },
        ],
      },
      'Fall 2025',
    ).map(parseCatalogRecord);
    expect(records.map((r) => r.ok && [r.entry.classNumber, r.entry.instructors, r.entry.mode])).toEqual([
      [111, ['P. Erdos'], 'Primarily Classroom'],
      [112, [], 'Online'],
    ]);
  });
});
