// `npm run bench:chat`: the chat's hot paths under load, in one run, against a
// real app server in services mode (its own process, LOG_LEVEL=info as
// deployed, Postgres + Redis from TEST_DATABASE_URL / TEST_REDIS_URL, else
// DATABASE_URL / REDIS_URL), beside a bare Koa handler in a process of its own
// as the baseline. Part one, saturation (autocannon, BENCH_SECONDS each):
//   1. baseline: a bare Koa handler answering [] (100 connections)
//   2. idle poll: ?after=<newest id> with a valid session, nothing new (100 and 1,000 connections)
//   3. naive poll: the last 500 messages on every poll (100 connections)
//   4. posting: insert-course-message (100 connections; the rate limit lifted for the run)
// Part two, long poll (tests/bench/long-poll-load.ts): for each N of
// BENCH_STUDENTS (2,000 / 5,000 / 10,000), N students (users, memberships and
// sessions written straight to Postgres and Redis), each on its own
// connection, long-poll their course (?wait=BENCH_WAIT) while BENCH_RATE
// messages a second are posted across BENCH_ROOMS rooms for
// BENCH_LONGPOLL_SECONDS, then nothing is posted for BENCH_IDLE_SECONDS.
// The npm script raises the open-file limit (ulimit -n) for this process and the ones it starts.
// Short check: BENCH_SECONDS=2 BENCH_STUDENTS=200 BENCH_LONGPOLL_SECONDS=5 BENCH_WAIT=3 BENCH_IDLE_SECONDS=4 npm run bench:chat
import { Redis } from 'ioredis';
import { createKnex } from '@adapters/database/create-knex';
import { buildAll, isBuildCurrent, SERVER_ENTRY } from '@adapters/cli/build.mjs';
import { migrateToLatest } from '@adapters/database/migration-source';
import { keysUnder } from '@tests/support/chat-fixtures';
import { cpuSeconds, LongPollFleet, percentile, startPoster, type FleetStats, type Waiter } from './long-poll-load';
import {
  admin,
  bodySize,
  Client,
  databaseBase,
  insertSections,
  insertStudents,
  measure,
  redisUrl,
  signedInSession,
  startProcess,
  stopProcesses,
  type Row,
} from './bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SEEDED_MESSAGES = 600;
const STUDENTS = (process.env.BENCH_STUDENTS ?? '2000,5000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const WAIT = Number(process.env.BENCH_WAIT ?? 25);
const LONG_POLL_SECONDS = Number(process.env.BENCH_LONGPOLL_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? WAIT + 5);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
// BENCH_SCENARIOS=idle100,posting runs only those of part one (baseline, idle100, idle1000, naive, posting), e.g. to profile one.
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'baseline,idle100,idle1000,naive,posting').split(','));

if (!databaseBase || !redisUrl) {
  console.error('bench:chat needs Postgres and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL (or DATABASE_URL and REDIS_URL).');
  process.exit(1);
}

const database = `ss_bench_chat_${process.pid}`;
const prefix = `bench:chat:${process.pid}:`;

async function main() {
  const started = performance.now();
  // The app runs as npm start runs it: the built server.
  if (!(await isBuildCurrent())) await buildAll();
  await admin(`create database "${database}"`);
  const url = new URL(databaseBase!);
  url.pathname = `/${database}`;
  const knex = createKnex({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(knex);
  const [courseId] = await insertSections(knex, [{ classNumber: 99001, name: 'Programming Fundamentals 1' }]);
  await knex.destroy();

  const [app, bare] = await Promise.all([
    startProcess(
      SERVER_ENTRY,
      {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: prefix,
        SESSION_SECRET: SECRET,
        COOKIE_SECURE: 'false',
        BCRYPT_COST: '10',
        LOG_LEVEL: 'info',
        CHAT_POST_LIMIT: '1000000',
        // The students are made straight in the database, unverified: verification is not what is measured.
        EMAIL_VERIFICATION: 'optional',
        // BENCH_APP_NODE_ARGS: say "--cpu-prof --cpu-prof-dir=/tmp/prof", to see where the app's time goes.
      },
      '/api/is-authenticated/',
      (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ),
    startProcess('tests/bench/bare-koa-server.ts', {}, '/'),
  ]);
  const appUrl = app.url;
  const bareUrl = bare.url;

  // A reader and a writer in the course, and a room with history.
  const reader = new Client(appUrl);
  const writer = new Client(appUrl);
  const readerId = await reader.signUp('reader');
  await writer.signUp('writer');
  for (const client of [reader, writer]) await client.request('POST', '/api/insert-course-member/', { courseID: courseId });
  const seeded: { id: string }[] = [];
  for (let i = 0; i < SEEDED_MESSAGES; i += 1) {
    seeded.push(
      await writer.request('POST', '/api/insert-course-message/', {
        courseID: courseId,
        message: `Seed message ${i}: who is going to office hours on Thursday?`,
      }),
    );
  }
  const newest = seeded.at(-1)!.id;
  const readPath = `/api/select-course-messages/${courseId}/${readerId}/`;
  const sessionHeaders = { Cookie: reader.cookieHeader };
  const idlePoll = `${appUrl}${readPath}?after=${newest}`;
  const naivePoll = `${appUrl}${readPath}?after=${seeded[SEEDED_MESSAGES - 501].id}`;
  const check = await (await fetch(idlePoll, { headers: sessionHeaders })).json();
  const naive = await (await fetch(naivePoll, { headers: sessionHeaders })).json();
  if (!Array.isArray(check) || check.length !== 0 || !Array.isArray(naive) || naive.length !== 500) {
    throw new Error(`setup went wrong: idle poll answered ${JSON.stringify(check).slice(0, 200)}, naive poll ${naive.length}`);
  }
  console.log(`set up in ${((performance.now() - started) / 1000).toFixed(1)} s; measuring ${SECONDS} s per scenario`);

  // BENCH_SECONDS=0 skips part one.
  if (SECONDS > 0) {
    const rows: Row[] = [];
    // The baseline always runs: every other row is a ratio to it.
    rows.push(
      await measure('baseline: bare Koa handler', 100, { url: `${bareUrl}/` }, await bodySize(`${bareUrl}/`, {}), bare.pid, SECONDS),
    );
    const idleBytes = await bodySize(idlePoll, sessionHeaders);
    if (SCENARIOS.has('idle100'))
      rows.push(await measure('idle poll (?after=newest)', 100, { url: idlePoll, headers: sessionHeaders }, idleBytes, app.pid, SECONDS));
    if (SCENARIOS.has('idle1000'))
      rows.push(await measure('idle poll (?after=newest)', 1000, { url: idlePoll, headers: sessionHeaders }, idleBytes, app.pid, SECONDS));
    if (SCENARIOS.has('naive')) {
      rows.push(
        await measure(
          'naive poll (last 500 each time)',
          100,
          { url: naivePoll, headers: sessionHeaders },
          await bodySize(naivePoll, sessionHeaders),
          app.pid,
          SECONDS,
        ),
      );
    }
    const postBody = JSON.stringify({ courseID: courseId, message: 'Benchmark message: see you at Marston at 7?' });
    if (SCENARIOS.has('posting'))
      rows.push(
        await measure(
          'posting (insert-course-message)',
          100,
          {
            url: `${appUrl}/api/insert-course-message/`,
            method: 'POST',
            headers: { Cookie: writer.cookieHeader, 'X-CSRFToken': writer.token, 'Content-Type': 'application/json' },
            body: postBody,
          },
          Buffer.byteLength(JSON.stringify(seeded[0])),
          app.pid,
          SECONDS,
        ),
      );

    const base = rows[0];
    const pad = (text: string | number, width: number) => String(text).padStart(width);
    console.log('');
    console.log(
      `${'scenario'.padEnd(34)}${pad('conns', 6)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('bytes', 8)}` +
        `${pad('req/s x', 9)}${pad('p50 x', 7)}${pad('p99 x', 7)}${pad('bytes x', 9)}${pad('non-2xx', 9)}${pad('errors', 8)}` +
        `${pad('CPU us', 8)}${pad('CPU x', 7)}`,
    );
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(34)}${pad(row.connections, 6)}${pad(Math.round(row.rps), 9)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.bodyBytes, 8)}` +
          `${pad((row.rps / base.rps).toFixed(2), 9)}${pad((row.p50 / Math.max(base.p50, 1)).toFixed(1), 7)}${pad((row.p99 / Math.max(base.p99, 1)).toFixed(1), 7)}` +
          `${pad((row.bodyBytes / base.bodyBytes).toFixed(0), 9)}${pad(row.non2xx, 9)}${pad(row.errors, 8)}` +
          `${pad(Math.round(row.cpuMicros), 8)}${pad((base.cpuMicros / row.cpuMicros).toFixed(2), 7)}`,
      );
    }
    console.log('');
    console.log('bytes: response body per request (a posted message for posting); "x": the ratio to the baseline row.');
    console.log("CPU us: the server process's CPU time per request; CPU x: the baseline's per-request CPU over this row's, the throughput");
    console.log('ratio one core would give (Postgres and Redis not counted), and steadier than req/s x on a machine others load.');
  }

  if (STUDENTS.length) await longPollPart(url.toString(), appUrl, app.pid, writer);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Rooms, students (each in one room), their memberships and signed-in sessions, written straight to Postgres and Redis. */
async function seedStudents(databaseUrl: string, writerId: number, count: number): Promise<{ courseIds: number[]; waiters: Waiter[] }> {
  const knex = createKnex({ kind: 'postgres', url: databaseUrl });
  const redis = new Redis(redisUrl!);
  try {
    const courseIds = await insertSections(
      knex,
      Array.from({ length: ROOMS }, (_, i) => ({ classNumber: 80_000 + i, name: `Bench room ${i}` })),
    );
    await knex('course_members').insert(courseIds.map((courseId) => ({ course_id: courseId, user_id: writerId })));
    const waiters: Waiter[] = [];
    for (let from = 0; from < count; from += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, count - from) }, (_, j) => from + j);
      const users = await insertStudents(knex, batch);
      await knex('course_members').insert(users.map((userId, j) => ({ course_id: courseIds[(from + j) % ROOMS], user_id: userId })));
      const now = Date.now();
      const sessions = redis.pipeline();
      for (const [j, userId] of users.entries()) {
        waiters.push({
          userId,
          courseId: courseIds[(from + j) % ROOMS],
          cookie: signedInSession(sessions, { prefix, secret: SECRET, userId, now }).cookie,
        });
      }
      await sessions.exec();
    }
    return { courseIds, waiters };
  } finally {
    await knex.destroy();
    redis.disconnect();
  }
}

async function longPollPart(databaseUrl: string, appUrl: string, appPid: number, writer: Client): Promise<void> {
  const most = Math.max(...STUDENTS);
  const seeding = performance.now();
  const writerId = (await writer.request('GET', '/api/is-authenticated/')).user.id as number;
  const { courseIds, waiters } = await seedStudents(databaseUrl, writerId, most);
  console.log('');
  console.log(
    `long poll: ${most} students seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ?wait=${WAIT}, ${RATE} posts/s across ${ROOMS} rooms for ${LONG_POLL_SECONDS} s, then ${IDLE_SECONDS} s with no posts`,
  );

  const postErrors = new Map<string, number>();
  const post = async (courseId: number) => {
    const res = await fetch(`${appUrl}/api/insert-course-message/`, {
      method: 'POST',
      headers: { Cookie: writer.cookieHeader, 'X-CSRFToken': writer.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ courseID: courseId, message: 'Long-poll bench: who is at Marston?' }),
    });
    const body = (await res.json()) as { id?: string };
    return { status: res.status, id: body.id };
  };
  const results: { active: FleetStats; idle: FleetStats }[] = [];
  for (const students of STUDENTS) {
    const fleet = new LongPollFleet(appUrl, WAIT);
    // A cursor just before now: nothing after it yet, so every student starts waiting.
    await fleet.start(waiters.slice(0, students), `${Date.now() - 1}-0`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    let cpu = cpuSeconds(appPid);
    fleet.beginWindow();
    const stopPoster = startPoster(fleet, post, courseIds, RATE, (kind) => postErrors.set(kind, (postErrors.get(kind) ?? 0) + 1));
    await new Promise((resolve) => setTimeout(resolve, LONG_POLL_SECONDS * 1_000));
    await stopPoster();
    // Let the last answers arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const active = fleet.endWindow(students, appPid, cpu);
    cpu = cpuSeconds(appPid);
    fleet.beginWindow();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1_000));
    const idle = fleet.endWindow(students, appPid, cpu);
    await fleet.stop();
    results.push({ active, idle });
    process.stdout.write(
      `  ${students} waiting students: done; ${active.notWaiting} of ${active.latencies.length} deliveries to a student not waiting at the 201`,
    );
    process.stdout.write(`${active.errors + idle.errors ? `; errors: ${describeErrors(active)} ${describeErrors(idle)}` : ''}\n`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  if (postErrors.size) console.log(`  posting errors: ${[...postErrors].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log('');
  console.log(
    `${'waiting students'.padEnd(18)}${pad('posted', 8)}${pad('delivered', 11)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}` +
      `${pad('req/min', 9)}${pad('idle req/min', 14)}${pad('errors', 8)}${pad('CPU %', 7)}${pad('idle CPU %', 12)}${pad('RSS MB', 8)}${pad('load lag', 10)}`,
  );
  for (const { active, idle } of results) {
    const sorted = [...active.latencies].sort((x, y) => x - y);
    const perMinute = (stats: FleetStats) => (stats.requests / stats.students / (stats.seconds / 60)).toFixed(2);
    console.log(
      `${String(active.students).padEnd(18)}${pad(active.posted, 8)}${pad(sorted.length, 11)}${pad(percentile(sorted, 50).toFixed(1), 8)}` +
        `${pad(percentile(sorted, 99).toFixed(1), 8)}${pad((sorted.at(-1) ?? NaN).toFixed(1), 8)}${pad(perMinute(active), 9)}${pad(perMinute(idle), 14)}` +
        `${pad(active.errors + idle.errors, 8)}${pad(active.cpuPercent.toFixed(0), 7)}${pad(idle.cpuPercent.toFixed(0), 12)}${pad(Math.max(active.rssMb, idle.rssMb), 8)}` +
        `${pad(active.loadLagMs.toFixed(0), 10)}`,
    );
  }
  console.log('');
  console.log(
    "delivered: (message, waiter) answers; latency from the post's 201 to the waiter's answer; req/min: requests per student per minute",
  );
  console.log('while posting and with nothing posted; CPU % and RSS: the app process (100 % = one core); load lag: the load');
  console.log("generator's event-loop delay p99 in ms while posting (when high, it limited the figures, not the app).");
}

function describeErrors(stats: FleetStats): string {
  const seconds = [...stats.errorSeconds].map(([second, n]) => `${n}@${second}s`).join(' ');
  return `${[...stats.errorKinds].map(([kind, n]) => `${n} ${kind}`).join(', ')} (${seconds})`;
}

async function cleanUp(): Promise<void> {
  await stopProcesses();
  await admin(`drop database if exists "${database}" with (force)`).catch(() => undefined);
  const redis = new Redis(redisUrl!);
  const keys = await keysUnder(redis, `${prefix}*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  redis.disconnect();
}

try {
  await main();
} catch (error) {
  console.error('bench:chat failed:', error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
