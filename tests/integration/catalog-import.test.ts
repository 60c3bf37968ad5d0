// The importer against real databases: idempotent upserts, bad lines reported
// with their line number, both file formats, and the shipped catalog.
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
      rejected: [
        { line: 3, reason: expect.stringMatching(/^not valid JSON/) },
        { line: 4, reason: expect.stringMatching(/^term must look like "Fall 2025"/) },
        { line: 7, reason: expect.stringMatching(/^classNumber must be a positive whole number/) },
      ],
    });
    const again = await importer().execute(readCatalogFile(file));
    expect(again).toMatchObject({ read: 6, inserted: 0, updated: 0, unchanged: 3 });
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

  it("loads the shipped snapshot: every real section of the shared UF files, with UF's own times and rooms", async () => {
    const summary = await importer().execute(readCatalogFile(SHIPPED_CATALOG));
    // The header and the course-level lines are passed over; every section line is read and kept.
    expect(summary).toMatchObject({ read: 234, inserted: 234, rejected: [] });
    expect(await new KnexCourseCatalog(db()).terms()).toEqual(expect.arrayContaining(['Fall 2025', 'Spring 2025']));
    const { courses } = await new KnexCourseCatalog(db()).search(toCourseQuery({ q: 'Dorr', term: 'Fall 2025' }), 1);
    expect(courses.flatMap((c) => c.sections).map((s) => [s.courseNumber, s.classNumber, s.instructors, s.meetTimes])).toEqual([
      ['CAI6307', 26564, ['Bonnie Dorr'], [{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: '101' }]],
    ]);
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
