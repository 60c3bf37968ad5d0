// The importer against real databases: idempotent upserts, bad lines reported
// with their line number, both file formats, course-level records, and the
// shipped catalog (its sections and its thousands of courses without sections).
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { ImportCatalog } from '@application/catalog/import-catalog';
import { readCatalogFile, SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { KnexCourseCatalog } from '@adapters/postgres/knex-course-catalog';
import { toCourseQuery } from '@domain/course/course-search';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { knexCatalog } from '@tests/support/catalog-store';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

function importSuite(db: () => Knex) {
  const importer = () => new ImportCatalog(knexCatalog(db()));

  it('imports JSON Lines, reports bad lines, and is idempotent', async () => {
    const file = path.join(fixtures, 'catalog-with-bad-lines.jsonl');
    const first = await importer().execute(readCatalogFile(file));
    expect(first).toEqual({
      read: 6,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      courses: { inserted: 0, updated: 0, unchanged: 0 },
      rejected: [
        { line: 3, reason: expect.stringMatching(/^not valid JSON/) },
        { line: 4, reason: expect.stringMatching(/^term must look like "Fall 2025"/) },
        { line: 7, reason: expect.stringMatching(/^classNumber must be a positive whole number/) },
      ],
    });
    const again = await importer().execute(readCatalogFile(file));
    expect(again).toMatchObject({ read: 6, inserted: 0, updated: 0, unchanged: 3, courses: { inserted: 0, updated: 0, unchanged: 0 } });
    expect(await new KnexCourseCatalog(db()).count(toCourseQuery({ courseCode: 'COP350' }))).toBe(2);
  });

  it('imports UF schedule-of-courses JSON, taking the term from the file name', async () => {
    const summary = await importer().execute(readCatalogFile(path.join(fixtures, 'uf-soc-2258.json')));
    expect(summary).toMatchObject({ read: 3, inserted: 3, rejected: [] });
    const { courses } = await new KnexCourseCatalog(db()).search(toCourseQuery({ courseCode: 'cen3031' }), 1);
    expect(courses.flatMap((c) => c.sections).map((c) => [c.term, c.classNumber, c.section, c.mode, c.instructors])).toEqual([
      ['Fall 2025', 80001, '13A7', 'Primarily Classroom', ['Riley Okafor']],
      ['Fall 2025', 80002, '13A8', 'Online', ['Riley Okafor', 'Sage Fontaine']],
    ]);
  });

  it('imports course-level records: courses listed without sections, bad ones reported, sections of one joining it', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ss-courses-')), 'courses.jsonl');
    const lines = [
      { kind: 'snapshot', source: 'test', terms: ['Fall 2031'], built: '2031-01-01', courses: 3, sections: 1, via: [] },
      { kind: 'course', term: 'Fall 2031', code: 'AST 1002', name: 'Discovering the Universe', description: 'Stars.', credits: '3' },
      {
        kind: 'course',
        term: 'Fall 2031',
        code: 'EGN2020C',
        name: 'Engineering Design',
        description: 'Design.',
        credits: '2',
        dept: 'Engineering',
      },
      {
        kind: 'course',
        term: 'Fall 2031',
        code: 'BSC2010',
        name: 'Integrated Principles of Biology 1',
        description: 'Cells.',
        credits: '3',
      },
      { kind: 'course', term: 'Autumn 2031', code: 'BSC2011', name: 'Integrated Principles of Biology 2' },
      { kind: 'course', term: 'Fall 2031', code: 'BSC2011', name: '' },
      {
        term: 'Fall 2031',
        code: 'BSC2010',
        name: 'Integrated Principles of Biology 1',
        description: 'Cells, genes.',
        classNumber: 31001,
        credits: '3',
        dept: 'Biology',
        instructors: ['Rosalind Franklin'],
      },
    ];
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const first = await importer().execute(readCatalogFile(file));
    // The header is passed over: five course lines and one section read.
    expect(first).toEqual({
      read: 6,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      courses: { inserted: 3, updated: 0, unchanged: 0 },
      rejected: [
        { line: 5, reason: expect.stringMatching(/^term must look like "Fall 2025"/) },
        { line: 6, reason: 'name is missing' },
      ],
    });
    expect(await importer().execute(readCatalogFile(file))).toMatchObject({
      unchanged: 1,
      courses: { inserted: 0, updated: 0, unchanged: 3 },
    });

    const catalog = new KnexCourseCatalog(db());
    const cards = async (filters: Parameters<typeof toCourseQuery>[0]) =>
      (await catalog.search(toCourseQuery(filters), 1)).courses.map((c) => [
        c.courseNumber,
        c.sectionsPublished,
        c.sections.map((s) => s.classNumber),
      ]);
    expect(await cards({ term: 'Fall 2031' })).toEqual([
      ['AST1002', false, []],
      ['BSC2010', true, [31001]],
      ['EGN2020C', false, []],
    ]);
    expect(await cards({ q: 'universe' })).toEqual([['AST1002', false, []]]);
    expect(await cards({ q: 'engineering fall 2031' })).toEqual([['EGN2020C', false, []]]);
    expect(await cards({ q: 'franklin' })).toEqual([['BSC2010', true, [31001]]]);
    // The course with a section shows its section's description; the others their record's.
    const [biology] = (await catalog.search(toCourseQuery({ courseCode: 'BSC2010', term: 'Fall 2031' }), 1)).courses;
    expect(biology).toMatchObject({ description: 'Cells, genes.', department: 'Biology', credits: '3', sectionsOnOffer: 1 });
    expect(await catalog.terms()).toContain('Fall 2031');
  });

  it("loads the shipped snapshot: every real section of the shared UF files, with UF's own times and rooms, and every course it lists", async () => {
    const summary = await importer().execute(readCatalogFile(SHIPPED_CATALOG));
    // The header is passed over; every course-level line and every section line is read and kept (the
    // few courses the tests above wrote with sections keep their sections' fields: unchanged).
    expect(summary).toMatchObject({ read: 4_917 + 234, inserted: 234, rejected: [] });
    expect(summary.courses).toMatchObject({ inserted: expect.toSatisfy((n: number) => n > 4_900), updated: 0 });
    expect(summary.courses.inserted + summary.courses.unchanged).toBe(4_917);
    const catalog = new KnexCourseCatalog(db());
    expect(await catalog.terms()).toEqual(expect.arrayContaining(['Fall 2025', 'Summer 2025', 'Spring 2025']));
    const { courses } = await catalog.search(toCourseQuery({ q: 'Dorr', term: 'Fall 2025' }), 1);
    expect(courses.flatMap((c) => c.sections).map((s) => [s.courseNumber, s.classNumber, s.instructors, s.meetTimes])).toEqual([
      ['CAI6307', 26564, ['Bonnie Dorr'], [{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: '101' }]],
    ]);
    // Every course of the three terms is listed: the 131 with sections and the rest without (Summer 2025 has no sections).
    const summer = await catalog.search(toCourseQuery({ term: 'Summer 2025', courseCode: 'COP3502C' }), 1);
    expect(summer.courses).toEqual([
      expect.objectContaining({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', sectionsPublished: false, sections: [] }),
    ]);
    expect(await catalog.count(toCourseQuery({ term: 'Summer 2025' }))).toBe(2_023);
    expect(await catalog.count(toCourseQuery({}))).toBeGreaterThanOrEqual(4_917);
    // A second load changes nothing.
    expect(await importer().execute(readCatalogFile(SHIPPED_CATALOG))).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 234,
      courses: { inserted: 0, updated: 0, unchanged: 4_917 },
    });
  });
}

describe('catalog import on PGlite', () => {
  importSuite(usePglite());
});

describe.skipIf(!hasPostgres())('catalog import on Postgres', () => {
  importSuite(usePostgres());
});

describe('npm run catalog:import', () => {
  // Two runs of the CLI, each opening a PGlite database (the first creates it): slow on a loaded machine.
  it('prints progress and a summary with rejected lines', { timeout: 120_000 }, () => {
    const env = { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-import-')), DATABASE_URL: '', REDIS_URL: '' };
    const run = () =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'adapters/cli/import-catalog.ts', path.join(fixtures, 'catalog-with-bad-lines.jsonl')],
        {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env,
          encoding: 'utf8',
        },
      );
    const first = run();
    expect(first).toContain('rejected line 3: not valid JSON');
    expect(first).toContain('Done: 6 rows read, 3 inserted, 0 updated, 0 unchanged, 3 rejected.');
    expect(run()).toContain('Done: 6 rows read, 0 inserted, 0 updated, 3 unchanged, 3 rejected.');
  });
});
