// One behaviour for every CourseCatalog adapter: the search rules of
// domain/course/course-search.ts (one box, the filter panel, ranking, courses
// grouping their sections, paging by course), terms, the upsert counts,
// withdrawn sections and dry runs; and courses of course-level records, listed
// and found without sections until sections of them are written.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCourseEntry, CatalogEntry } from '@domain/course/course';
import { toCourseQuery, type CourseFilters } from '@domain/course/course-search';
import { CourseId } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import type { CatalogStore } from '@tests/support/catalog-store';

const entry = (courseNumber: string, name: string, term: string, classNumber: number, extra: Partial<CatalogEntry> = {}): CatalogEntry =>
  sectionEntry({
    courseNumber,
    name,
    term,
    classNumber,
    description: `${name} description`,
    section: '0001',
    department: 'Dept',
    instructors: ['Morgan Ellis'],
    mode: 'Online',
    sectWeb: 'AD',
    ...extra,
  });

const calculus1: CatalogEntry = entry('MAC2311', 'Analytic Geometry and Calculus 1', 'Fall 2025', 11005, {
  department: 'Mathematics',
  instructors: ['Paul Erdos', 'Emmy Noether'],
  credits: '4',
  creditsMin: 4,
  creditsMax: 4,
  mode: 'Primarily Classroom',
  sectWeb: 'PC',
  meetTimes: [
    { days: ['M', 'W', 'F'], begin: '10:40 AM', end: '11:30 AM', building: 'LIT', room: '101' },
    { days: ['R'], begin: '1:55 PM', end: '2:45 PM', building: 'ROG', room: 'E116' },
  ],
  startDate: '2025-08-21',
  endDate: '2025-12-03',
  finalExam: '12/11/2025 @ 8:00 PM - 10:00 PM',
  genEd: ['Mathematics'],
  quest: [],
  writing: 'Y',
  ufCourseId: '18030',
});

export const CATALOG_FIXTURE: CatalogEntry[] = [
  entry('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 11001),
  entry('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 11002, { instructors: ['Avery Santos'] }),
  entry('COP3502C', 'Programming Fundamentals 1', 'Spring 2025', 21001),
  entry('COP3503C', 'Programming Fundamentals 2', 'Fall 2025', 11003),
  entry('COP3530', 'Data Structures and Algorithm', 'Fall 2025', 11004),
  calculus1,
  entry('MAC2312', 'Analytic Geometry and Calculus 2', 'Summer 2025', 51001, { department: 'Mathematics' }),
  entry('MAC1147', 'Precalculus Algebra and Trigonometry', 'Fall 2025', 11007, { department: 'Mathematics' }),
  entry('STA2023', 'Introduction to Statistics 1', 'Spring 2025', 21002),
  entry('ABC1000', 'Percent_Signs 100% Fun', 'Fall 2025', 11006),
  ...Array.from({ length: 14 }, (_, i) => entry(`ZOO${String(1000 + i)}`, `Zoology Topic ${i}`, 'Fall 2025', 12000 + i)),
];
/** Courses (cards): COP3502C is one in Fall and one in Spring. */
const COURSES = CATALOG_FIXTURE.length - 1;

export function courseCatalogContract(makeCatalog: () => Promise<CatalogStore>) {
  describe('CourseCatalog and CourseCatalogWriter contract', () => {
    let catalog: CatalogStore;
    beforeAll(async () => {
      catalog = await makeCatalog();
      expect(await catalog.upsert(CATALOG_FIXTURE)).toEqual({ inserted: CATALOG_FIXTURE.length, updated: 0, unchanged: 0 });
    });

    /** Each card as "CODE#class+class". */
    const cards = async (filters: CourseFilters, page = 1) =>
      (await catalog.search(toCourseQuery(filters), page)).courses.map(
        (c) => `${c.courseNumber}#${c.sections.map((s) => s.classNumber).join('+')}`,
      );

    it('finds COP3502C by every spelling of its code, in the Course Code field and in the search box', async () => {
      for (const spelling of ['cop3502', 'COP 3502', 'cop35', 'Cop3502c', ' cop 3502 c ']) {
        expect(
          (await cards({ courseCode: spelling })).filter((c) => c.startsWith('COP3502C')),
          spelling,
        ).toEqual(['COP3502C#11001+11002', 'COP3502C#21001']);
      }
      for (const spelling of ['cop3502', 'COP 3502', 'cop35', 'Cop3502c', 'COP 3502C', ' cop3502C ']) {
        expect((await cards({ q: spelling })).slice(0, 2), spelling).toEqual(['COP3502C#11001+11002', 'COP3502C#21001']);
      }
    });

    it('ranks exact code, then prefix, then course number, name, newest term', async () => {
      expect(await cards({ courseCode: 'cop3502c' })).toEqual(['COP3502C#11001+11002', 'COP3502C#21001']);
      expect(await cards({ courseCode: 'COP35' })).toEqual(['COP3502C#11001+11002', 'COP3502C#21001', 'COP3503C#11003', 'COP3530#11004']);
      // An exact code outranks the codes it is a prefix of.
      expect(await cards({ q: 'cop3530' })).toEqual(['COP3530#11004']);
      expect(await cards({ q: 'cop353' })).toEqual(['COP3530#11004']);
    });

    it('ranks whole-word title matches before substrings: Calculus before Precalculus', async () => {
      expect(await cards({ q: 'calculus' })).toEqual(['MAC2311#11005', 'MAC2312#51001', 'MAC1147#11007']);
      expect(await cards({ name: 'calculus' })).toEqual(['MAC2311#11005', 'MAC2312#51001', 'MAC1147#11007']);
      expect(await cards({ q: 'precalculus' })).toEqual(['MAC1147#11007']);
    });

    it('matches every name word in any order, case-insensitive', async () => {
      expect(await cards({ name: 'calculus GEOMETRY' })).toEqual(['MAC2311#11005', 'MAC2312#51001']);
      expect(await cards({ name: 'fundamentals 2 programming' })).toEqual(['COP3503C#11003']);
      expect(await cards({ q: 'GEOMETRY analytic' })).toEqual(['MAC2311#11005', 'MAC2312#51001']);
      expect(await cards({ name: 'calculus chemistry' })).toEqual([]);
    });

    it('finds sections by instructor, class number and department, showing the matching sections under their course', async () => {
      expect(await cards({ q: 'santos' })).toEqual(['COP3502C#11002']);
      expect(await cards({ q: 'Avery SANTOS' })).toEqual(['COP3502C#11002']);
      expect(await cards({ q: 'noether' })).toEqual(['MAC2311#11005']);
      expect(await cards({ q: '11004' })).toEqual(['COP3530#11004']);
      expect(await cards({ q: 'mathematics' })).toEqual(['MAC1147#11007', 'MAC2311#11005', 'MAC2312#51001']);
      expect(await cards({ q: 'ellis programming' })).toEqual(['COP3502C#11001', 'COP3502C#21001', 'COP3503C#11003']);
    });

    it('filters by exact term (from the select or named in the box) and combines filters', async () => {
      expect(await cards({ term: 'Spring 2025' })).toEqual(['COP3502C#21001', 'STA2023#21002']);
      expect(await cards({ term: 'Fall 2025', courseCode: 'cop3502' })).toEqual(['COP3502C#11001+11002']);
      expect(await cards({ q: 'cop3502 spring 2025' })).toEqual(['COP3502C#21001']);
      expect(await cards({ q: 'santos', term: 'Spring 2025' })).toEqual([]);
      expect(await cards({ term: 'Fall 202' })).toEqual([]);
    });

    it('treats % and _ in filters as plain characters', async () => {
      expect(await cards({ name: '100%' })).toEqual(['ABC1000#11006']);
      expect(await cards({ name: '_' })).toEqual(['ABC1000#11006']);
      expect(await cards({ q: '%' })).toEqual(['ABC1000#11006']);
      expect(await cards({ courseCode: '_' })).toEqual([]);
      expect(await cards({ q: '(calculus' })).toEqual([]);
    });

    it('pages by ten courses with a total of courses, stable across pages', async () => {
      const all = toCourseQuery({});
      expect(await catalog.count(all)).toBe(COURSES);
      const pages = [await catalog.search(all, 1), await catalog.search(all, 2), await catalog.search(all, 3)];
      expect(pages.map((p) => p.total)).toEqual([COURSES, COURSES, COURSES]);
      expect(pages.map((p) => p.courses.length)).toEqual([10, 10, 3]);
      const keys = pages.flatMap((p) => p.courses.map((c) => `${c.term} ${c.courseNumber}`));
      expect(new Set(keys).size).toBe(COURSES);
      expect(keys.slice(0, 4)).toEqual(['Fall 2025 ABC1000', 'Fall 2025 COP3502C', 'Spring 2025 COP3502C', 'Fall 2025 COP3503C']);
      expect(pages[2].courses.map((c) => c.courseNumber)).toEqual(['ZOO1011', 'ZOO1012', 'ZOO1013']);
      expect(pages[0].courses[1]).toMatchObject({
        name: 'Programming Fundamentals 1',
        description: 'Programming Fundamentals 1 description',
      });
      expect((await catalog.search(toCourseQuery({ term: 'Fall 2025' }), 2)).courses.map((c) => c.courseNumber)).toEqual(
        Array.from({ length: 10 }, (_, i) => `ZOO${1004 + i}`),
      );
    });

    it('answers a page past the end as the last page, and one before the start as the first, with the total', async () => {
      const all = toCourseQuery({});
      const past = await catalog.search(all, 99);
      expect(past).toMatchObject({ total: COURSES, page: 3 });
      expect(past.courses.map((c) => c.courseNumber)).toEqual(['ZOO1011', 'ZOO1012', 'ZOO1013']);
      expect(await catalog.search(all, 0)).toMatchObject({ total: COURSES, page: 1 });
      expect(await catalog.search(toCourseQuery({ name: 'no such course' }), 4)).toEqual({ courses: [], total: 0, page: 1 });
      expect(await catalog.search(toCourseQuery({ q: 'santos' }), 7)).toMatchObject({ total: 1, page: 1 });
    });

    it('lists terms newest first', async () => {
      expect(await catalog.terms()).toEqual(['Fall 2025', 'Summer 2025', 'Spring 2025']);
    });

    it('finds a section by id with every field', async () => {
      const [hit] = (await catalog.search(toCourseQuery({ courseCode: 'MAC2311' }), 1)).courses;
      const id = hit.sections[0].id;
      const courseId = hit.sections[0].courseId;
      expect(await catalog.findById(id)).toEqual({ ...calculus1, id, courseId, withdrawn: false });
      expect(await catalog.findById(CourseId(9_999_999))).toBeNull();
      // Its course has an id of its own, which names no section.
      expect(courseId).not.toBe(id);
      expect(await catalog.findById(courseId)).toBeNull();
    });

    it('finds the course an id names: the course itself, or the course of a section', async () => {
      const [hit] = (await catalog.search(toCourseQuery({ courseCode: 'MAC2311' }), 1)).courses;
      const section = hit.sections[0];
      const course = {
        id: section.courseId,
        term: calculus1.term,
        courseNumber: 'MAC2311',
        name: calculus1.name,
        description: calculus1.description,
        credits: calculus1.credits,
        department: calculus1.department,
        ufCourseId: calculus1.ufCourseId,
        sectionsOnOffer: 1,
        sectionsPublished: true,
      };
      expect(await catalog.findCourse(section.id)).toEqual({
        course,
        section: { ...calculus1, id: section.id, courseId: course.id, withdrawn: false },
      });
      expect(await catalog.findCourse(course.id)).toEqual({ course, section: null });
      expect(await catalog.findCourse(CourseId(9_999_999))).toBeNull();
    });

    it('finds sections by class number within one term', async () => {
      const found = await catalog.findByClassNumbers('Fall 2025', [11004, 21001, 11001, 99999]);
      expect(found.map((c) => [c.courseNumber, c.classNumber])).toEqual([
        ['COP3502C', 11001],
        ['COP3530', 11004],
      ]);
      expect(await catalog.findByClassNumbers('Spring 2025', [])).toEqual([]);
    });

    it('upserts by term and class number, telling updated from unchanged', async () => {
      const changed = { ...CATALOG_FIXTURE[8], name: 'Introduction to Statistics 1 (renamed)', instructors: ['Avery Santos'] };
      const added = entry('PHY2048', 'Physics with Calculus 1', 'Fall 2025', 13000);
      expect(await catalog.upsert([CATALOG_FIXTURE[0], changed, added])).toEqual({ inserted: 1, updated: 1, unchanged: 1 });
      expect(await cards({ courseCode: 'STA2023' })).toEqual(['STA2023#21002']);
      const [stats] = (await catalog.search(toCourseQuery({ courseCode: 'STA2023' }), 1)).courses;
      expect(stats).toMatchObject({ name: 'Introduction to Statistics 1 (renamed)' });
      expect(stats.sections[0]).toMatchObject({ instructors: ['Avery Santos'], classNumber: 21002 });
      // The renamed section left its old course, which no longer lists.
      expect(await catalog.count(toCourseQuery({}))).toBe(COURSES + 1);
      expect(await catalog.count(toCourseQuery({ name: 'statistics 1' }))).toBe(1);
    });

    it('writes a batch of many courses at once, each section under its own course', async () => {
      // PGlite answered a multi-column IN list of a few hundred tuples with no rows at all.
      const batch = Array.from({ length: 600 }, (_, i) => entry(`BAT${1000 + i}`, `Batch Course ${i}`, 'Summer 2026', 60_000 + i));
      expect(await catalog.upsert(batch)).toEqual({ inserted: 600, updated: 0, unchanged: 0 });
      expect(await catalog.count(toCourseQuery({ term: 'Summer 2026' }))).toBe(600);
      expect(await cards({ q: 'bat1599' })).toEqual(['BAT1599#60599']);
      expect(await catalog.upsert(batch)).toEqual({ inserted: 0, updated: 0, unchanged: 600 });
      expect(await catalog.withdrawMissing('Summer 2026', '', [])).toBe(600);
    });

    it('counts and writes nothing on a dry run', async () => {
      const renamed = { ...CATALOG_FIXTURE[4], name: 'Data Structures (dry)' };
      const added = entry('CHM2045', 'General Chemistry 1', 'Fall 2025', 13001);
      expect(await catalog.upsert([renamed, added, CATALOG_FIXTURE[3]], { dryRun: true })).toEqual({
        inserted: 1,
        updated: 1,
        unchanged: 1,
      });
      expect(await catalog.withdrawMissing('Fall 2025', '', [11001], { dryRun: true })).toBeGreaterThan(5);
      expect(await cards({ q: 'cop3530' })).toEqual(['COP3530#11004']);
      expect(await cards({ q: 'chm2045' })).toEqual([]);
      expect(await catalog.count(toCourseQuery({}))).toBe(COURSES + 1);
    });

    it('withdraws the sections of one term and source missing from a complete answer: hidden from search, kept by id', async () => {
      const synced = [
        entry('EEL3111C', 'Circuits 1', 'Spring 2026', 31001),
        entry('EEL3111C', 'Circuits 1', 'Spring 2026', 31002, { instructors: ['Ada Lovelace'] }),
        entry('EEL3135', 'Signals and Systems', 'Spring 2026', 31003),
      ];
      expect(await catalog.upsert(synced, { source: 'uf-soc:CWSP' })).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
      expect(await catalog.upsert([entry('EEL4514', 'Communication Systems', 'Spring 2026', 31004)])).toMatchObject({ inserted: 1 });
      expect(await catalog.terms()).toEqual(['Spring 2026', 'Fall 2025', 'Summer 2025', 'Spring 2025']);

      const [lovelace] = await catalog.findByClassNumbers('Spring 2026', [31002]);
      // 31002 and 31003 are gone from the answer; 31004 came from a file, outside the sync's scope.
      expect(await catalog.missingSections('Spring 2026', 'uf-soc:CWSP', [31001])).toEqual({ listed: 3, missing: 2 });
      expect(await catalog.missingSections('Spring 2026', 'uf-soc:CWSP', [31001, 31002, 31003, 99999])).toEqual({ listed: 3, missing: 0 });
      expect(await catalog.missingSections('Spring 2026', '', [])).toEqual({ listed: 1, missing: 1 });
      expect(await catalog.missingSections('Spring 2030', 'uf-soc:CWSP', [])).toEqual({ listed: 0, missing: 0 });
      expect(await catalog.withdrawMissing('Spring 2026', 'uf-soc:CWSP', [31001])).toBe(2);
      expect(await catalog.withdrawMissing('Spring 2026', 'uf-soc:CWSP', [31001])).toBe(0);
      // Withdrawn sections are no longer listed.
      expect(await catalog.missingSections('Spring 2026', 'uf-soc:CWSP', [])).toEqual({ listed: 1, missing: 1 });
      expect(await cards({ term: 'Spring 2026' })).toEqual(['EEL3111C#31001', 'EEL4514#31004']);
      expect(await cards({ q: 'lovelace' })).toEqual([]);
      expect(await catalog.findByClassNumbers('Spring 2026', [31002, 31001])).toHaveLength(1);
      expect(await catalog.findById(lovelace.id)).toMatchObject({ classNumber: 31002, instructors: ['Ada Lovelace'], withdrawn: true });

      // A withdrawn section back in UF's answer is offered again, counted as updated.
      expect(await catalog.upsert(synced, { source: 'uf-soc:CWSP' })).toEqual({ inserted: 0, updated: 2, unchanged: 1 });
      expect(await cards({ term: 'Spring 2026' })).toEqual(['EEL3111C#31001+31002', 'EEL3135#31003', 'EEL4514#31004']);

      // A term whose every section is withdrawn leaves the term list.
      expect(await catalog.withdrawMissing('Spring 2026', 'uf-soc:CWSP', [])).toBe(3);
      expect(await catalog.withdrawMissing('Spring 2026', '', [])).toBe(1);
      expect(await catalog.terms()).toEqual(['Fall 2025', 'Summer 2025', 'Spring 2025']);
    });

    it("lists every section on offer of a section's course that matches the filters (a card's Show all), by class number", async () => {
      // 40 sections of one course, a same-named course in another term and one of the same code with another name.
      const many = Array.from({ length: 40 }, (_, i) =>
        entry('MAC1105', 'Basic College Algebra', 'Spring 2027', 40_001 + i, {
          instructors: [i % 10 === 3 ? 'Ada Lovelace' : `Teacher ${i}`],
        }),
      );
      const others = [
        entry('MAC1105', 'Basic College Algebra', 'Fall 2027', 40_101),
        entry('MAC1105', 'Basic College Algebra (Honors)', 'Spring 2027', 40_102),
      ];
      await catalog.upsert([...many, ...others], { source: 'uf-soc:CWSP' });
      const [first] = await catalog.findByClassNumbers('Spring 2027', [40_001]);
      expect(
        await catalog.withdrawMissing(
          'Spring 2027',
          'uf-soc:CWSP',
          [...many.slice(1), ...others].map((e) => e.classNumber),
        ),
      ).toBe(1);

      const [card] = (await catalog.search(toCourseQuery({ q: 'mac1105 spring 2027' }), 1)).courses;
      expect(card).toMatchObject({ courseNumber: 'MAC1105', name: 'Basic College Algebra', term: 'Spring 2027' });
      const onOffer = Array.from({ length: 39 }, (_, i) => 40_002 + i);
      expect(card.sections.map((s) => s.classNumber)).toEqual(onOffer);
      const listed = async (sectionId: CourseId, filters: CourseFilters) =>
        (await catalog.courseSections(sectionId, toCourseQuery(filters)))?.map((s) => s.classNumber);
      const any = card.sections[17].id;
      expect(await listed(any, { q: 'mac1105' })).toEqual(onOffer);
      expect(await listed(any, {})).toEqual(onOffer);
      expect(await listed(any, { q: 'ada lovelace' })).toEqual([40_004, 40_014, 40_024, 40_034]);
      expect(await listed(any, { q: '40033' })).toEqual([40_033]);
      expect(await listed(any, { term: 'Fall 2027' })).toEqual([]);
      // A withdrawn section still names its course; an unknown id names none.
      expect(await listed(first.id, { courseCode: 'mac1105' })).toEqual(onOffer);
      expect(await catalog.courseSections(CourseId(9_999_999), toCourseQuery({}))).toBeNull();
      const full = await catalog.courseSections(any, toCourseQuery({ q: 'lovelace' }));
      expect(full?.[0]).toEqual({ ...many[3], id: full?.[0].id, courseId: first.courseId, withdrawn: false });
      // The course's own id lists the same sections.
      expect(await listed(first.courseId, { q: 'lovelace' })).toEqual([40_004, 40_014, 40_024, 40_034]);

      expect(await catalog.withdrawMissing('Spring 2027', 'uf-soc:CWSP', [])).toBe(40);
      expect(await catalog.withdrawMissing('Fall 2027', 'uf-soc:CWSP', [])).toBe(1);
    });
  });

  describe('courses of course-level records (listed without sections until some are written)', () => {
    let catalog: CatalogStore;
    const record = (courseNumber: string, name: string, term: string, extra: Partial<CatalogCourseEntry> = {}): CatalogCourseEntry => ({
      term,
      courseNumber,
      name,
      description: `${name}: the course record`,
      credits: '3',
      department: '',
      ufCourseId: '',
      ...extra,
    });
    const SECTIONS = [
      entry('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 11001),
      entry('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 11002, { instructors: ['Avery Santos'] }),
      calculus1,
    ];
    const RECORDS = [
      // The course of two sections above: one card with them.
      record('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', { credits: '4', department: 'Records Dept', ufCourseId: '777' }),
      record('AST1002', 'Discovery of the Universe', 'Fall 2025', { department: 'Astronomy', ufCourseId: '12345' }),
      record('AST1002', 'Discovery of the Universe', 'Spring 2025'),
      record('ZOO4926', 'Marine Biology Field Studies', 'Spring 2025', { credits: '1-4' }),
      // Calculus 1 of another term, without sections: a card of its own.
      record('MAC2311', 'Analytic Geometry and Calculus 1', 'Summer 2025'),
      record('PHI2010', 'Introduction to Philosophy', 'Fall 2026'),
    ];
    /** Each card as "CODE term#class+class" ('#' alone: no sections). */
    const cards = async (filters: CourseFilters, page = 1) =>
      (await catalog.search(toCourseQuery(filters), page)).courses.map(
        (c) => `${c.courseNumber} ${c.term}#${c.sections.map((s) => s.classNumber).join('+')}`,
      );
    const card = async (filters: CourseFilters) => {
      const found = (await catalog.search(toCourseQuery(filters), 1)).courses;
      expect(found, JSON.stringify(filters)).toHaveLength(1);
      return found[0];
    };

    beforeAll(async () => {
      catalog = await makeCatalog();
      expect(await catalog.upsert(SECTIONS)).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
      // COP3502C's record only gives the UF course id its sections lacked.
      expect(await catalog.upsertCourses(RECORDS)).toEqual({ inserted: 5, updated: 1, unchanged: 0 });
    });

    it('finds a course without sections by code, in the Course Code field and the box, in every spelling', async () => {
      for (const filters of [{ courseCode: 'ast1002' }, { courseCode: 'AST 100' }, { q: 'ast 1002' }, { q: 'Ast1002' }, { q: 'ast10' }]) {
        expect(await cards(filters), JSON.stringify(filters)).toEqual(['AST1002 Fall 2025#', 'AST1002 Spring 2025#']);
      }
    });

    it('finds it by the words of its name (the Name field and the box) and by its department', async () => {
      expect(await cards({ name: 'universe DISCOVERY' })).toEqual(['AST1002 Fall 2025#', 'AST1002 Spring 2025#']);
      expect(await cards({ q: 'discovery of the universe' })).toEqual(['AST1002 Fall 2025#', 'AST1002 Spring 2025#']);
      expect(await cards({ q: 'marine' })).toEqual(['ZOO4926 Spring 2025#']);
      // Only the Fall record gave a department.
      expect(await cards({ q: 'astronomy' })).toEqual(['AST1002 Fall 2025#']);
      expect(await cards({ q: 'universe astronomy' })).toEqual(['AST1002 Fall 2025#']);
      // Instructors and class numbers are a section's: a course without sections has none.
      expect(await cards({ q: 'universe ellis' })).toEqual([]);
      expect(await cards({ q: 'ellis' })).toEqual(['COP3502C Fall 2025#11001']);
    });

    it('filters it by term (the select, or named in the box) and lists every term that has a listed course', async () => {
      expect(await cards({ term: 'Spring 2025' })).toEqual(['AST1002 Spring 2025#', 'ZOO4926 Spring 2025#']);
      expect(await cards({ q: 'universe spring 2025' })).toEqual(['AST1002 Spring 2025#']);
      expect(await cards({ term: 'Fall 2026' })).toEqual(['PHI2010 Fall 2026#']);
      expect(await catalog.terms()).toEqual(['Fall 2026', 'Fall 2025', 'Summer 2025', 'Spring 2025']);
    });

    it('ranks and pages courses with and without sections together, one card per course', async () => {
      expect(await cards({ q: 'calculus' })).toEqual(['MAC2311 Fall 2025#11005', 'MAC2311 Summer 2025#']);
      expect(await cards({ q: 'mac2311' })).toEqual(['MAC2311 Fall 2025#11005', 'MAC2311 Summer 2025#']);
      expect(await cards({})).toEqual([
        'AST1002 Fall 2025#',
        'AST1002 Spring 2025#',
        'COP3502C Fall 2025#11001+11002',
        'MAC2311 Fall 2025#11005',
        'MAC2311 Summer 2025#',
        'PHI2010 Fall 2026#',
        'ZOO4926 Spring 2025#',
      ]);
    });

    it('counts courses (cards): the listing, the panel, the box', async () => {
      expect(await catalog.count(toCourseQuery({}))).toBe(7);
      expect((await catalog.search(toCourseQuery({}), 1)).total).toBe(7);
      expect(await catalog.count(toCourseQuery({ term: 'Fall 2025' }))).toBe(3);
      expect(await catalog.count(toCourseQuery({ courseCode: 'AST' }))).toBe(2);
      expect(await catalog.count(toCourseQuery({ q: 'calculus' }))).toBe(2);
      expect((await catalog.search(toCourseQuery({ q: 'calculus' }), 1)).total).toBe(2);
      expect(await catalog.count(toCourseQuery({ q: 'fundamentals' }))).toBe(1);
      expect(await catalog.count(toCourseQuery({ q: 'no such words' }))).toBe(0);
    });

    it("carries the course's own id and fields: no sections, none on offer, not published", async () => {
      const ast = await card({ courseCode: 'AST1002', term: 'Fall 2025' });
      expect(ast).toEqual({
        id: expect.any(Number),
        term: 'Fall 2025',
        courseNumber: 'AST1002',
        name: 'Discovery of the Universe',
        description: 'Discovery of the Universe: the course record',
        credits: '3',
        department: 'Astronomy',
        ufCourseId: '12345',
        sectionsOnOffer: 0,
        sectionsPublished: false,
        sections: [],
      });
      // A course's id is no section's.
      expect(await catalog.findById(ast.id)).toBeNull();
      expect((await card({ courseCode: 'ZOO4926' })).credits).toBe('1-4');
    });

    it("keeps a course's sections' fields against its record, filling only what they lack; the course's id is no section's", async () => {
      const cop = await card({ courseCode: 'COP3502C' });
      expect(cop).toMatchObject({
        description: 'Programming Fundamentals 1 description',
        credits: '3',
        department: 'Dept',
        // The sections gave no UF course id: the record's.
        ufCourseId: '777',
        sectionsOnOffer: 2,
        sectionsPublished: true,
      });
      expect(cop.sections.map((s) => s.id)).not.toContain(cop.id);
      expect(await catalog.upsertCourses([RECORDS[0]])).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    });

    it('upserts course records by term, code and name, telling updated from unchanged; a dry run writes nothing', async () => {
      expect(await catalog.upsertCourses(RECORDS)).toEqual({ inserted: 0, updated: 0, unchanged: 6 });
      const renamed = { ...RECORDS[3], description: 'Field work on the coast.', credits: '2' };
      const added = record('ANT2000', 'General Anthropology', 'Spring 2025');
      expect(await catalog.upsertCourses([renamed, added], { dryRun: true })).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
      expect(await cards({ q: 'anthropology' })).toEqual([]);
      expect(await card({ courseCode: 'ZOO4926' })).toMatchObject({ credits: '1-4' });
      // The last record of a batch for a course wins.
      expect(await catalog.upsertCourses([RECORDS[3], renamed, added])).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
      expect(await card({ courseCode: 'ZOO4926' })).toMatchObject({
        description: 'Field work on the coast.',
        credits: '2',
        sectionsPublished: false,
      });
      expect(await cards({ q: 'anthropology' })).toEqual(['ANT2000 Spring 2025#']);
    });

    it('publishes a course when its sections come, and a record of it later does not unpublish it', async () => {
      const before = await card({ courseCode: 'ZOO4926' });
      const sections = [
        entry('ZOO4926', 'Marine Biology Field Studies', 'Spring 2025', 21501, { credits: '', department: 'Biology' }),
        entry('ZOO4926', 'Marine Biology Field Studies', 'Spring 2025', 21502, { instructors: ['Rachel Carson'] }),
      ];
      expect(await catalog.upsert(sections)).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
      const after = await card({ courseCode: 'ZOO4926' });
      expect(after).toMatchObject({
        id: before.id,
        description: 'Marine Biology Field Studies description',
        // The first section gave none: the record's stays.
        credits: '2',
        department: 'Biology',
        sectionsOnOffer: 2,
        sectionsPublished: true,
      });
      expect(after.sections.map((s) => s.classNumber)).toEqual([21501, 21502]);
      // Now found through its sections: the box's words pick them, and a word none has finds nothing.
      expect(await cards({ q: 'marine carson' })).toEqual(['ZOO4926 Spring 2025#21502']);
      expect(await cards({ q: 'marine ellis' })).toEqual(['ZOO4926 Spring 2025#21501']);
      expect(await cards({ q: 'marine lovelace' })).toEqual([]);

      expect(await catalog.upsertCourses([{ ...RECORDS[3], description: 'Once more.' }])).toEqual({
        inserted: 0,
        updated: 0,
        unchanged: 1,
      });
      expect(await card({ courseCode: 'ZOO4926' })).toMatchObject({ sectionsPublished: true, sectionsOnOffer: 2 });

      // Its sections withdrawn, it is not listed, and a record of it does not bring it back.
      expect(await catalog.withdrawMissing('Spring 2025', '', [])).toBe(2);
      expect(await cards({ courseCode: 'ZOO4926' })).toEqual([]);
      await catalog.upsertCourses([RECORDS[3]]);
      expect(await cards({ courseCode: 'ZOO4926' })).toEqual([]);
      expect(await catalog.count(toCourseQuery({ term: 'Spring 2025' }))).toBe(2);
    });

    it('tidies up after a bulk write without changing what it answers', async () => {
      const before = await cards({});
      await catalog.tidy();
      expect(await cards({})).toEqual(before);
      expect(await cards({ q: 'universe' })).toEqual(['AST1002 Fall 2025#', 'AST1002 Spring 2025#']);
    });
  });
}
