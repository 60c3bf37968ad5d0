// The sync and UF's sessions: UF answers meeting times (and seats) only to a
// signed-in ONE.UF session, and the replay server answers them only to its
// cookie. Shown on PGlite and Postgres: a signed-in run stores the real
// meeting times, an anonymous one after it keeps them and warns once, an
// expired session is noticed, the cookie is never repeated; the lock that
// keeps two runs of one term and category apart. Then the CLI: what it says,
// its exit codes, and never the cookie, in its output or its logs.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SyncCatalog, SyncInterruptedError, SyncLockedError, type SyncCommand, type SyncEvent } from '@application/catalog/sync-catalog';
import { HttpScheduleOfCourses } from '@adapters/catalog/http-schedule-of-courses';
import { KnexCatalogSyncState } from '@adapters/postgres/knex-catalog-sync-state';
import { knexCatalog } from '@tests/support/catalog-store';
import { createTestDatabase } from '@tests/support/test-services';
import { missingUfSocData, ufSocCourses } from '@tests/support/uf-soc-data';
import { UfSocReplayServer } from '@tests/support/uf-soc-replay-server';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';

const missing = missingUfSocData('2258');
const FALL: SyncCommand = { term: 'Fall 2025', termCode: '2258', category: 'CWSP' };
const ROWS_PER_PAGE = 20;
/** An operator's ONE.UF session as the browser sends it: two cookies. */
const SESSION = '_shibsession_7374756479=_f3a9c1e07b5d4e2a8c6b; oneuf_sid=s%3AQ9xbT2vLw8Rk4mZp';
/** What must never be printed: the session's values, alone or in the whole header. */
const SECRETS = ['f3a9c1e07b5d4e2a8c6b', 'Q9xbT2vLw8Rk4mZp'];
const NLP_MEETING = [{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: '101' }];

type UfSection = { classNumber: number; meetTimes: unknown[] } & Record<string, unknown>;
const courses = missing ? [] : ufSocCourses('2258');
const sectionsOf = (c: Record<string, unknown>) => c.sections as UfSection[];
const sections = new Set(courses.flatMap((c) => sectionsOf(c).map((s) => s.classNumber))).size;
/** Sections UF lists with meeting times (to a signed-in session). */
const withMeetings = new Set(courses.flatMap((c) => sectionsOf(c).filter((s) => s.meetTimes.length > 0)).map((s) => s.classNumber)).size;

function sessionSuite(db: () => Knex) {
  let replay: UfSocReplayServer;
  let events: SyncEvent[];
  const catalog = () => knexCatalog(db());
  const sync = (cookie?: string, retries = 3) => {
    const store = catalog();
    return new SyncCatalog(
      new HttpScheduleOfCourses(replay.url, { cookie, timeoutMs: 1_000 }),
      store,
      store,
      new KnexCatalogSyncState(db()),
      async () => {},
      { retries, firstDelayMs: 1, maxDelayMs: 1 },
    );
  };
  const run = (cookie?: string) => sync(cookie).execute(FALL, (event) => events.push(event));
  const warnings = () => events.filter((event) => event.kind === 'no-meeting-times');
  const storedWithMeetings = async () => Number((await db()('courses').whereRaw(`meet_times <> '[]'::jsonb`).count({ n: '*' }))[0].n);
  const meetingsOf = async (classNumber: number) => (await catalog().findByClassNumbers('Fall 2025', [classNumber]))[0].meetTimes;
  const rowVersions = async () => (await db().raw('select id, xmin::text as v from courses order by id')).rows;

  beforeAll(async () => {
    replay = await UfSocReplayServer.start({ termCode: '2258', courses, rowsPerPage: ROWS_PER_PAGE, cookie: SESSION });
  });
  afterAll(async () => {
    await replay?.close();
  });
  beforeEach(async () => {
    await db().raw('truncate courses, catalog_courses, catalog_sync_runs, catalog_sync_seen restart identity cascade');
    replay.serve(courses, ROWS_PER_PAGE);
    replay.requireCookie(SESSION);
    replay.requests.length = 0;
    replay.cookies.length = 0;
    events = [];
  });

  it('reads meeting times only as a signed-in session; an anonymous run after it keeps them and warns once', async () => {
    // Anonymous on an empty catalog: UF answers no meeting time, and none is known to keep.
    expect(await run()).toMatchObject({ signedIn: false, added: sections, keptMeetTimes: 0 });
    expect(replay.cookies.every((cookie) => cookie === null)).toBe(true);
    expect(events[0]).toMatchObject({ kind: 'start', signedIn: false });
    expect(warnings()).toEqual([{ kind: 'no-meeting-times', signedIn: false }]);
    expect(await storedWithMeetings()).toBe(0);

    // Signed in: the cookie goes with every request, and the meeting times come. Its last page (research
    // and dissertation sections) has none at all, and is no sign of a session UF does not take.
    events = [];
    replay.cookies.length = 0;
    expect(await run(SESSION)).toMatchObject({ signedIn: true, added: 0, changed: withMeetings, keptMeetTimes: 0 });
    expect(replay.cookies.length).toBeGreaterThan(2);
    expect(new Set(replay.cookies)).toEqual(new Set([SESSION]));
    expect(events[0]).toMatchObject({ kind: 'start', signedIn: true });
    expect(warnings()).toEqual([]);
    expect(withMeetings).toBeGreaterThan(50);
    expect(await storedWithMeetings()).toBe(withMeetings);
    expect(await meetingsOf(26564)).toEqual(NLP_MEETING);

    // Anonymous again, over several pages: the known meeting times stay, and one warning says why.
    events = [];
    const before = await rowVersions();
    const again = await run();
    expect(again.pages).toBeGreaterThan(2);
    expect(again).toMatchObject({ signedIn: false, changed: 0, unchanged: sections, keptMeetTimes: withMeetings });
    expect(warnings()).toEqual([{ kind: 'no-meeting-times', signedIn: false }]);
    expect(await rowVersions()).toEqual(before);
    expect(await meetingsOf(26564)).toEqual(NLP_MEETING);
  });

  it("signed in, takes UF's word that a section listed without meeting times beside others has none; anonymous, keeps them", async () => {
    await run(SESSION);
    const dropped = courses.map((c) =>
      c.code === 'CAI6307' ? { ...c, sections: sectionsOf(c).map((s) => ({ ...s, meetTimes: [] })) } : c,
    );
    replay.serve(dropped, ROWS_PER_PAGE);

    expect(await run()).toMatchObject({ changed: 0, keptMeetTimes: withMeetings });
    expect(await meetingsOf(26564)).toEqual(NLP_MEETING);

    events = [];
    expect(await run(SESSION)).toMatchObject({ changed: 1, unchanged: sections - 1, keptMeetTimes: 0 });
    expect(warnings()).toEqual([]);
    expect(await meetingsOf(26564)).toEqual([]);
  });

  it('signed in but answered as anonymous (the session expired): keeps the meeting times and warns that the session has probably expired', async () => {
    await run(SESSION);
    const before = await rowVersions();
    // UF no longer takes this session.
    replay.requireCookie('_shibsession_7374756479=_a-later-session-of-someone');
    events = [];
    expect(await run(SESSION)).toMatchObject({ signedIn: true, changed: 0, unchanged: sections, keptMeetTimes: withMeetings });
    expect(warnings()).toEqual([{ kind: 'no-meeting-times', signedIn: true }]);
    expect(await rowVersions()).toEqual(before);
    expect(await meetingsOf(26564)).toEqual(NLP_MEETING);
  });

  it("never repeats the session in an error or a retry, even when UF's answer echoes it", async () => {
    replay.inject(0, 'echo-cookie', 5);
    const error = await sync(SESSION, 2)
      .execute(FALL, (event) => events.push(event))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncInterruptedError);
    expect(replay.cookies).toEqual([SESSION, SESSION, SESSION]);
    const said = [(error as Error).message, ...events.flatMap((event) => (event.kind === 'retry' ? [event.reason] : []))];
    expect(said).toHaveLength(3);
    for (const line of said) expect(line).toContain('(LASTCONTROLNUMBER is "[UF_SOC_COOKIE]")');
    for (const secret of SECRETS) expect(said.join('\n')).not.toContain(secret);
  });

  it('runs one sync of a term and category at a time: a second is refused before it asks UF anything', async () => {
    const [first, second] = await Promise.allSettled([run(SESSION), run(SESSION)]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { added: sections } });
    expect(second).toMatchObject({ status: 'rejected', reason: expect.any(SyncLockedError) });
    expect((second as PromiseRejectedResult).reason.message).toBe(
      'Another sync of Fall 2025 (CWSP) is running on this database: this run did nothing.',
    );
    expect(replay.requests.filter((n) => n === 0)).toHaveLength(1);

    // Another category of the term is another lock; the run's lock is gone once it ended, failed or not.
    const state = new KnexCatalogSyncState(db());
    const online = await state.lock('Fall 2025', 'UFOL');
    expect(online).not.toBeNull();
    replay.inject(replay.pageStarts[1], '503', 5);
    await expect(sync(SESSION, 1).execute(FALL)).rejects.toBeInstanceOf(SyncInterruptedError);
    expect(await run(SESSION)).toMatchObject({ resumedFrom: replay.pageStarts[1], withdrawn: 0 });
    await online!.release();
    const again = await state.lock('Fall 2025', 'UFOL');
    expect(again).not.toBeNull();
    await again!.release();
  });
}

describe.skipIf(missing)(`the sync signed in and anonymous on PGlite${missing ? ` (skipped: ${missing})` : ''}`, () => {
  sessionSuite(usePglite());
});

describe.skipIf(missing || !hasPostgres())(`the sync signed in and anonymous on Postgres${missing ? ` (skipped: ${missing})` : ''}`, () => {
  sessionSuite(usePostgres());
});

describe.skipIf(missing)(`npm run catalog:sync with UF_SOC_COOKIE${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let replay: UfSocReplayServer;
  const cwd = path.resolve(import.meta.dirname, '../..');
  type Outcome = { code?: number; stdout: string; stderr: string };
  const CLI = ['--import', 'tsx', 'adapters/cli/sync-catalog.ts'];
  // Logging at debug: whatever the sync logs is in the output the tests search for the cookie.
  const cliEnv = (env: NodeJS.ProcessEnv) => ({ ...process.env, REDIS_URL: '', UF_SOC_URL: replay.url, LOG_LEVEL: 'debug', ...env });
  const cli = (env: NodeJS.ProcessEnv, ...args: string[]): Promise<Outcome> =>
    promisify(execFile)(process.execPath, [...CLI, '--term', '2258', ...args], { cwd, env: cliEnv(env) }).catch((error: Outcome) => error);

  beforeAll(async () => {
    replay = await UfSocReplayServer.start({ termCode: '2258', courses, rowsPerPage: 30, cookie: SESSION });
  });
  afterAll(async () => {
    await replay?.close();
  });

  it('says whether it runs signed in, keeps the meeting times and warns once when anonymous, and never prints the cookie', async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-sync-session-')), DATABASE_URL: '' };
    const outputs: Outcome[] = [];
    const said = (outcome: Outcome) => (outputs.push(outcome), outcome);

    // Signed in, the cookie pasted with its header name; UF's first answer echoes it (a retry line names that answer).
    replay.inject(0, 'echo-cookie', 1);
    replay.cookies.length = 0;
    const signed = said(await cli({ ...env, UF_SOC_COOKIE: `Cookie: ${SESSION}` }));
    expect(signed.code, signed.stderr).toBeUndefined();
    expect(signed.stdout).toContain('Signed in: UF_SOC_COOKIE is set, so UF is asked as that ONE.UF session and answers meeting times.');
    expect(signed.stdout).toContain('(LASTCONTROLNUMBER is "[UF_SOC_COOKIE]"); asking again in 1 s');
    expect(signed.stdout).toMatch(/Done: 133 sections added, 0 changed, 0 unchanged, 0 withdrawn \(.*\) in \d+ s\./);
    expect(signed.stderr).not.toContain('Warning');
    expect(new Set(replay.cookies)).toEqual(new Set([SESSION]));

    // Anonymous: says so first, keeps every known meeting time, and warns once over several pages.
    replay.cookies.length = 0;
    const anonymous = said(await cli({ ...env, UF_SOC_COOKIE: '' }));
    expect(anonymous.code, anonymous.stderr).toBeUndefined();
    expect(replay.cookies.every((cookie) => cookie === null)).toBe(true);
    expect(anonymous.stdout).toMatch(
      /^Anonymous: UF_SOC_COOKIE is not set, and UF answers meeting times only to a signed-in ONE.UF session/m,
    );
    expect(anonymous.stdout).toContain('page 3 of about');
    expect(anonymous.stderr.match(/Warning/g)).toHaveLength(1);
    expect(anonymous.stderr).toContain(
      'Warning: UF answers without meeting times, as it does to anonymous callers. ' +
        'Sections keep the meeting times already known; new sections have none until a signed-in run (set UF_SOC_COOKIE).',
    );
    expect(anonymous.stdout).toContain(`  ${withMeetings} sections UF listed without meeting times kept the ones known before.`);
    expect(anonymous.stdout).toContain('Done: 0 sections added, 0 changed, 133 unchanged, 0 withdrawn');

    // A cookie that would smuggle a header of its own is refused, without repeating it.
    const refused = said(await cli({ ...env, UF_SOC_COOKIE: `${SESSION}\r\nX-Forwarded-For: 1.2.3.4` }));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^Invalid configuration: UF_SOC_COOKIE must be one line of printable ASCII \(the Cookie header as the browser sends it\) \(got \d+ characters, not shown\)$/m,
    );

    const everything = outputs.map((o) => `${o.stdout}\n${o.stderr}`).join('\n');
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  }, 180_000);

  it.skipIf(!hasPostgres())(
    'exits 75 without asking UF anything while another run of the term holds the lock; a killed run leaves no lock behind',
    async () => {
      const database = await createTestDatabase();
      const env = { DATABASE_URL: database.url, UF_SOC_COOKIE: SESSION };
      let hanging: ChildProcess | undefined;
      try {
        // A run that UF leaves hanging on its second page (for a minute), holding the lock.
        replay.serve(courses, 30);
        replay.requests.length = 0;
        const second = replay.pageStarts[1];
        replay.inject(second, 'hang', 1);
        hanging = spawn(process.execPath, [...CLI, '--term', '2258'], { cwd, env: cliEnv(env), stdio: 'ignore' });
        for (let waited = 0; !replay.requests.includes(second); waited += 100) {
          expect(waited, 'the first run never reached its second page').toBeLessThan(60_000);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const asked = replay.requests.length;

        const skipped = await cli(env);
        expect(skipped.code, skipped.stderr).toBe(75);
        expect(skipped.stderr).toContain(
          'Sync skipped: Another sync of Fall 2025 (CWSP) is running on this database: this run did nothing. Its lock goes when that run ends or its process dies.',
        );
        expect(replay.requests).toHaveLength(asked);

        // Killed outright: its connection goes, and the lock with it. The next run continues its work.
        hanging.kill('SIGKILL');
        await once(hanging, 'exit');
        const resumed = await cli(env);
        expect(resumed.code, resumed.stderr).toBeUndefined();
        expect(resumed.stdout).toContain(`Resuming an interrupted run from control number ${second} (1 pages done)`);
        expect(resumed.stdout).toContain('Done: ');
        for (const secret of SECRETS) expect(`${skipped.stdout}${skipped.stderr}${resumed.stdout}${resumed.stderr}`).not.toContain(secret);
      } finally {
        hanging?.kill('SIGKILL');
        replay.serve(courses, 30);
        await database.drop();
      }
    },
    180_000,
  );
});
