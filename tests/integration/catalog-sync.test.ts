// The UF sync end to end: the real Fall 2025 pages (../shared/data/uf-soc)
// served as UF serves them by a replay server, synced into PGlite and
// Postgres: whole-term paging, the merge of a course split across a page
// boundary, retries, resuming, withdrawn sections, idempotence, dry runs; the
// guards against an answer UF should never give (an oversize body, pages that
// never end, a paging loop, a term answer missing most sections, texts past
// the catalog's limits); and the CLI's output.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SyncCatalog, SyncInterruptedError, SyncStoppedError, type SyncCommand } from '@application/catalog/sync-catalog';
import type { SyncRun } from '@application/ports/catalog-sync-state';
import { HttpScheduleOfCourses } from '@adapters/catalog/http-schedule-of-courses';
import { ufCourseKey } from '@adapters/catalog/uf-schedule-of-courses';
import { KnexCatalogSyncState } from '@adapters/postgres/knex-catalog-sync-state';
import { toCourseQuery } from '@domain/course/course-search';
import { missingUfSocData, ufSocCourses } from '@tests/support/uf-soc-data';
import { OVERSIZE_BYTES, UfSocReplayServer } from '@tests/support/uf-soc-replay-server';
import { createTestDatabase } from '@tests/support/test-services';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { knexCatalog } from '@tests/support/catalog-store';

const missing = missingUfSocData('2258');
const FALL: SyncCommand = { term: 'Fall 2025', termCode: '2258', category: 'CWSP' };
const ROWS_PER_PAGE = 20;

type UfCourse = Record<string, unknown>;
type UfSection = { classNumber: number } & Record<string, unknown>;

/** UF's answer without the sections of these class numbers (a course left with none is left out). */
function without(courses: UfCourse[], classNumbers: Set<number>): UfCourse[] {
  return courses
    .map((c) => ({ ...c, sections: (c.sections as UfSection[]).filter((s) => !classNumbers.has(s.classNumber)) }))
    .filter((c) => c.sections.length > 0);
}

/** The first `n` class numbers of the answer, in order. */
function firstClassNumbers(courses: UfCourse[], n: number): Set<number> {
  return new Set([...new Set(courses.flatMap((c) => (c.sections as UfSection[]).map((s) => s.classNumber)))].slice(0, n));
}

async function stopped(run: Promise<unknown>): Promise<SyncStoppedError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SyncStoppedError);
  return error as SyncStoppedError;
}

function syncSuite(db: () => Knex) {
  const courses = missing ? [] : ufSocCourses('2258');
  const sections = new Set(courses.flatMap((c) => (c.sections as { classNumber: number }[]).map((s) => s.classNumber))).size;
  const courseCount = new Set(courses.map(ufCourseKey)).size;
  let replay: UfSocReplayServer;
  let waits: number[];
  const catalog = () => knexCatalog(db());
  const sync = (retries = 3, timeoutMs = 1_000, store = catalog()) =>
    new SyncCatalog(
      new HttpScheduleOfCourses(replay.url, { timeoutMs }),
      store,
      store,
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
    await db().raw(
      'truncate courses, catalog_courses, catalog_sync_runs, catalog_sync_seen, course_members, users restart identity cascade',
    );
    replay.serve(courses, ROWS_PER_PAGE);
    replay.requests.length = 0;
    waits = [];
  });

  it('pages through the whole term one request at a time and keeps what a student uses', async () => {
    const summary = await sync().execute(FALL);
    expect(summary).toMatchObject({
      added: sections,
      changed: 0,
      unchanged: 0,
      withdrawn: 0,
      rejected: 0,
      sections,
      courses: courseCount,
      resumedFrom: null,
    });
    expect(summary.pages).toBe(replay.pageStarts.length);
    expect(summary.pages).toBeGreaterThan(2);
    const end = replay.pageStarts.length
      ? (await fetch(`${replay.url}/apix/soc/schedule?term=2258&last-control-number=0`).then((r) => r.json()))[0].TOTALROWS
      : 0;
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
    expect(online.sections[0]).toMatchObject({
      sectWeb: 'AD',
      mode: 'Online',
      meetTimes: [],
      department: 'Electrical and Computer Engineering',
    });
    // Variable credit ("VAR", 1 to 3) and a classroom section UF gave no meeting times.
    const [study] = (await catalog().search(toCourseQuery({ q: '10840' }), 1)).courses;
    expect(study.sections[0]).toMatchObject({
      courseNumber: 'CIS6905',
      credits: '1-3',
      creditsMin: 1,
      creditsMax: 3,
      sectWeb: 'PC',
      meetTimes: [],
    });
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
      (await catalog().search(toCourseQuery({ courseCode, term: 'Fall 2025' }), 1)).courses.map((c) => [
        c.name,
        c.sections.map((s) => s.classNumber),
      ]);
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
      .insert({
        first_name: 'A',
        last_name: 'B',
        username: 'a',
        username_canonical: 'a',
        email: 'a@ufl.edu',
        email_canonical: 'a@ufl.edu',
        password_hash: 'x',
        major: 'M',
        year: 1,
      })
      .returning('id');
    await db()('section_members').insert({ section_id: nlp.id, user_id: user.id });

    replay.serve(
      courses.filter((c) => c.code !== 'CAI6307'),
      ROWS_PER_PAGE,
    );
    const summary = await sync().execute(FALL);
    expect(summary).toMatchObject({ added: 0, changed: 0, unchanged: sections - 1, withdrawn: 1 });
    expect((await catalog().search(toCourseQuery({ q: 'dorr' }), 1)).courses).toEqual([]);
    expect(await catalog().findById(nlp.id)).toMatchObject({ classNumber: 26564, withdrawn: true });
    expect(await db()('section_members').where({ section_id: nlp.id })).toHaveLength(1);
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
    expect(await sync().execute(FALL)).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: sections,
      withdrawn: 0,
      keptMeetTimes: Number(withTimes),
    });
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
    const interrupted = await sync(2)
      .execute(FALL)
      .catch((error: unknown) => error);
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
    const store = catalog();
    const crashed = new SyncCatalog(new HttpScheduleOfCourses(replay.url, { timeoutMs: 1_000 }), store, store, dying, async () => {});
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
    expect(await sync().execute({ ...FALL, dryRun: true })).toMatchObject({
      added: sections,
      changed: 0,
      unchanged: 0,
      withdrawn: 0,
      dryRun: true,
    });
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

  const withdrawnCount = async () => Number((await db()('courses').whereNotNull('withdrawn_at').count({ n: '*' }))[0].n);

  it('stops reading an answer past 20 MB and stops the run with a message, asking once; nothing withdrawn', async () => {
    await sync().execute(FALL);
    const second = replay.pageStarts[1];
    replay.inject(second, 'oversize');
    replay.requests.length = 0;
    // Time enough to read 20 MB on a busy machine: the limit, not the time-out, must stop it.
    const error = await stopped(sync(3, 30_000).execute(FALL));
    expect(OVERSIZE_BYTES).toBeGreaterThan(20 * 1024 * 1024);
    expect(error.message).toBe(
      `UF's answer for the page at control number ${second} is larger than 20 MB (a page is about 0.1 MB): stopped reading it. Nothing was withdrawn.`,
    );
    // Not asked again: a retry would read the same 20 MB.
    expect(replay.requests).toEqual([0, second]);
    expect(await count('courses')).toBe(sections);
    expect(await withdrawnCount()).toBe(0);
  });

  it(
    'stops after 1,000 pages of one term when UF keeps answering pages, with a message; nothing withdrawn',
    { timeout: 240_000 },
    async () => {
      replay.serveEndless();
      const error = await stopped(sync().execute(FALL));
      const pages = replay.pageStarts.length;
      expect(replay.requests).toHaveLength(1_001);
      expect(error.message).toBe(
        `UF's answer for Fall 2025 (CWSP) went on past 1,000 pages (a whole term is about 100): stopped at control number ${replay.requests[1_000]}. Nothing was withdrawn.`,
      );
      expect(pages).toBeLessThan(20);
      expect(await count('courses')).toBe(sections);
      expect(await withdrawnCount()).toBe(0);
    },
  );

  it('stops when UF answers a control number it answered before (its paging loops), naming it; nothing withdrawn', async () => {
    await sync().execute(FALL);
    const [, second, third] = replay.pageStarts;
    replay.pointBack(third, second);
    replay.requests.length = 0;
    const error = await stopped(sync().execute(FALL));
    expect(replay.requests).toEqual([0, second, third]);
    expect(error.message).toBe(
      `UF answered control number ${second} again (the page at control number ${third} points back to it): its paging loops. Stopped; nothing was withdrawn.`,
    );
    expect(error).toMatchObject({ reason: 'repeated-control-number', controlNumber: second });
    expect(await withdrawnCount()).toBe(0);
  });

  it("stops before withdrawing more than 20 % of the term's sections, says how many, and goes on when allowed", async () => {
    await sync().execute(FALL);
    // At the limit: 26 of 133 sections (19.5 %) gone from UF's answer are withdrawn.
    const atLimit = Math.floor(sections * 0.2);
    replay.serve(without(courses, firstClassNumbers(courses, atLimit)), ROWS_PER_PAGE);
    expect(await sync().execute(FALL)).toMatchObject({ withdrawn: atLimit });
    replay.serve(courses, ROWS_PER_PAGE);
    expect(await sync().execute(FALL)).toMatchObject({ changed: atLimit, withdrawn: 0 });
    expect(await withdrawnCount()).toBe(0);

    // One past: 27 (20.3 %) stops the run before it withdraws anything.
    const onePast = atLimit + 1;
    replay.serve(without(courses, firstClassNumbers(courses, onePast)), ROWS_PER_PAGE);
    const error = await stopped(sync().execute(FALL));
    expect(error.message).toBe(
      `This run would withdraw ${onePast} of the ${sections} sections Fall 2025 (CWSP) lists (20.3 %), more than the 20 % a run may withdraw: nothing was withdrawn.`,
    );
    expect(error).toMatchObject({ reason: 'mass-withdraw', wouldWithdraw: onePast, listed: sections });
    expect(await withdrawnCount()).toBe(0);
    // A dry run says the same.
    await stopped(sync().execute({ ...FALL, dryRun: true }));

    // UF answering most of a term's sections missing: the same stop, whatever the share.
    replay.serve(courses.slice(-3), ROWS_PER_PAGE);
    const most = await stopped(sync().execute({ ...FALL, fresh: true }));
    expect(most.message).toMatch(
      new RegExp(`^This run would withdraw \\d+ of the ${sections} sections Fall 2025 \\(CWSP\\) lists \\(9\\d\\.\\d %\\)`),
    );
    expect(await withdrawnCount()).toBe(0);
    expect((await catalog().search(toCourseQuery({ q: 'dorr' }), 1)).courses).toHaveLength(1);

    // Allowed: the same command continues the stopped run (one request past the end) and withdraws them.
    replay.requests.length = 0;
    const allowed = await sync().execute({ ...FALL, allowMassWithdraw: true });
    expect(replay.requests).toHaveLength(1);
    expect(allowed.withdrawn).toBe(most.wouldWithdraw);
    expect(await withdrawnCount()).toBe(most.wouldWithdraw);
    expect((await catalog().search(toCourseQuery({ q: 'dorr' }), 1)).courses).toEqual([]);
  });

  it("keeps a section whose texts are too long or carry control characters, capped at the catalog's limits, instead of failing the run", async () => {
    const long = (text: string, n: number) => text.repeat(Math.ceil(n / text.length)).slice(0, n);
    const [nlpCourse] = courses.filter((c) => c.code === 'CAI6307');
    const [section] = nlpCourse.sections as UfSection[];
    const hostile: UfCourse = {
      ...nlpCourse,
      name: `Natural\u0000 Language\u0007 Processing ${long('and more words ', 400)}`,
      description: `Line one\r\nline two\u0000 with a broken \ud800 character. ${long('Padding text. ', 100_000)}`,
      sections: [
        {
          ...section,
          instructors: [
            { name: `Bonnie\u0000 Dorr ${long('x', 500)}` },
            ...Array.from({ length: 60 }, (_, i) => ({ name: `Teacher ${i}` })),
          ],
          meetTimes: [
            {
              ...(section.meetTimes as UfCourse[])[0],
              meetBuilding: `LIT\u0000${long('B', 200)}`,
              meetRoom: `1\ud83d\ude00${long('0', 200)}`,
            },
          ],
          deptName: long('Computer Science ', 1_000),
        },
      ],
    };
    // A course of a usual size whose texts carry a NUL, which no Postgres text or jsonb value can hold.
    const [eceCourse] = courses.filter((c) => c.code !== 'CAI6307' && (c.sections as UfSection[]).length === 1);
    const [eceSection] = eceCourse.sections as UfSection[];
    const nul: UfCourse = {
      ...eceCourse,
      description: 'Signals\u0000 and systems.',
      sections: [{ ...eceSection, instructors: [{ name: 'Ada\u0000 Lovelace' }] }],
    };
    replay.serve(
      courses.map((c) => (c === nlpCourse ? hostile : c === eceCourse ? nul : c)),
      ROWS_PER_PAGE,
    );
    const summary = await sync().execute(FALL);
    expect(summary).toMatchObject({ added: sections, rejected: 0 });
    const [ece] = await catalog().findByClassNumbers('Fall 2025', [eceSection.classNumber]);
    expect(ece).toMatchObject({ description: 'Signals and systems.', instructors: ['Ada Lovelace'] });
    const [nlp] = await catalog().findByClassNumbers('Fall 2025', [26564]);
    const chars = (text: string) => [...text].length;
    expect(nlp.name.startsWith('Natural Language Processing and more words')).toBe(true);
    expect(chars(nlp.name)).toBe(300);
    expect(nlp.name.endsWith('…')).toBe(true);
    expect(nlp.description.startsWith('Line one\nline two with a broken \ufffd character. Padding text.')).toBe(true);
    expect(chars(nlp.description)).toBe(2_000);
    expect(nlp.instructors).toHaveLength(20);
    expect(nlp.instructors[0].startsWith('Bonnie Dorr xxx')).toBe(true);
    expect(chars(nlp.instructors[0])).toBe(100);
    expect(chars(nlp.meetTimes[0].building)).toBe(40);
    expect(nlp.meetTimes[0].building.startsWith('LIT' + 'B')).toBe(true);
    // A cut never splits a character: the emoji is whole, and the room is 40 characters.
    expect(nlp.meetTimes[0].room.startsWith('1\u{1F600}0')).toBe(true);
    expect(chars(nlp.meetTimes[0].room)).toBe(40);
    expect(chars(nlp.department)).toBe(200);
    for (const text of [nlp.name, nlp.description, ...nlp.instructors, nlp.meetTimes[0].building, nlp.department])
      expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
    // Found as before.
    expect((await catalog().search(toCourseQuery({ q: 'bonnie dorr' }), 1)).courses.map((c) => c.courseNumber)).toEqual(['CAI6307']);
  });
}

describe.skipIf(missing)(`catalog sync from UF's Schedule of Courses on PGlite${missing ? ` (skipped: ${missing})` : ''}`, () => {
  syncSuite(usePglite());
});

describe.skipIf(missing || !hasPostgres())(
  `catalog sync from UF's Schedule of Courses on Postgres${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    syncSuite(usePostgres());
  },
);

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
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('--term must be a UF term code') });
  }, 180_000);

  // On Postgres (the operator's database), which each of its four processes opens in a moment; the
  // embedded mode's CLI runs are the test above.
  it.skipIf(!hasPostgres())(
    'stops a run that would withdraw most of a term, saying how many and which flag lets it through; the flag does',
    async () => {
      const database = await createTestDatabase();
      const env = { ...process.env, DATABASE_URL: database.url, REDIS_URL: '', UF_SOC_URL: replay.url, LOG_LEVEL: 'silent' };
      const cwd = path.resolve(import.meta.dirname, '../..');
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'adapters/cli/sync-catalog.ts', '--term', '2258', ...args], {
          cwd,
          env,
        }).catch((error: { code: number; stdout: string; stderr: string }) => error);
      const all = ufSocCourses('2258');
      try {
        replay.serve(all, 30);
        const first = await run();
        expect(first.stdout, first.stderr).toContain('Done: 133 sections added');
        replay.serve(all.slice(-2), 30);

        // The share a run may withdraw is the operator's to set (20 % by default, which the sync tests hold); past it, the run stops.
        const stoppedRun = await run('--max-withdraw', '50');
        // Exit 3: a guard stopped it, and it stops again until an operator decides.
        expect(stoppedRun).toMatchObject({ code: 3 });
        const said =
          /^Sync stopped: This run would withdraw (\d+) of the 133 sections Fall 2025 \(CWSP\) lists \(\d+\.\d %\), more than the 50 % a run may withdraw: nothing was withdrawn\. If UF really dropped them, run the same command with --allow-mass-withdraw \(it finishes this run and withdraws them\); if UF answered short, run it again later with --fresh\.$/m.exec(
            stoppedRun.stderr,
          );
        expect(said, stoppedRun.stderr).not.toBeNull();
        const gone = Number(said![1]);
        expect(gone).toBeGreaterThan(100);
        expect(await run('--max-withdraw', 'lots')).toMatchObject({
          code: 2,
          stderr: expect.stringContaining('--max-withdraw must be a percentage from 0 to 100'),
        });

        const allowed = await run('--allow-mass-withdraw');
        expect(allowed.stdout, allowed.stderr).toMatch(
          new RegExp(`Done: 0 sections added, 0 changed, ${133 - gone} unchanged, ${gone} withdrawn`),
        );
      } finally {
        replay.serve(all, 30);
        await database.drop();
      }
    },
    180_000,
  );
});
