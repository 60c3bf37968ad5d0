// One behaviour for every CourseCatalog adapter: the search rules of
// domain/course/course-search.ts, paging, terms and the upsert counts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseCatalog } from '../../application/ports/course-catalog';
import type { CatalogEntry } from '../../domain/course/course';
import { toCourseQuery } from '../../domain/course/course-search';

const entry = (courseNumber: string, name: string, term: string, classNumber: number, extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  courseNumber,
  name,
  term,
  classNumber,
  description: `${name} description`,
  section: '0001',
  credits: '3',
  department: 'Dept',
  instructors: ['Morgan Ellis'],
  mode: 'Online',
  ...extra,
});

export const CATALOG_FIXTURE: CatalogEntry[] = [
  entry('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 11001),
  entry('COP3502C', 'Programming Fundamentals 1', 'Fall 2025', 11002),
  entry('COP3502C', 'Programming Fundamentals 1', 'Spring 2025', 21001),
  entry('COP3503C', 'Programming Fundamentals 2', 'Fall 2025', 11003),
  entry('COP3530', 'Data Structures and Algorithm', 'Fall 2025', 11004),
  entry('MAC2311', 'Analytic Geometry and Calculus 1', 'Fall 2025', 11005),
  entry('MAC2312', 'Analytic Geometry and Calculus 2', 'Summer 2025', 51001),
  entry('STA2023', 'Introduction to Statistics 1', 'Spring 2025', 21002),
  entry('ABC1000', 'Percent_Signs 100% Fun', 'Fall 2025', 11006),
  ...Array.from({ length: 14 }, (_, i) => entry(`ZOO${String(1000 + i)}`, `Zoology Topic ${i}`, 'Fall 2025', 12000 + i)),
];

export function courseCatalogContract(makeCatalog: () => Promise<CourseCatalog>) {
  describe('CourseCatalog contract', () => {
    let catalog: CourseCatalog;
    beforeAll(async () => {
      catalog = await makeCatalog();
      expect(await catalog.upsert(CATALOG_FIXTURE)).toEqual({ inserted: CATALOG_FIXTURE.length, updated: 0, unchanged: 0 });
    });

    const codes = async (filters: Parameters<typeof toCourseQuery>[0], page = 1) =>
      (await catalog.search(toCourseQuery(filters), page)).courses.map((c) => `${c.courseNumber}#${c.classNumber}`);

    it('finds COP3502C by every spelling of its code', async () => {
      for (const spelling of ['cop3502', 'COP 3502', 'cop35', 'Cop3502c', ' cop 3502 c ']) {
        const found = await codes({ courseCode: spelling });
        expect(found.filter((c) => c.startsWith('COP3502C')), spelling).toHaveLength(3);
      }
    });

    it('ranks exact code, then prefix, then course number, name, newest term, class number', async () => {
      expect(await codes({ courseCode: 'cop3502c' })).toEqual(['COP3502C#11001', 'COP3502C#11002', 'COP3502C#21001']);
      expect(await codes({ courseCode: 'COP35' })).toEqual([
        'COP3502C#11001',
        'COP3502C#11002',
        'COP3502C#21001',
        'COP3503C#11003',
        'COP3530#11004',
      ]);
    });

    it('matches every name word in any order, case-insensitive', async () => {
      expect(await codes({ name: 'calculus GEOMETRY' })).toEqual(['MAC2311#11005', 'MAC2312#51001']);
      expect(await codes({ name: 'fundamentals 2 programming' })).toEqual(['COP3503C#11003']);
      expect(await codes({ name: 'calculus chemistry' })).toEqual([]);
    });

    it('filters by exact term and combines filters', async () => {
      expect(await codes({ term: 'Spring 2025' })).toEqual(['COP3502C#21001', 'STA2023#21002']);
      expect(await codes({ term: 'Fall 2025', courseCode: 'cop3502' })).toEqual(['COP3502C#11001', 'COP3502C#11002']);
      expect(await codes({ term: 'Fall 202' })).toEqual([]);
    });

    it('treats % and _ in filters as plain characters', async () => {
      expect(await codes({ name: '100%' })).toEqual(['ABC1000#11006']);
      expect(await codes({ name: '_' })).toEqual(['ABC1000#11006']);
      expect(await codes({ name: '%' })).toEqual(['ABC1000#11006']);
      expect(await codes({ courseCode: '_' })).toEqual([]);
    });

    it('pages by ten with a total, stable across pages', async () => {
      const all = toCourseQuery({});
      expect(await catalog.count(all)).toBe(CATALOG_FIXTURE.length);
      const first = await catalog.search(all, 1);
      const second = await catalog.search(all, 2);
      const third = await catalog.search(all, 3);
      expect(first.total).toBe(23);
      expect(first.courses).toHaveLength(10);
      expect(second.courses).toHaveLength(10);
      expect(third.courses).toHaveLength(3);
      const ids = [...first.courses, ...second.courses, ...third.courses].map((c) => c.id);
      expect(new Set(ids).size).toBe(23);
      expect(third.courses.map((c) => c.courseNumber)).toEqual(['ZOO1011', 'ZOO1012', 'ZOO1013']);
    });

    it('answers a page past the end as the last page, and one before the start as the first, with the total', async () => {
      const all = toCourseQuery({});
      const past = await catalog.search(all, 99);
      expect(past).toMatchObject({ total: 23, page: 3 });
      expect(past.courses.map((c) => c.courseNumber)).toEqual(['ZOO1011', 'ZOO1012', 'ZOO1013']);
      expect(await catalog.search(all, 0)).toMatchObject({ total: 23, page: 1 });
      expect(await catalog.search(toCourseQuery({ name: 'no such course' }), 4)).toEqual({ courses: [], total: 0, page: 1 });
    });

    it('lists terms newest first', async () => {
      expect(await catalog.terms()).toEqual(['Fall 2025', 'Summer 2025', 'Spring 2025']);
    });

    it('finds a course by id with every field', async () => {
      const [hit] = (await catalog.search(toCourseQuery({ courseCode: 'MAC2311' }), 1)).courses;
      expect(await catalog.findById(hit.id)).toEqual({ ...CATALOG_FIXTURE[5], id: hit.id });
      expect(await catalog.findById(9_999_999)).toBeNull();
    });

    it('upserts by term and class number, telling updated from unchanged', async () => {
      const changed = { ...CATALOG_FIXTURE[7], name: 'Introduction to Statistics 1 (renamed)', instructors: ['Avery Santos'] };
      const added = entry('PHY2048', 'Physics with Calculus 1', 'Fall 2025', 13000);
      expect(await catalog.upsert([CATALOG_FIXTURE[0], changed, added])).toEqual({ inserted: 1, updated: 1, unchanged: 1 });
      const [stats] = (await catalog.search(toCourseQuery({ courseCode: 'STA2023' }), 1)).courses;
      expect(stats).toMatchObject({ name: 'Introduction to Statistics 1 (renamed)', instructors: ['Avery Santos'], classNumber: 21002 });
      expect(await catalog.count(toCourseQuery({}))).toBe(CATALOG_FIXTURE.length + 1);
    });
  });
}
