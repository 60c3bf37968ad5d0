// GET /readyz as the outside sees it: the load balancer's probe (and anyone on
// the internet) learns ready or not, by status and a word, never a dependency's
// error text (a host name, a port, a driver's message); that detail goes to the
// log, once per change rather than once per probe.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INFRA } from '@adapters/container';
import type { RunningServer } from '@adapters/server';
import { embeddedTarget, servicesTarget, startTestApp, type AppTarget } from '@tests/support/test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

interface Line {
  level: number;
  msg: string;
  checks?: Record<string, string>;
}

const WARN = 40;
/** What a real driver's failure says: the host, the port, the driver's words. */
const SECRET = 'connect ECONNREFUSED db-7.internal.ufl.example:6432 (password authentication failed for user "swamp_app")';

function readinessSuite(mode: AppTarget['name']) {
  let server: RunningServer;
  let cleanup = async () => {};
  const lines: Line[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    }),
  );

  beforeAll(async () => {
    let target: AppTarget;
    if (mode === 'services') {
      const db = await createTestDatabase();
      const prefix = uniqueRedisPrefix();
      cleanup = async () => {
        await clearRedisPrefix(prefix);
        await db.drop();
      };
      target = servicesTarget(db.url, redisUrl(), prefix);
    } else {
      target = embeddedTarget();
    }
    server = await startTestApp(target, {}, logger);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
    await cleanup();
  });

  const probe = async () => {
    const res = await fetch(`${server.url}/readyz`);
    return { status: res.status, text: await res.text(), retryAfter: res.headers.get('retry-after') };
  };

  it('answers ready with its status alone', async () => {
    const ready = await probe();
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready' });
  });

  it("answers 503 without the failing database's error text, which goes to the log once", async () => {
    const db = server.resolve(INFRA.Knex);
    const raw = db.raw.bind(db);
    vi.spyOn(db, 'raw').mockImplementation(((sql: string, ...rest: unknown[]) =>
      sql === 'select 1' ? Promise.reject(new Error(SECRET)) : (raw as (...args: unknown[]) => unknown)(sql, ...rest)) as typeof db.raw);
    lines.length = 0;
    try {
      const first = await probe();
      const second = await probe();
      for (const answer of [first, second]) {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toBe('5');
        expect(JSON.parse(answer.text)).toEqual({
          error: 'SERVICE_UNAVAILABLE',
          message: 'This server is not ready.',
          status: 'unavailable',
        });
        for (const piece of ['ECONNREFUSED', 'db-7', 'internal', '6432', 'password', 'swamp_app', 'database', 'checks'])
          expect(answer.text).not.toContain(piece);
      }
      // The operator reads which check failed and why in the log: one line for the change, not one per probe.
      const warnings = lines.filter((line) => line.level === WARN && line.msg.startsWith('not ready'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0].checks).toMatchObject({ database: SECRET, migrations: 'ok' });
    } finally {
      vi.mocked(db.raw).mockRestore();
    }
    lines.length = 0;
    expect(JSON.parse((await probe()).text)).toEqual({ status: 'ready' });
    expect(lines.filter((line) => line.msg.startsWith('ready again'))).toHaveLength(1);
  });

  if (mode === 'services') {
    it("answers 503 without the failing Redis's error text", async () => {
      const redis = server.resolve(INFRA.Redis);
      vi.spyOn(redis, 'ping').mockRejectedValue(new Error(`connect ETIMEDOUT redis-3.internal.ufl.example:6380`));
      try {
        const answer = await probe();
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.text)).toEqual({
          error: 'SERVICE_UNAVAILABLE',
          message: 'This server is not ready.',
          status: 'unavailable',
        });
        for (const piece of ['ETIMEDOUT', 'redis', '6380', 'internal']) expect(answer.text).not.toContain(piece);
      } finally {
        vi.mocked(redis.ping).mockRestore();
      }
    });
  }
}

describe('readiness probe, embedded default', () => readinessSuite('embedded'));
describe.skipIf(!hasPostgres() || !hasRedis())('readiness probe, Postgres + Redis', () => readinessSuite('services'));
