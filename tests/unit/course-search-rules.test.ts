import { describe, expect, it } from 'vitest';
import type { Course } from '@domain/course/course';
import { parseClassNumbers } from '@domain/course/class-numbers';
import {
  cardSectionCount,
  clampPage,
  compareGroups,
  matchesQuery,
  normaliseCourseCode,
  orderSections,
  pageCount,
  rankOf,
  toCourseQuery,
} from '@domain/course/course-search';
import { describeMeetings, withKnownMeetings } from '@domain/course/meet-times';
import { sectionEntry } from '@tests/support/catalog-entries';
import { canonicalTerm, newestTermsFirst, termRank } from '@domain/course/term';
import { parseCatalogRecord } from '@domain/course/catalog-record';
import { CourseId } from '@domain/ids';
import { flattenUfCourse, mergeUfCourses, parseUfPage, termFromUfCode, termFromUfFileName } from '@adapters/catalog/uf-schedule-of-courses';

let id = 0;
const course = (courseNumber: string, name: string, term = 'Fall 2025', classNumber = 10000 + id): Course => ({
  ...sectionEntry({ courseNumber, name, term, classNumber }),
  id: CourseId(++id),
  courseId: CourseId(1_000_000 + id),
  withdrawn: false,
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
  it('ranks exact code, then prefix, then whole-word titles, then the rest', () => {
    const code = toCourseQuery({ courseCode: 'COP3502' });
    expect(rankOf('COP3502', 'X', code)).toBe(0);
    expect(rankOf('COP3502C', 'X', code)).toBe(1);
    expect(rankOf('XCOP3502', 'X', code)).toBe(3);
    expect(rankOf('COP3502C', 'X', toCourseQuery({ q: 'cop 3502c' }))).toBe(0);
    expect(rankOf('COP3502C', 'X', toCourseQuery({ q: 'cop35' }))).toBe(1);
    const calculus = toCourseQuery({ q: 'calculus' });
    expect(rankOf('MAC2311', 'Analytic Geometry and Calculus 1', calculus)).toBe(2);
    expect(rankOf('MAC1147', 'Precalculus Algebra', calculus)).toBe(3);
    expect(rankOf('MAC2311', 'Calculus', toCourseQuery({ q: 'dorr' }))).toBe(3);
  });

  it('orders courses by rank, course number, name, newest term', () => {
    const query = toCourseQuery({ courseCode: 'cop350' });
    const a = course('COP3503C', 'Programming Fundamentals 2');
    const b = course('COP3502C', 'Programming Fundamentals 1', 'Spring 2025', 500);
    const c = course('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 900);
    const e = course('COP350', 'Imaginary exact match');
    const sorted = [a, b, c, e].sort((x, y) => compareGroups(x, y, query));
    expect(sorted.map((x) => x.id)).toEqual([e.id, c.id, b.id, a.id]);
  });

  it("orders a card's sections: the student's own, then those the box names most specifically, then by class number", () => {
    // Every section matches "adaptive ada" by the course's name; two are taught by Ada Lovelace.
    const section = (classNumber: number, instructors: string[]) => ({
      ...course('ABC2000', 'Adaptive Systems', 'Fall 2025', classNumber),
      instructors,
    });
    const sections = [
      section(30_005, ['Ada Lovelace']),
      section(30_001, ['Alan Turing']),
      section(30_004, []),
      section(30_002, ['Ada Lovelace', 'Grace Hopper']),
      section(30_003, ['Grace Hopper']),
    ];
    const order = (filters: { q?: string; name?: string }, mine: number[] = []) =>
      orderSections(sections, toCourseQuery(filters), new Set(sections.filter((s) => mine.includes(s.classNumber)).map((s) => s.id))).map(
        (s) => s.classNumber,
      );
    expect(order({ name: 'adaptive' })).toEqual([30_001, 30_002, 30_003, 30_004, 30_005]);
    expect(order({ q: 'adaptive ada' })).toEqual([30_002, 30_005, 30_001, 30_003, 30_004]);
    // More of the words in the section's own class number and instructors, first; a class number typed whole before all.
    expect(order({ q: 'ada hopper' })).toEqual([30_002, 30_003, 30_005, 30_001, 30_004]);
    expect(order({ q: 'ada 30004' })).toEqual([30_004, 30_002, 30_005, 30_001, 30_003]);
    expect(order({ q: 'adaptive ada' }, [30_004, 30_003])).toEqual([30_003, 30_004, 30_002, 30_005, 30_001]);
    // The input is left as it was.
    expect(sections.map((s) => s.classNumber)).toEqual([30_005, 30_001, 30_004, 30_002, 30_003]);
  });

  it('lists five sections on a card before "Show all", or all of six or fewer', () => {
    expect([0, 1, 5, 6, 7, 30].map(cardSectionCount)).toEqual([0, 1, 5, 6, 5, 5]);
  });

  it('reads a term named in the search box as the term filter', () => {
    expect(toCourseQuery({ q: 'Calculus FALL 2025' })).toEqual({ term: 'Fall 2025', code: '', nameWords: [], words: ['calculus'] });
    expect(toCourseQuery({ q: 'calculus fall 2025', term: 'Spring 2025' }).term).toBe('Spring 2025');
  });

  it('finds a section by instructor, class number and department, never a withdrawn one', () => {
    const taught = {
      ...course('CAI6307', 'Natural Language Processing', 'Fall 2025', 26564),
      instructors: ['Bonnie Dorr'],
      department: 'Computer & Information Science & Engineering',
    };
    for (const q of ['dorr', 'Bonnie', '26564', 'computer', 'language natural', 'cai 6307'])
      expect(matchesQuery(taught, toCourseQuery({ q })), q).toBe(true);
    expect(matchesQuery({ ...taught, withdrawn: true }, toCourseQuery({}))).toBe(false);
  });
});

describe('class numbers typed for Add my classes', () => {
  it('splits on commas and spaces, keeps the first of repeats, and names what is not a number', () => {
    expect(parseClassNumbers(' 12345, 23456  34567;12345\n#45678 abc 0 ')).toEqual({
      numbers: [12345, 23456, 34567, 45678],
      invalid: ['abc', '0'],
    });
    expect(parseClassNumbers('')).toEqual({ numbers: [], invalid: [] });
  });
});

describe('meeting times as a student reads them', () => {
  const base = { sectWeb: 'PC', mode: 'Primarily Classroom', meetTimes: [] };
  it('lists days in week order with times and place, or Online', () => {
    expect(
      describeMeetings({
        ...base,
        meetTimes: [{ days: ['F', 'M', 'W'], begin: '10:40 AM', end: '11:30 AM', building: 'ROG', room: '129' }],
      }),
    ).toEqual(['MWF 10:40 AM-11:30 AM, ROG 129']);
    expect(describeMeetings({ ...base, sectWeb: 'AD', mode: 'Online' })).toEqual(['Online']);
    expect(describeMeetings(base)).toEqual([]);
  });

  it('keeps the meetings known when UF answers none, unless the delivery mode changed', () => {
    const room = [{ days: ['M', 'W', 'F'], begin: '3:00 PM', end: '3:50 PM', building: 'NEB', room: '201' }];
    // A mostly-online section (PD) meeting in a room keeps it too.
    expect(withKnownMeetings({ sectWeb: 'PD', meetTimes: [] }, { sectWeb: 'PD', meetTimes: room })).toEqual({
      sectWeb: 'PD',
      meetTimes: room,
    });
    expect(withKnownMeetings({ sectWeb: 'AD', meetTimes: [] }, { sectWeb: 'PC', meetTimes: room })).toEqual({
      sectWeb: 'AD',
      meetTimes: [],
    });
    const moved = [{ ...room[0], room: '202' }];
    expect(withKnownMeetings({ sectWeb: 'PC', meetTimes: moved }, { sectWeb: 'PC', meetTimes: room })).toEqual({
      sectWeb: 'PC',
      meetTimes: moved,
    });
    expect(withKnownMeetings({ sectWeb: 'PC', meetTimes: [] }, { sectWeb: 'PC', meetTimes: [] })).toEqual({ sectWeb: 'PC', meetTimes: [] });
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
      entry: sectionEntry({
        term: 'Fall 2025',
        courseNumber: 'COP3502C',
        name: 'Programming Fundamentals 1',
        description: 'Intro',
        classNumber: 12345,
        section: '1A',
        credits: '4',
        creditsMin: null,
        creditsMax: null,
        department: 'CISE',
        instructors: ['A. Gator'],
        mode: 'Online',
      }),
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

describe("UF's schedule of courses", () => {
  const section = (classNumber: number, extra: Record<string, unknown> = {}) => ({
    number: String(classNumber),
    classNumber,
    credits: 3,
    instructors: [],
    ...extra,
  });

  it('maps every field a student uses', () => {
    const [record] = flattenUfCourse(
      {
        code: 'CAI6307',
        courseId: '038044',
        name: 'Natural Language Processing',
        description: 'NLP',
        sections: [
          section(26564, {
            credits: 'VAR',
            credits_min: 1,
            credits_max: 4,
            deptName: 'Computer & Information Science & Engineering',
            sectWeb: 'HB',
            instructors: [{ name: 'Bonnie Dorr' }],
            meetTimes: [
              { meetNo: 1, meetDays: ['T'], meetTimeBegin: '4:05 PM', meetTimeEnd: '7:05 PM', meetBuilding: 'LIT', meetRoom: 101 },
            ],
            startDate: '08/21/2025',
            endDate: '12/03/2025',
            finalExam: '12/11/2025 @ 8:00 PM - 10:00 PM',
            genEd: ['Physical Science'],
            quest: ['Quest 1'],
            grWriting: 'Y',
          }),
        ],
      },
      'Fall 2025',
    );
    const parsed = parseCatalogRecord(record);
    expect(parsed.ok && parsed.entry).toMatchObject({
      classNumber: 26564,
      credits: '1-4',
      creditsMin: 1,
      creditsMax: 4,
      department: 'Computer & Information Science & Engineering',
      mode: 'Hybrid',
      sectWeb: 'HB',
      instructors: ['Bonnie Dorr'],
      meetTimes: [{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: '101' }],
      startDate: '2025-08-21',
      endDate: '2025-12-03',
      finalExam: '12/11/2025 @ 8:00 PM - 10:00 PM',
      genEd: ['Physical Science'],
      quest: ['Quest 1'],
      writing: 'Y',
      ufCourseId: '38044',
    });
  });

  it('merges course objects on courseId and name, each class number once', () => {
    const merged = mergeUfCourses([
      { courseId: '09935', name: 'Supervised Teaching', sections: [section(1), section(2)] },
      { courseId: 9934, name: 'Special Topics: A', sections: [section(3)] },
      { courseId: 9935, name: 'Supervised Teaching', sections: [section(2), section(4)] },
      { courseId: 9934, name: 'Special Topics: B', sections: [section(5)] },
    ]) as { name: string; sections: { classNumber: number }[] }[];
    expect(merged.map((c) => [c.name, c.sections.map((s) => s.classNumber)])).toEqual([
      ['Supervised Teaching', [1, 2, 4]],
      ['Special Topics: A', [3]],
      ['Special Topics: B', [5]],
    ]);
  });

  it('reads a page of the API and refuses anything else', () => {
    expect(parseUfPage([{ COURSES: [], LASTCONTROLNUMBER: 109, RETRIEVEDROWS: 0, TOTALROWS: 4536 }])).toEqual({
      courses: [],
      lastControlNumber: 109,
      retrievedRows: 0,
      totalRows: 4536,
    });
    expect(() => parseUfPage({ error: 'busy' })).toThrow(/COURSES/);
    expect(() => parseUfPage([{ COURSES: [], LASTCONTROLNUMBER: 'x', RETRIEVEDROWS: 0, TOTALROWS: 0 }])).toThrow(/LASTCONTROLNUMBER/);
  });
});
