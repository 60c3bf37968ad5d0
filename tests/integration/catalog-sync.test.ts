// The UF sync end to end: the real Fall 2025 pages (../shared/data/uf-soc)
// served as UF serves them by a replay server, synced into PGlite and
// Postgres: whole-term paging, the merge of a course split across a page
// boundary, retries, resuming, withdrawn sections, idempotence, dry runs; and
// the CLI's output.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SyncCatalog, SyncInterruptedError, type SyncCommand } from '../../application/catalog/sync-catalog';
import type { SyncRun } from '../../application/ports/catalog-sync-state';
import { HttpScheduleOfCourses } from '../../adapters/catalog/http-schedule-of-courses';
import { ufCourseKey } from '../../adapters/catalog/uf-schedule-of-courses';
import { KnexCatalogSyncState } from '../../adapters/postgres/knex-catalog-sync-state';
import { KnexCourseCatalog } from '../../adapters/postgres/knex-course-catalog';
import { toCourseQuery } from '../../domain/course/course-search';
import { missingUfSocData, ufSocCourses } from '../support/uf-soc-data';
import { UfSocReplayServer } from '../support/uf-soc-replay-server';
import { hasPostgres, usePglite, usePostgres } from '../support/use-adapters';

const missing = missingUfSocData('2258');
const FALL: SyncCommand = { term: 'Fall 2025', termCode: '2258', category: 'CWSP' };
const ROWS_PER_PAGE = 20;

function syncSuite(db: () => Knex) {
  const courses = missing ? [] : ufSocCourses('2258');
  const sections = new Set(courses.flatMap((c) => (c.sections as { classNumber: number }[]).map((s) => s.classNumber))).size;
  const courseCount = new Set(courses.map(ufCourseKey)).size;
  let replay: UfSocReplayServer;
  let waits: number[];
  const catalog = () => new KnexCourseCatalog(db());
  const sync = (retries = 3) =>
    new SyncCatalog(
      new HttpScheduleOfCourses(replay.url, 1_000),
      catalog(),
      new KnexCatalogSyncState(db()),
      async (ms) => void waits.push(ms),
      { retries, firstDelayMs: 10, maxDelayMs: 40 },
    );
  const rowVersions = async () => (await db().raw('select id, xmin::text as v from courses order by id')).rows;
  const count = async (table: string) => Number((await db()(table).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    replay = await UfSocReplayServer.start({ termCode: '2258', courses, rowsPerPage: ROWS_PER_PAGE });
  });
  afterAll(async () => {
    await replay?.close();
  });
  beforeEach(async () => {
    await db().raw('truncate courses, catalog_courses, catalog_sync_runs, catalog_sync_seen, course_members, users restart identity cascade');
    replay.serve(courses, ROWS_PER_PAGE);
    replay.requests.length = 0;
    waits = [];
  });

  it('pages through the whole term one request at a time and keeps what a student uses', async () => {
    const summary = await sync().execute(FALL);
    expect(summary).toMatchObject({ added: sections, changed: 0, unchanged: 0, withdrawn: 0, rejected: 0, sections, courses: courseCount, resumedFrom: null });
    expect(summary.pages).toBe(replay.pageStarts.length);
    expect(summary.pages).toBeGreaterThan(2);
    const end = replay.pageStarts.length ? (await fetch(`${replay.url}/apix/soc/schedule?term=2258&last-control-number=0`).then((r) => r.json()))[0].TOTALROWS : 0;
    expect(replay.requests.slice(0, -1)).toEqual([...replay.pageStarts, end]);
    expect(replay.maxInFlight).toBe(1);
    expect(await count('courses')).toBe(sections);

    const [nlp] = (await catalog().search(toCourseQuery({ q: 'bonnie dorr' }), 1)).courses;
    expect(nlp).toMatchObject({ courseNumber: 'CAI6307', name: 'Natural Language Processing', term: 'Fall 2025' });
    expect(nlp.sections[0]).toMatchObject({
      classNumber: 26564,
      instructors: ['Bonnie Dorr'],
      sectWeb: 'PC',
      mode: 'Primarily Classroom',
      credits: '3',
      meetTimes: [{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: '101' }],
      startDate: '2025-08-21',
      endDate: '2025-12-03',
      finalExam: '12/11/2025 @ 8:00 PM - 10:00 PM',
      ufCourseId: '38044',
    });
    expect(nlp.sections[0].department).toBe('Computer & Information Science & Engineering');
    const [online] = (await catalog().search(toCourseQuery({ q: '11229' }), 1)).courses;
    expect(online.sections[0]).toMatchObject({ sectWeb: 'AD', mode: 'Online', meetTimes: [], department: 'Electrical and Computer Engineering' });
    // Variable credit ("VAR", 1 to 3) and a classroom section UF gave no meeting times.
    const [study] = (await catalog().search(toCourseQuery({ q: '10840' }), 1)).courses;
    expect(study.sections[0]).toMatchObject({ courseNumber: 'CIS6905', credits: '1-3', creditsMin: 1, creditsMax: 3, sectWeb: 'PC', meetTimes: [] });
    // By department, in words of its name.
    const byDepartment = await catalog().search(toCourseQuery({ q: 'information science cis6905' }), 1);
    expect(byDepartment.courses.map((c) => c.courseNumber)).toEqual(['CIS6905']);
  });

  it('merges a course whose sections UF split across a page boundary into one card', async () => {
    expect(replay.splits.length).toBeGreaterThan(0);
    await sync().execute(FALL);
    for (const split of replay.splits) {
      const cards = (await catalog().search(toCourseQuery({ courseCode: String(split.code), term: 'Fall 2025' }), 1)).courses.filter(
        (c) => c.name === split.name,
      );
      expect(cards).toHaveLength(1);
      const classNumbers = (split.sections as { classNumber: number }[]).map((s) => s.classNumber);
      expect(cards[0].sections.map((s) => s.classNumber).sort()).toEqual(classNumbers.sort());
      expect(classNumbers.length).toBeGreaterThan(1);
    }
    // UF's own answer has both: EGN5949 as two course objects (one course id and name, in two
    // departments' pages) is one card; CIS6930's special topics share a course id, each its own card.
    const cards = async (courseCode: string) =>
      (await catalog().search(toCourseQuery({ courseCode, term: 'Fall 2025' }), 1)).courses.map((c) => [c.name, c.sections.map((s) => s.classNumber)]);
    expect(await cards('EGN5949')).toEqual([['Practicum/Internship/Cooperative Work Experience', [12094, 16396]]]);
    expect(await cards('CIS6930')).toHaveLength(5);
    expect(await cards('CIS6930')).toContainEqual(['Special Topics in CIS: A.I. Ethics for Tech Leaders', [23802]]);
  });

  it('changes nothing when run again', async () => {
    await sync().execute(FALL);
    const before = await rowVersions();
    const again = await sync().execute(FALL);
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: sections, withdrawn: 0 });
    expect(await rowVersions()).toEqual(before);
  });

  it('marks withdrawn the sections missing from a complete run, hidden from search, kept for their members', async () => {
    await sync().execute(FALL);
    const [nlp] = await catalog().findByClassNumbers('Fall 2025', [26564]);
    const [user] = await db()('users')
      .insert({ first_name: 'A', last_name: 'B', username: 'a', username_canonical: 'a', email: 'a@ufl.edu', email_canonical: 'a@ufl.edu', password_hash: 'x', major: 'M', year: 1 })
      .returning('id');
    await db()('course_members').insert({ course_id: nlp.id, user_id: user.id });

    replay.serve(
      courses.filter((c) => c.code !== 'CAI6307'),
      ROWS_PER_PAGE,
    );
    const summary = await sync().execute(FALL);
    expect(summary).toMatchObject({ added: 0, changed: 0, unchanged: sections - 1, withdrawn: 1 });
    expect((await catalog().search(toCourseQuery({ q: 'dorr' }), 1)).courses).toEqual([]);
    expect(await catalog().findById(nlp.id)).toMatchObject({ classNumber: 26564, withdrawn: true });
    expect(await db()('course_members').where({ course_id: nlp.id })).toHaveLength(1);
    expect(await count('courses')).toBe(sections);

    replay.serve(courses, ROWS_PER_PAGE);
    expect(await sync().execute(FALL)).toMatchObject({ added: 0, changed: 1, unchanged: sections - 1, withdrawn: 0 });
    expect((await catalog().search(toCourseQuery({ q: 'dorr' }), 1)).courses).toHaveLength(1);
  });

  it('keeps the meeting times it knows when UF answers without them, as it now does for anonymous callers', async () => {
    await sync().execute(FALL);
    const withTimes = (await db()('courses').whereRaw(`meet_times <> '[]'::jsonb`).count({ n: '*' }))[0].n;
    expect(Number(withTimes)).toBeGreaterThan(0);
    const before = await rowVersions();
    const hidden: Record<string, unknown>[] = courses.map((c) => ({
      ...c,
      sections: (c.sections as Record<string, unknown>[]).map((s) => ({ ...s, meetTimes: [] })),
    }));
    replay.serve(hidden, ROWS_PER_PAGE);
    expect(await sync().execute(FALL)).toMatchObject({ added: 0, changed: 0, unchanged: sections, withdrawn: 0, keptMeetTimes: Number(withTimes) });
    expect(await rowVersions()).toEqual(before);
    const [nlp] = await catalog().findByClassNumbers('Fall 2025', [26564]);
    expect(nlp.meetTimes).toEqual([{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: '101' }]);

    // A section that moved online drops its classroom meetings.
    const online = hidden.map((c) =>
      c.code === 'CAI6307' ? { ...c, sections: (c.sections as Record<string, unknown>[]).map((s) => ({ ...s, sectWeb: 'AD' })) } : c,
    );
    replay.serve(online, ROWS_PER_PAGE);
    expect(await sync().execute(FALL)).toMatchObject({ changed: 1, unchanged: sections - 1 });
    expect((await catalog().findByClassNumbers('Fall 2025', [26564]))[0]).toMatchObject({ sectWeb: 'AD', mode: 'Online', meetTimes: [] });
  });

  it('asks again, with growing waits, when UF answers 503, hangs or cuts the connection', async () => {
    const [, second, third, fourth] = replay.pageStarts;
    replay.inject(second, '503', 2);
    replay.inject(third, 'hang', 1);
    replay.inject(fourth ?? third, 'drop', 1);
    const summary = await sync().execute(FALL);
    expect(summary).toMatchObject({ added: sections, withdrawn: 0 });
    expect(replay.requests.filter((n) => n === second)).toHaveLength(3);
    expect(replay.requests.filter((n) => n === third).length).toBeGreaterThanOrEqual(2);
    expect(waits.slice(0, 2)).toEqual([10, 20]);
    expect(replay.maxInFlight).toBe(1);
  });

  it('resumes an interrupted run from the last control number, and withdraws nothing it saw before', async () => {
    const third = replay.pageStarts[2];
    replay.inject(third, '503', 3);
    const interrupted = await sync(2).execute(FALL).catch((error: unknown) => error);
    expect(interrupted).toBeInstanceOf(SyncInterruptedError);
    expect((interrupted as SyncInterruptedError).controlNumber).toBe(third);
    const kept = await count('courses');
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(sections);

    replay.requests.length = 0;
    const resumed = await sync(2).execute(FALL);
    expect(replay.requests[0]).toBe(third);
    expect(resumed).toMatchObject({ resumedFrom: third, added: sections, changed: 0, withdrawn: 0, sections });
    expect(await count('courses')).toBe(sections);
    expect(await db()('catalog_sync_runs').whereNull('finished_at')).toEqual([]);
    expect(await count('catalog_sync_seen')).toBe(0);
  });

  it('resumes a run that died between writing a page and recording it: the page is read again, nothing counted twice', async () => {
    const third = replay.pageStarts[2];
    const state = new KnexCatalogSyncState(db());
    const dying = Object.assign(Object.create(state) as KnexCatalogSyncState, {
      recordPage: async (run: SyncRun, classNumbers: number[]) => {
        if (run.pages === 3) throw new Error('killed');
        return state.recordPage(run, classNumbers);
      },
    });
    const crashed = new SyncCatalog(new HttpScheduleOfCourses(replay.url, 1_000), catalog(), dying, async () => {});
    await expect(crashed.execute(FALL)).rejects.toThrow('killed');
    const written = await count('courses');

    replay.requests.length = 0;
    const resumed = await sync().execute(FALL);
    expect(replay.requests[0]).toBe(third);
    expect(resumed).toMatchObject({ resumedFrom: third, changed: 0, withdrawn: 0, sections });
    // The third page's sections were written before the crash: the resumed run finds them unchanged.
    expect(resumed.unchanged).toBeGreaterThan(0);
    expect(resumed.unchanged).toBeLessThan(written);
    expect(resumed.added + resumed.unchanged).toBe(sections);
    expect(await count('courses')).toBe(sections);
  });

  it('writes nothing on a dry run, and says what a run would do', async () => {
    expect(await sync().execute({ ...FALL, dryRun: true })).toMatchObject({ added: sections, changed: 0, unchanged: 0, withdrawn: 0, dryRun: true });
    expect(await count('courses')).toBe(0);
    expect(await count('catalog_courses')).toBe(0);
    expect(await count('catalog_sync_runs')).toBe(0);

    await sync().execute(FALL);
    const before = await rowVersions();
    replay.serve(
      courses.filter((c) => c.code !== 'CAI6307'),
      ROWS_PER_PAGE,
    );
    expect(await sync().execute({ ...FALL, dryRun: true })).toMatchObject({ added: 0, unchanged: sections - 1, withdrawn: 1 });
    expect(await rowVersions()).toEqual(before);
    expect((await catalog().search(toCourseQuery({ q: 'dorr' }), 1)).courses).toHaveLength(1);
  });
}

describe.skipIf(missing)(`catalog sync from UF's Schedule of Courses on PGlite${missing ? ` (skipped: ${missing})` : ''}`, () => {
  syncSuite(usePglite());
});

describe.skipIf(missing || !hasPostgres())(`catalog sync from UF's Schedule of Courses on Postgres${missing ? ` (skipped: ${missing})` : ''}`, () => {
  syncSuite(usePostgres());
});

describe.skipIf(missing)(`npm run catalog:sync${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let replay: UfSocReplayServer;
  beforeAll(async () => {
    replay = await UfSocReplayServer.start({ termCode: '2258', courses: ufSocCourses('2258'), rowsPerPage: 30 });
  });
  afterAll(async () => {
    await replay?.close();
  });

  it('shows a progress bar on a terminal and a line per page elsewhere, then a summary, for a dry run and a real one; bad arguments are refused', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-sync-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', UF_SOC_URL: replay.url, LOG_LEVEL: 'silent' };
    const cwd = path.resolve(import.meta.dirname, '../..');
    const cli = ['--import', 'tsx', 'adapters/cli/sync-catalog.ts'];
    const run = (...args: string[]) => promisify(execFile)(process.execPath, [...cli, ...args], { cwd, env });

    // On a terminal (script(1) gives the CLI one), with its errors kept in a file, as an operator may run it.
    const onTerminal = `${[process.execPath, ...cli, '--term', '2258', '--dry-run'].join(' ')} 2>${path.join(dataDir, 'errors.log')}`;
    const dry = (await promisify(execFile)('script', ['-qfec', onTerminal, '/dev/null'], { cwd, env })).stdout;
    expect(dry).toContain(`Syncing Fall 2025 (2258, CWSP) from ${replay.url}`);
    expect(dry).toMatch(/pages \d+\/\d+ \|[=-]+\| \d+ courses, \d+ sections \| ETA \d+s/);
    expect(dry).not.toMatch(/page 1 of about/);
    expect(dry).toContain('Dry run, nothing written: 133 sections added, 0 changed, 0 unchanged, 0 withdrawn');

    const real = (await run('--term', 'fall 2025')).stdout;
    expect(real).toMatch(/page 1 of about \d+: \d+ courses, \d+ sections/);
    expect(real).not.toMatch(/ETA/);
    expect(real).toContain('Done: 133 sections added, 0 changed, 0 unchanged, 0 withdrawn');
    const refused = await run('--term', 'autumn').catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('--term must be a UF term code') });
  }, 180_000);
});
