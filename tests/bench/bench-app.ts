// What the benchmarks share: their own database on the Postgres they are
// given, the app and other servers as processes of their own (stopped at the
// end), a client with a session and the CSRF token, autocannon runs with the
// server's CPU time per request, and students and courses written straight
// to the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ChainableCommander } from 'ioredis';
import pg from 'pg';
import type { Knex } from 'knex';
import { sectionEntry } from '@tests/support/catalog-entries';
import { knexCatalog } from '@tests/support/catalog-store';
import { canonicalName } from '@domain/user/canonical-name';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '@adapters/http/session';
import { cpuSeconds } from './long-poll-load';

const root = path.resolve(import.meta.dirname, '../..');
export const databaseBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
export const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const children: ChildProcess[] = [];

export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseBase });
  await client.connect();
  await client.query(sql);
  await client.end();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<{ url: string; pid: number }> {
  const port = await freePort();
  // BENCH_APP_LOG=file keeps the processes' log lines (to look into errors); by default they are dropped.
  const log = process.env.BENCH_APP_LOG ? openSync(process.env.BENCH_APP_LOG, 'a') : 'ignore';
  // Built JavaScript runs as is (as npm start runs the app); TypeScript through tsx.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const { NODE_OPTIONS: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${script} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url + readyPath)).ok) return { url, pid: child.pid! };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${script} did not start`);
}

/** Just enough of a browser: cookies and the CSRF token. */
export class Client {
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
      firstName: name,
      lastName: 'Bench',
      major: 'Load Testing',
      email: `${username}@ufl.edu`,
      username,
      password: 'bench-bench-42',
      year: '3',
      bio: '',
    });
    this.token = (await this.request('GET', '/api/get-token/')).token;
    return answer.user.id as number;
  }
}

export interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bodyBytes: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per request: unlike req/s, barely moved by other load on the machine. */
  cpuMicros: number;
}

export async function measure(
  name: string,
  connections: number,
  options: autocannon.Options,
  bodyBytes: number,
  serverPid: number,
  seconds: number,
): Promise<Row> {
  // A short warm-up on the same path, then the measured run.
  await autocannon({ ...options, connections: Math.min(connections, 50), duration: 1 });
  const cpuBefore = cpuSeconds(serverPid);
  // Without a callback autocannon answers its running instance, which is also a promise of the result.
  const run = autocannon({ ...options, connections, duration: seconds }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  const failures = new Map<string, number>();
  run.on('reqError', (error: Error & { code?: string }) => {
    const kind = error.code ?? error.message;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  });
  const result = await run;
  const cpuUsed = cpuSeconds(serverPid) - cpuBefore;
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
    cpuMicros: (cpuUsed / Math.max(1, result.requests.total)) * 1e6,
  };
}

export async function bodySize(url: string, headers: Record<string, string>): Promise<number> {
  return (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
}

/** Sections of COP3502C in Fall 2025 (each its own course: the names differ), through the catalog; answers their courses' ids (the rooms) in order. */
export async function insertSections(knex: Knex, sections: { classNumber: number; name: string }[]): Promise<number[]> {
  await knexCatalog(knex).upsert(sections.map(({ classNumber, name }) => sectionEntry({ courseNumber: 'COP3502C', name, classNumber })));
  const rows = (await knex('courses')
    .where({ term: 'Fall 2025' })
    .whereIn(
      'class_number',
      sections.map((s) => s.classNumber),
    )
    .select('course_group_id as id', 'class_number')) as { id: number; class_number: number }[];
  // The courses of the sections: their rooms.
  const byNumber = new Map(rows.map((row) => [row.class_number, row.id]));
  return sections.map((s) => byNumber.get(s.classNumber)!);
}

export async function insertStudents(knex: Knex, numbers: number[]): Promise<number[]> {
  const rows = numbers.map((n) => {
    const username = `bench${process.pid % 1000}s${n}`;
    const email = `${username}@ufl.edu`;
    return {
      first_name: 'Bench',
      last_name: 'Student',
      username,
      username_canonical: canonicalName(username),
      email,
      email_canonical: canonicalName(email),
      password_hash: 'not-a-real-hash',
      major: 'Load Testing',
      year: 2,
    };
  });
  return (await knex('users').insert(rows).returning('id')).map((row: { id: number }) => row.id);
}

/** Stops every process started here and waits for them to exit. */
export async function stopProcesses(): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(exited);
}

/** A signed-in session written straight to Redis (in the pipeline): the cookie a browser would send with it, and its CSRF token. */
export function signedInSession(
  sessions: ChainableCommander,
  { prefix, secret, userId, now }: { prefix: string; secret: string; userId: number; now: number },
): { cookie: string; csrf: string } {
  const sid = randomBytes(18).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  const data = {
    userId,
    csrf,
    touchedAt: now,
    _expire: now + SESSION_MAX_AGE_MS,
    _maxAge: SESSION_MAX_AGE_MS,
  };
  sessions.set(`${prefix}session:${sid}`, JSON.stringify(data), 'PX', SESSION_MAX_AGE_MS);
  const signature = createHmac('sha1', secret).update(`${SESSION_COOKIE}=${sid}`).digest('base64url');
  return { cookie: `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${signature}`, csrf };
}
