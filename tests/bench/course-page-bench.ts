// `npm run bench:course-page`: what GET /api/course/{id}/ costs a member of a
// course with 500 study groups of 20 meetings each, beside the same page of a
// course with 5 such groups, in one run, requests alternating between the two.
// The app runs in this process in services mode (Postgres from
// BENCH_DATABASE_URL or TEST_DATABASE_URL, in a database of its own; Redis
// from TEST_REDIS_URL when set, under a prefix of its own); the fixtures are
// written straight to the database: both courses have the same 51 students,
// 50 chat messages, 5 members to a group and the student in 3 of the groups,
// and 10,000 groups of other courses fill the tables around them. Prints p50
// and p95 over HTTP and their ratio (target: the 500-group page at most 2x
// the 5-group one), the next page's call, and for context the course page as
// the use case answered it before paging (every group), in process beside the
// paged one. Explains every statement of the page and of a next page, failing
// when one scans the groups, members or meetings table sequentially.
// Short check: BENCH_REQUESTS=50 BENCH_BACKGROUND_GROUPS=1000 npm run bench:course-page
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import pg from 'pg';
import { GetCoursePage } from '@application/courses/get-course-page';
import { ListCourseGroups } from '@application/courses/list-course-groups';
import { TOKENS } from '@application/ports/tokens';
import { UserId, type CourseId } from '@domain/ids';
import { parseConfig } from '@adapters/config';
import { INFRA } from '@adapters/container';
import { startServer, type RunningServer } from '@adapters/server';
import { courseToWire, memberToWire, messageToWire, studyGroupToWire } from '@adapters/http/wire';
import { sectionEntry } from '@tests/support/catalog-entries';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { deleteRedisKeys } from '@tests/support/redis-keys';
import { catalogStore } from '@tests/support/catalog-store';

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const IN_PROCESS = Number(process.env.BENCH_IN_PROCESS ?? Math.max(20, Math.round(REQUESTS / 5)));
const BACKGROUND_GROUPS = Number(process.env.BENCH_BACKGROUND_GROUPS ?? 10_000);
const SMALL = 5;
const LARGE = 500;
const MEETINGS = 20;
const CLASSMATES = 50;
const MEMBERS_PER_GROUP = 5;
const MESSAGES = 50;
const OWN_GROUPS = 3;
/** Tables that grow with the groups: their plans must use indexes. */
const GROWING_TABLES = /Seq Scan on (study_groups|study_group_members|meetings)\b/;

if (!baseUrl) {
  console.error('bench:course-page needs Postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  process.exit(1);
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** `count` groups in the course, owned in turn by the students, each with its members and meetings; answers their ids. */
async function writeGroups(db: Knex, courseId: number, count: number, students: number[]): Promise<number[]> {
  const groups: { id: number; owner_id: number }[] = (
    await db.raw(
      `insert into study_groups (course_id, owner_id, name, description, is_public)
       select ?, (?::int[])[1 + (i % ?)], 'Study group ' || i, repeat('Weekly problem sets, past exams and a quiet table. ', 4), i % 5 <> 0
       from generate_series(1, ?) as i
       returning id, owner_id`,
      [courseId, students, students.length, count],
    )
  ).rows;
  const members = groups.flatMap((group) => {
    const at = students.indexOf(group.owner_id);
    return Array.from({ length: MEMBERS_PER_GROUP }, (_, k) => ({
      study_group_id: group.id,
      user_id: students[(at + k) % students.length],
    }));
  });
  for (let i = 0; i < members.length; i += 5_000) await db('study_group_members').insert(members.slice(i, i + 5_000));
  await db.raw(
    `insert into meetings (study_group_id, day, time, location)
     select g.id, (array['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'])[1 + (m % 7)],
            make_time(8 + (m % 12), (m * 7) % 60, 0), 'Library West ' || (100 + m)
     from study_groups g cross join generate_series(1, ?) as m
     where g.course_id = ?`,
    [MEETINGS, courseId],
  );
  return groups.map((group) => group.id);
}

interface Fixture {
  server: RunningServer;
  viewer: HttpSession;
  viewerId: UserId;
  small: CourseId;
  large: CourseId;
  cleanup(): Promise<void>;
}

async function setUp(): Promise<Fixture> {
  const database = `ss_bench_course_page_${process.pid}`;
  const prefix = `bench:course-page:${randomBytes(3).toString('hex')}:`;
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  const url = new URL(baseUrl!);
  url.pathname = `/${database}`;
  const server = await startServer(
    parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BCRYPT_COST: '4',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-bench-course-page-')),
      DATABASE_URL: url.toString(),
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {}),
      CHAT_POST_LIMIT: '1000',
    }),
  );
  const cleanup = async () => {
    await server.close();
    if (redisUrl) await deleteRedisKeys(redisUrl, prefix);
    await admin(`drop database if exists ${database} with (force)`);
  };
  try {
    const db = server.resolve(INFRA.Knex);
    const catalog = catalogStore(server.resolve(TOKENS.CourseCatalog), server.resolve(TOKENS.CourseCatalogWriter));
    const backgroundCourses = Math.ceil(BACKGROUND_GROUPS / LARGE);
    await catalog.upsert(
      Array.from({ length: 2 + backgroundCourses }, (_, i) =>
        sectionEntry({ courseNumber: `BEN${1000 + i}`, name: `Bench course ${i}`, classNumber: 70_000 + i }),
      ),
    );
    const courseIds = (
      await catalog.findByClassNumbers(
        'Fall 2025',
        Array.from({ length: 2 + backgroundCourses }, (_, i) => 70_000 + i),
      )
    ).map((c) => c.courseId);
    const [small, large, ...background] = courseIds;

    const viewer = new HttpSession(server.url);
    const viewerId = UserId((await viewer.signUp(newStudent({ firstName: 'Bench', lastName: 'Viewer' }))).body.user.id as number);
    const users = server.resolve(TOKENS.UserRepository);
    const classmates: UserId[] = [];
    for (let i = 0; i < CLASSMATES; i += 1) {
      const { firstName, lastName, username, email, major, bio } = newStudent({ firstName: `Classmate${i}` });
      const made = await users.create({ firstName, lastName, username, email, major, year: '2', bio, passwordHash: 'x' });
      if (!made.created) throw new Error('bench: could not make a classmate');
      classmates.push(made.user.id);
    }
    const membership = server.resolve(TOKENS.CourseMembership);
    for (const courseId of [small, large]) for (const id of [viewerId, ...classmates]) await membership.joinCourse(id, courseId);

    const t = performance.now();
    const ownIn = async (courseId: number, count: number) => {
      const ids = await writeGroups(db, courseId, count, classmates);
      // The viewer is in a few of them (spread out), so the page's own part is there in both courses.
      for (let k = 0; k < OWN_GROUPS; k += 1)
        await db('study_group_members').insert({ study_group_id: ids[Math.floor((k * count) / OWN_GROUPS)], user_id: viewerId });
    };
    await ownIn(small, SMALL);
    await ownIn(large, LARGE);
    for (let i = 0; i < background.length; i += 1)
      await writeGroups(db, background[i], Math.min(LARGE, BACKGROUND_GROUPS - i * LARGE), classmates);
    for (const courseId of [small, large]) {
      for (let i = 0; i < MESSAGES; i += 1) {
        const posted = await viewer.post('/api/insert-course-message/', {
          courseID: courseId,
          message: `Message ${i}: who has the notes from Monday?`,
        });
        if (posted.status !== 201) throw new Error(`bench: could not post (${posted.status})`);
      }
    }
    await db.raw('analyze');
    const [{ groups, meetings, members }] = (
      await db.raw(
        'select (select count(*) from study_groups)::int as groups, (select count(*) from meetings)::int as meetings, (select count(*) from study_group_members)::int as members',
      )
    ).rows;
    console.log(
      `fixtures written in ${((performance.now() - t) / 1000).toFixed(1)} s: ${groups} groups, ${meetings} meetings, ${members} memberships in all`,
    );
    return { server, viewer, viewerId, small, large, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** One GET, timed until its whole body arrived; answers the body's size. */
async function timedGet(session: HttpSession, url: string, into: number[]): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Cookie: session.cookieHeader(), 'X-Forwarded-For': session.clientAddress } });
  const body = await res.text();
  into.push(performance.now() - started);
  if (res.status !== 200) throw new Error(`bench: ${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return Buffer.byteLength(body);
}

interface Row {
  label: string;
  ms: number[];
  bytes: number;
}

async function main() {
  const f = await setUp();
  const rows: Row[] = [];
  const seqScans: string[] = [];
  const plans: string[] = [];
  try {
    const pageUrl = (courseId: number) => `${f.server.url}/api/course/${courseId}/`;
    const cursor = (await f.viewer.get(`/api/course/${f.large}/`)).body.nextStudyGroupsCursor as string;
    const nextUrl = `${f.server.url}/api/course/${f.large}/study-groups/?after=${encodeURIComponent(cursor)}`;
    const http = {
      small: { label: `GET /api/course/{id}/, ${SMALL} groups (baseline)`, ms: [] as number[], bytes: 0 },
      large: { label: `GET /api/course/{id}/, ${LARGE} groups`, ms: [] as number[], bytes: 0 },
      next: { label: `GET .../study-groups/?after= (page 2 of ${LARGE})`, ms: [] as number[], bytes: 0 },
    };
    const warm: number[] = [];
    for (let i = 0; i < 30; i += 1) for (const url of [pageUrl(f.small), pageUrl(f.large), nextUrl]) await timedGet(f.viewer, url, warm);
    // Alternating, each round in a new order, so both courses see the same machine.
    for (let i = 0; i < REQUESTS; i += 1) {
      const order = i % 2 === 0 ? (['small', 'large', 'next'] as const) : (['next', 'large', 'small'] as const);
      for (const which of order)
        http[which].bytes = await timedGet(
          f.viewer,
          which === 'next' ? nextUrl : pageUrl(which === 'small' ? f.small : f.large),
          http[which].ms,
        );
    }
    rows.push(http.small, http.large, http.next);

    // In process: the use case and the answer's JSON, paged as served, and with every group as before paging.
    const r = f.server.resolve;
    const useCase = (pageSize?: number) =>
      new GetCoursePage(
        r(TOKENS.CourseCatalog),
        r(TOKENS.CourseMembership),
        r(TOKENS.ChatLog),
        r(TOKENS.StudyGroupRepository),
        r(TOKENS.MessageAuthors),
        r(TOKENS.GroupInvitations),
        pageSize,
      );
    const answerOf = async (page: GetCoursePage, courseId: CourseId) => {
      const view = await page.execute(f.viewerId, courseId);
      return JSON.stringify({
        course: courseToWire(view.course),
        courseMessages: view.messages.map(messageToWire),
        courseMembers: view.members.map(memberToWire),
        courseStudyGroups: view.groups.map(studyGroupToWire),
        userStudyGroupIDs: view.memberGroupIds,
      });
    };
    const inProcess = [
      { label: `  in process, ${SMALL} groups`, page: useCase(), courseId: f.small },
      { label: `  in process, ${LARGE} groups, first page (now)`, page: useCase(), courseId: f.large },
      { label: `  in process, ${LARGE} groups, every group (before paging)`, page: useCase(1_000_000), courseId: f.large },
    ].map((variant) => ({ ...variant, ms: [] as number[], bytes: 0 }));
    for (const variant of inProcess) for (let i = 0; i < 5; i += 1) await answerOf(variant.page, variant.courseId);
    for (let i = 0; i < IN_PROCESS; i += 1) {
      for (const variant of i % 2 === 0 ? inProcess : [...inProcess].reverse()) {
        const started = performance.now();
        variant.bytes = Buffer.byteLength(await answerOf(variant.page, variant.courseId));
        variant.ms.push(performance.now() - started);
      }
    }
    rows.push(...inProcess);

    // Every statement of the 500-group page and of its page 2, explained (untimed).
    const db = r(INFRA.Knex);
    const statements: { sql: string; bindings: unknown[] }[] = [];
    const listen = (q: { sql: string; bindings?: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
    db.on('query', listen);
    const first = await useCase().execute(f.viewerId, f.large);
    await new ListCourseGroups(
      r(TOKENS.CourseCatalog),
      r(TOKENS.CourseMembership),
      r(TOKENS.StudyGroupRepository),
      r(TOKENS.GroupInvitations),
    ).execute({
      actingUserId: f.viewerId,
      courseId: f.large,
      after: first.nextGroups,
    });
    db.removeListener('query', listen);
    for (const statement of statements.filter((s) => /study_group|meetings/.test(s.sql))) {
      const explained: { rows: { 'QUERY PLAN': string }[] } = await db.raw(
        `explain ${statement.sql.replace(/\$\d+/g, '?')}`,
        statement.bindings as Knex.RawBinding[],
      );
      const lines = explained.rows.map((row) => row['QUERY PLAN']);
      plans.push(`-- ${statement.sql.slice(0, 160)}`, ...lines.map((line) => `   ${line}`), '');
      if (lines.some((line) => GROWING_TABLES.test(line))) seqScans.push(statement.sql.slice(0, 120));
    }
  } finally {
    await f.cleanup();
  }

  const base = rows[0];
  const fmt = (n: number, width = 8) => n.toFixed(2).padStart(width);
  console.log(
    `\ncourse page: ${SMALL} vs ${LARGE} groups of ${MEETINGS} meetings (${MEMBERS_PER_GROUP} members each), ${CLASSMATES + 1} students and ${MESSAGES} messages in each course, ` +
      `${BACKGROUND_GROUPS} groups in other courses; ${REQUESTS} requests each over HTTP, alternating, ${IN_PROCESS} in process; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(`\n${'call'.padEnd(58)}   p50 ms    p95 ms     bytes   vs baseline (p50; p95)`);
  for (const row of rows) {
    const vs =
      row === base || rows.indexOf(row) > 2
        ? ''
        : `${(percentile(row.ms, 50) / percentile(base.ms, 50)).toFixed(2)}x; ${(percentile(row.ms, 95) / percentile(base.ms, 95)).toFixed(2)}x`;
    console.log(
      `${row.label.padEnd(58)} ${fmt(percentile(row.ms, 50))}  ${fmt(percentile(row.ms, 95))}  ${String(row.bytes).padStart(8)}   ${vs}`,
    );
  }
  const [inSmall, inPaged, inUnpaged] = rows.slice(3);
  console.log(
    `\nin process, ${LARGE} groups vs ${SMALL}: first page ${(percentile(inPaged.ms, 50) / percentile(inSmall.ms, 50)).toFixed(2)}x, every group ${(percentile(inUnpaged.ms, 50) / percentile(inSmall.ms, 50)).toFixed(2)}x (p50)`,
  );
  const ratio = percentile(rows[1].ms, 50) / percentile(base.ms, 50);
  console.log(
    `target: the ${LARGE}-group page at most 2x the ${SMALL}-group one (p50): ${ratio <= 2 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x)`,
  );
  console.log(`\nQuery plans (the ${LARGE}-group page, then its page 2):\n\n${plans.join('\n')}`);
  console.log(
    seqScans.length
      ? `SEQUENTIAL SCANS of a growing table:\n  ${seqScans.join('\n  ')}`
      : 'No plan scans study_groups, study_group_members or meetings sequentially.',
  );
  if (ratio > 2 || seqScans.length) process.exitCode = 1;
}

await main();
