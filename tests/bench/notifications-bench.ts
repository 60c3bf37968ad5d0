// `npm run bench:notifications` (issue 26): do the notification jobs keep up,
// and what do they cost posting? Against real app servers in services mode
// (processes of their own, Postgres + Redis from TEST_DATABASE_URL /
// TEST_REDIS_URL, else DATABASE_URL / REDIS_URL), with BENCH_STUDENTS
// (10,000) students in BENCH_GROUPS (500) groups of one course, each student
// with a device at a push service on this machine (a bare HTTP server that
// takes every push), all written straight to the database.
//   1. Keeping up: BENCH_RATE (20) messages a second for BENCH_POST_SECONDS
//      (60), each by a group's owner in its group, to an app server running
//      the jobs (gather window BENCH_GATHER seconds: 120, the default). Its /metrics is read
//      every second: the oldest due job's age must stay under 5 s.
//   2. Posting: autocannon on posting (100 connections, BENCH_SECONDS each,
//      three times in turn) to that server, and to a second on the same stores with
//      NOTIFY_GATHER_SECONDS=0 (queues nothing: the baseline); the rate may
//      fall by at most 10 %.
// Short check: BENCH_STUDENTS=1000 BENCH_GROUPS=50 BENCH_POST_SECONDS=10 BENCH_GATHER=10 BENCH_SECONDS=3 npm run bench:notifications
import http from 'node:http';
import { createECDH, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildAll, isBuildCurrent, SERVER_ENTRY } from '@adapters/cli/build.mjs';
import { createKnex } from '@adapters/database/create-knex';
import { migrateToLatest } from '@adapters/database/migration-source';
import { sample } from '@tests/support/metrics-scrape';
import { operatorVapidKeys } from '@tests/support/vapid-keys';
import {
  admin,
  databaseBase,
  insertSections,
  insertStudents,
  measure,
  redisUrl,
  signedInSession,
  startProcess,
  stopProcesses,
} from './bench-app';
import { keysUnder } from '@tests/support/chat-fixtures';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const POST_SECONDS = Number(process.env.BENCH_POST_SECONDS ?? 60);
const GATHER = Number(process.env.BENCH_GATHER ?? 120);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const OLDEST_LIMIT_S = 5;
const POSTING_DROP_LIMIT = 0.1;

if (!databaseBase || !redisUrl) {
  console.error('bench:notifications needs Postgres and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL (or DATABASE_URL and REDIS_URL).');
  process.exit(1);
}
const database = `ss_bench_notify_${process.pid}`;
const prefix = `bench:notify:${process.pid}:`;

/** A push service that takes everything (201) and counts it. */
async function startPushSink(): Promise<{ url: string; received: () => number; close: () => void }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received: () => received, close: () => server.close() };
}

interface Seeded {
  /** Per group: its id and its owner's session. */
  groups: { id: number; cookie: string; csrf: string }[];
}

/** The course, the students (each with a device), the groups (the first student of each block its owner) and the owners' sessions. */
async function seed(databaseUrl: string, pushUrl: string): Promise<Seeded> {
  const knex = createKnex({ kind: 'postgres', url: databaseUrl });
  const redis = new Redis(redisUrl!);
  try {
    const [courseId] = await insertSections(knex, [{ classNumber: 99002, name: 'Notification bench' }]);
    // One key pair for every device: the sender encrypts per device all the same.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
    const users: number[] = [];
    for (let from = 0; from < STUDENTS; from += 1_000) {
      const batch = await insertStudents(
        knex,
        Array.from({ length: Math.min(1_000, STUDENTS - from) }, (_, j) => from + j),
      );
      await knex('course_members').insert(batch.map((userId) => ({ course_id: courseId, user_id: userId })));
      await knex('push_subscriptions').insert(
        batch.map((userId) => ({ user_id: userId, endpoint: `${pushUrl}/device/${userId}`, ...keys, created_at: new Date() })),
      );
      users.push(...batch);
    }
    const size = Math.floor(STUDENTS / GROUPS);
    const groups: Seeded['groups'] = [];
    const sessions = redis.pipeline();
    for (let g = 0; g < GROUPS; g += 1) {
      const members = users.slice(g * size, (g + 1) * size);
      const [{ id }] = await knex('study_groups')
        .insert({ course_id: courseId, owner_id: members[0], name: `Bench group ${g}`, description: 'bench' })
        .returning('id');
      await knex('study_group_members').insert(members.map((userId) => ({ study_group_id: id, user_id: userId })));
      groups.push({ id, ...signedInSession(sessions, { prefix, secret: SECRET, userId: members[0], now: Date.now() }) });
    }
    await sessions.exec();
    return { groups };
  } finally {
    await knex.destroy();
    redis.disconnect();
  }
}

const QUEUES = ['room-messages', 'group-events', 'meeting-reminders', 'mail-digest'];

/** Per queue: jobs due now, and how long the oldest of them has waited past its start (s). */
async function jobsSample(appUrl: string): Promise<Map<string, { due: number; oldest: number }>> {
  const text = await (await fetch(`${appUrl}/metrics`)).text();
  return new Map(
    QUEUES.map((queue) => [
      queue,
      {
        due: sample(text, 'studyswamp_jobs_due', { queue }) ?? NaN,
        oldest: sample(text, 'studyswamp_jobs_oldest_due_seconds', { queue }) ?? NaN,
      },
    ]),
  );
}

function post(appUrl: string, group: Seeded['groups'][number], message: string): Promise<number> {
  return fetch(`${appUrl}/api/insert-study-group-message/`, {
    method: 'POST',
    headers: { Cookie: group.cookie, 'X-CSRFToken': group.csrf, 'Content-Type': 'application/json' },
    body: JSON.stringify({ studyGroupID: group.id, message }),
  }).then(
    (res) => res.status,
    () => 0,
  );
}

async function keepingUp(appUrl: string, seeded: Seeded, pushes: () => number): Promise<boolean> {
  console.log(
    `keeping up: ${RATE} messages/s for ${POST_SECONDS} s across ${GROUPS} groups of ${Math.floor(STUDENTS / GROUPS)}; gather window ${GATHER} s`,
  );
  const statuses = new Map<number, number>();
  const samples: Map<string, { due: number; oldest: number }>[] = [];
  const sampler = setInterval(
    () =>
      void jobsSample(appUrl).then(
        (s) => samples.push(s),
        () => undefined,
      ),
    1_000,
  );
  const posts: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < RATE * POST_SECONDS; i += 1) {
    const due = started + (i * 1_000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    posts.push(
      post(appUrl, seeded.groups[i % GROUPS], `Bench message ${i}: who is at Marston?`).then(
        (s) => void statuses.set(s, (statuses.get(s) ?? 0) + 1),
      ),
    );
  }
  await Promise.all(posts);
  // Until every queue is drained after the last window's batches came due (or two windows and a minute passed).
  const deadline = performance.now() + (2 * GATHER + 60) * 1_000;
  const drained = () => [...(samples.at(-1)?.values() ?? [])].every((q) => q.due === 0);
  while (performance.now() < deadline && !(drained() && performance.now() - started > (POST_SECONDS + GATHER + 3) * 1_000)) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  clearInterval(sampler);
  const worst = (queue: string, field: 'due' | 'oldest') =>
    Math.max(0, ...samples.map((s) => s.get(queue)![field]).filter(Number.isFinite));
  console.log(`  posted: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}; pushes received: ${pushes()}`);
  for (const queue of QUEUES) {
    console.log(
      `  ${queue.padEnd(18)} jobs due at most ${String(worst(queue, 'due')).padStart(5)}; oldest due job at most ${worst(queue, 'oldest').toFixed(1)} s`,
    );
  }
  const oldest = Math.max(...QUEUES.map((queue) => worst(queue, 'oldest')));
  console.log(`  oldest due job of any queue: ${oldest.toFixed(1)} s (limit ${OLDEST_LIMIT_S} s); drained: ${drained()}`);
  return oldest < OLDEST_LIMIT_S && drained() && statuses.size === 1 && statuses.has(201);
}

async function postingCost(
  withJobs: { url: string; pid: number },
  without: { url: string; pid: number },
  seeded: Seeded,
): Promise<boolean> {
  const group = seeded.groups[0];
  const options = (url: string) => ({
    url: `${url}/api/insert-study-group-message/`,
    method: 'POST' as const,
    headers: { Cookie: group.cookie, 'X-CSRFToken': group.csrf, 'Content-Type': 'application/json' },
    body: JSON.stringify({ studyGroupID: group.id, message: 'Benchmark message: see you at Marston at 7?' }),
  });
  const rates = { with: [] as number[], without: [] as number[] };
  const run = async (which: 'with' | 'without') => {
    const server = which === 'with' ? withJobs : without;
    rates[which].push((await measure(`posting, ${which} notifications`, 100, options(server.url), 0, server.pid, SECONDS)).rps);
  };
  // In turn, each first once: neither gains from running second (a warmer machine, a fuller table).
  for (const which of ['without', 'with', 'with', 'without', 'without', 'with'] as const) await run(which);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const drop = 1 - mean(rates.with) / mean(rates.without);
  console.log(
    `  posting req/s: without notifications ${rates.without.map(Math.round).join(', ')}; with ${rates.with.map(Math.round).join(', ')}; ` +
      `change ${(-drop * 100).toFixed(1)} % (limit -${POSTING_DROP_LIMIT * 100} %)`,
  );
  return drop <= POSTING_DROP_LIMIT;
}

async function main(): Promise<boolean> {
  if (!(await isBuildCurrent())) await buildAll();
  await admin(`create database "${database}"`);
  const url = new URL(databaseBase!);
  url.pathname = `/${database}`;
  const migrating = createKnex({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(migrating);
  await migrating.destroy();
  const sink = await startPushSink();
  const seeding = performance.now();
  const seeded = await seed(url.toString(), sink.url);
  console.log(
    `seeded ${STUDENTS} students with a device each in ${GROUPS} groups in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl!,
    REDIS_KEY_PREFIX: prefix,
    SESSION_SECRET: SECRET,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'warn',
    CHAT_POST_LIMIT: '1000000',
    EMAIL_VERIFICATION: 'optional',
    ...operatorVapidKeys(),
  };
  const withJobs = await startProcess(SERVER_ENTRY, { ...env, NOTIFY_GATHER_SECONDS: String(GATHER) }, '/api/is-authenticated/');
  const without = await startProcess(
    SERVER_ENTRY,
    { ...env, NOTIFY_GATHER_SECONDS: '0', NOTIFICATION_WORKER: 'false' },
    '/api/is-authenticated/',
  );
  try {
    const kept = await keepingUp(withJobs.url, seeded, sink.received);
    const cheap = SECONDS > 0 ? await postingCost(withJobs, without, seeded) : true;
    console.log(kept && cheap ? 'PASS' : 'FAIL');
    return kept && cheap;
  } finally {
    sink.close();
  }
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
  if (!(await main())) process.exitCode = 1;
} catch (error) {
  console.error('bench:notifications failed:', error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
