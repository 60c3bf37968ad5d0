// Behind a load balancer (TRUST_PROXY) the client's address comes from
// X-Forwarded-For, but only the entries the operator's own proxies appended:
// a client that writes its own X-Forwarded-For cannot pose as another address
// (the login guard and the anonymous throttles count per address).
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@adapters/config';
import { startServer, type RunningServer } from '@adapters/server';
import { servicesTarget, TEST_SECRET } from '@tests/support/test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

describe.skipIf(!hasPostgres() || !hasRedis())('the client address behind proxies', () => {
  const servers: RunningServer[] = [];
  const databases: TestDatabase[] = [];
  const prefixes: string[] = [];

  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const prefix of prefixes) await clearRedisPrefix(prefix);
    for (const db of databases) await db.drop();
  });

  /** Starts an app with TRUST_PROXY as given; answers the address its access log records for a request with this X-Forwarded-For. */
  async function addressSeen(trustProxy: string, forwardedFor: string): Promise<string> {
    const lines: { path?: string; ip?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const db = await createTestDatabase();
    databases.push(db);
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    const target = servicesTarget(db.url, redisUrl()!, prefix);
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      BCRYPT_COST: '4',
      SESSION_SECRET: TEST_SECRET,
      ...target.env,
      TRUST_PROXY: trustProxy,
    });
    const server = await startServer(config, pino({ level: 'info' }, sink));
    servers.push(server);
    await fetch(`${server.url}/api/is-authenticated/`, { headers: { 'X-Forwarded-For': forwardedFor } });
    await expect.poll(() => lines.find((line) => line.path === '/api/is-authenticated/')).toBeDefined();
    return lines.find((line) => line.path === '/api/is-authenticated/')!.ip!;
  }

  it('believes only the entry the one balancer appended (TRUST_PROXY=true)', async () => {
    expect(await addressSeen('true', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('believes as many entries as there are proxies (TRUST_PROXY=2)', async () => {
    expect(await addressSeen('2', '6.6.6.6, 198.51.100.4, 203.0.113.9')).toBe('198.51.100.4');
  });

  it('ignores the header without a proxy in front (TRUST_PROXY=false)', async () => {
    expect(await addressSeen('false', '6.6.6.6')).toMatch(/127\.0\.0\.1$/);
  });
});
