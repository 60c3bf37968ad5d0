// `npm run bench:chat`: the chat's hot path under load, in one run, against a
// real app server in services mode (its own process, Postgres + Redis from
// TEST_DATABASE_URL / TEST_REDIS_URL, else DATABASE_URL / REDIS_URL), beside a
// bare Koa handler in a process of its own as the baseline:
//   1. baseline: a bare Koa handler answering [] (100 connections)
//   2. idle poll: ?after=<newest id> with a valid session, nothing new (100 and 1,000 connections)
//   3. naive poll: the last 500 messages on every poll (100 connections)
//   4. posting: insert-course-message (100 connections; the rate limit lifted for the run)
// Prints requests/s, p50/p99 latency and bytes per poll, each as a ratio to the baseline.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createKnex } from '../../adapters/database/create-knex';
import { migrateToLatest } from '../../adapters/database/migration-source';
import { keysUnder } from '../support/chat-fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const databaseBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SEEDED_MESSAGES = 600;

if (!databaseBase || !redisUrl) {
  console.error('bench:chat needs Postgres and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL (or DATABASE_URL and REDIS_URL).');
  process.exit(1);
}

const database = `ss_bench_chat_${process.pid}`;
const prefix = `bench:chat:${process.pid}:`;
const children: ChildProcess[] = [];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseBase });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startProcess(script: string, env: Record<string, string>, readyPath: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${script} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url + readyPath)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${script} did not start`);
}

/** Just enough of a browser: cookies and the CSRF token. */
class Client {
  cookies = new Map<string, string>();
  token = '';
  constructor(private readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, pathname: string, body?: unknown): Promise<any> {
    const headers: Record<string, string> = { Cookie: this.cookieHeader };
    if (method === 'POST') Object.assign(headers, { 'Content-Type': 'application/json', 'X-CSRFToken': this.token });
    const res = await fetch(this.base + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const answer = await res.json();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  async signUp(name: string): Promise<number> {
    this.token = (await this.request('GET', '/api/get-token/')).token;
    const username = `${name}${process.pid}`;
    const answer = await this.request('POST', '/api/signup/', {
      firstName: name, lastName: 'Bench', major: 'Load Testing', email: `${username}@ufl.edu`, username, password: 'bench-bench-42', year: '3', bio: '',
    });
    this.token = (await this.request('GET', '/api/get-token/')).token;
    return answer.user.id as number;
  }
}

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bodyBytes: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, connections: number, options: autocannon.Options, bodyBytes: number): Promise<Row> {
  // A short warm-up on the same path, then the measured run.
  await autocannon({ ...options, connections: Math.min(connections, 50), duration: 1 });
  // Without a callback autocannon answers its running instance, which is also a promise of the result.
  const run = autocannon({ ...options, connections, duration: SECONDS }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  const failures = new Map<string, number>();
  run.on('reqError', (error: Error & { code?: string }) => {
    const kind = error.code ?? error.message;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  });
  const result = await run;
  const failed = [...failures].map(([kind, count]) => `${count} ${kind}`).join(', ');
  process.stdout.write(`  ${name} (${connections}): done${failed ? `; connection errors: ${failed}` : ''}\n`);
  return {
    name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bodyBytes,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function bodySize(url: string, headers: Record<string, string>): Promise<number> {
  return (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
}

async function main() {
  const started = performance.now();
  await admin(`create database "${database}"`);
  const url = new URL(databaseBase!);
  url.pathname = `/${database}`;
  const knex = createKnex({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(knex);
  const [{ id: courseId }] = await knex('courses')
    .insert({ term: 'Fall 2025', class_number: 99001, course_number: 'COP3502C', name: 'Programming Fundamentals 1' })
    .returning('id');
  await knex.destroy();

  const [appUrl, bareUrl] = await Promise.all([
    startProcess('adapters/main.ts', {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: prefix,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      COOKIE_SECURE: 'false',
      BCRYPT_COST: '10',
      LOG_LEVEL: 'warn',
      CHAT_POST_LIMIT: '1000000',
    }, '/api/is-authenticated/'),
    startProcess('tests/bench/bare-koa-server.ts', {}, '/'),
  ]);

  // A reader and a writer in the course, and a room with history.
  const reader = new Client(appUrl);
  const writer = new Client(appUrl);
  const readerId = await reader.signUp('reader');
  await writer.signUp('writer');
  for (const client of [reader, writer]) await client.request('POST', '/api/insert-course-member/', { courseID: courseId });
  const seeded: { id: string }[] = [];
  for (let i = 0; i < SEEDED_MESSAGES; i += 1) {
    seeded.push(await writer.request('POST', '/api/insert-course-message/', { courseID: courseId, message: `Seed message ${i}: who is going to office hours on Thursday?` }));
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

  const rows: Row[] = [];
  rows.push(await measure('baseline: bare Koa handler', 100, { url: `${bareUrl}/` }, await bodySize(`${bareUrl}/`, {})));
  const idleBytes = await bodySize(idlePoll, sessionHeaders);
  rows.push(await measure('idle poll (?after=newest)', 100, { url: idlePoll, headers: sessionHeaders }, idleBytes));
  rows.push(await measure('idle poll (?after=newest)', 1000, { url: idlePoll, headers: sessionHeaders }, idleBytes));
  rows.push(await measure('naive poll (last 500 each time)', 100, { url: naivePoll, headers: sessionHeaders }, await bodySize(naivePoll, sessionHeaders)));
  const postBody = JSON.stringify({ courseID: courseId, message: 'Benchmark message: see you at Marston at 7?' });
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
    ),
  );

  const base = rows[0];
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log('');
  console.log(
    `${'scenario'.padEnd(34)}${pad('conns', 6)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('bytes', 8)}` +
      `${pad('req/s x', 9)}${pad('p50 x', 7)}${pad('p99 x', 7)}${pad('bytes x', 9)}${pad('non-2xx', 9)}${pad('errors', 8)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(34)}${pad(row.connections, 6)}${pad(Math.round(row.rps), 9)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.bodyBytes, 8)}` +
        `${pad((row.rps / base.rps).toFixed(2), 9)}${pad((row.p50 / Math.max(base.p50, 1)).toFixed(1), 7)}${pad((row.p99 / Math.max(base.p99, 1)).toFixed(1), 7)}` +
        `${pad((row.bodyBytes / base.bodyBytes).toFixed(0), 9)}${pad(row.non2xx, 9)}${pad(row.errors, 8)}`,
    );
  }
  console.log('');
  console.log('bytes: response body per request (a posted message for posting); "x": the ratio to the baseline row.');
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function cleanUp(): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(exited);
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
