import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@adapters/config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'ss-config-'));

describe('configuration', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const config = parseConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, bcryptCost: 12, nodeEnv: 'development', logLevel: 'info' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT must be 0-65535/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ REDIS_URL: 'not a url' }, /^Invalid configuration: REDIS_URL /],
    [{ REDIS_URL: 'redis://127.0.0.1:6379/cache' }, /^Invalid configuration: REDIS_URL must name its database as a number/],
    [{ SHUTDOWN_TIMEOUT_MS: 'soon' }, /^Invalid configuration: SHUTDOWN_TIMEOUT_MS /],
    [{ KEEP_ALIVE_TIMEOUT_MS: '10' }, /^Invalid configuration: KEEP_ALIVE_TIMEOUT_MS must be 1000-600000/],
    [{ BCRYPT_COST: '3' }, /^Invalid configuration: BCRYPT_COST must be 4-15/],
    [{ METRICS: 'yes' }, /^Invalid configuration: METRICS must be true or false/],
    [{ REDIS_CLUSTER_NODES: 'localhost' }, /^Invalid configuration: REDIS_CLUSTER_NODES must be host:port entries/],
    [
      { REDIS_CLUSTER_NODES: '10.0.0.1:7000', REDIS_URL: 'redis://10.0.0.1:6379' },
      /^Invalid configuration: REDIS_CLUSTER_NODES and REDIS_URL are both set/,
    ],
    [{ REDIS_KEY_PREFIX: 'ss{1}:' }, /^Invalid configuration: REDIS_KEY_PREFIX must not contain \{ or \}/],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY must be true, false or the number of proxies/],
    [{ METRICS_PORT: '99999' }, /^Invalid configuration: METRICS_PORT must be 0-65535/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
    [{ SESSION_SECRET: 'short' }, /^Invalid configuration: SESSION_SECRET must be at least 32/],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: SESSION_SECRET is required when NODE_ENV=production/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), BCRYPT_COST: '8' }, /BCRYPT_COST must be at least 10/],
    [{ PUBLIC_URL: 'swamp.example.edu' }, /^Invalid configuration: PUBLIC_URL must be a http:\/\/ or https:\/\/ URL/],
    [{ PUBLIC_URL: 'https://swamp.example.edu/?x=1' }, /^Invalid configuration: PUBLIC_URL must not have a query or fragment/],
    [{ SMTP_URL: 'http://mail.example.edu' }, /^Invalid configuration: SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: 'Study Swamp' }, /^Invalid configuration: MAIL_FROM must be an address/],
    [{ MAIL_FROM: 'a@b.edu\r\nBcc: everyone@ufl.edu' }, /^Invalid configuration: MAIL_FROM must be an address/],
    [{ EMAIL_VERIFICATION: 'sometimes' }, /^Invalid configuration: EMAIL_VERIFICATION must be required or optional/],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
  });

  it('reads the account settings: links on PUBLIC_URL, mail to SMTP_URL or the outbox, verification required in production', () => {
    const dir = dataDir();
    expect(parseConfig({ DATA_DIR: dir, PORT: '4000' }).accounts).toEqual({
      publicUrl: 'http://localhost:4000',
      emailVerification: 'optional',
      smtpUrl: undefined,
      mailFrom: 'Study Swamp <no-reply@localhost>',
      outboxDir: path.join(dir, 'outbox'),
    });
    const production = parseConfig({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://swamp.example.edu/',
      SMTP_URL: 'smtps://user:pw@mail.example.edu:465',
    }).accounts;
    expect(production).toMatchObject({
      publicUrl: 'https://swamp.example.edu',
      emailVerification: 'required',
      smtpUrl: 'smtps://user:pw@mail.example.edu:465',
      mailFrom: 'Study Swamp <no-reply@swamp.example.edu>',
    });
    expect(
      parseConfig({ DATA_DIR: dir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), EMAIL_VERIFICATION: 'optional' }).accounts
        .emailVerification,
    ).toBe('optional');
    expect(parseConfig({ DATA_DIR: dir, MAIL_FROM: '"Swamp" <help@ufl.edu>' }).accounts.mailFrom).toBe('"Swamp" <help@ufl.edu>');
  });

  it('uses secure cookies in production', () => {
    const config = parseConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) });
    expect(config.cookieSecure).toBe(true);
  });

  it('reads the shutdown and keep-alive timeouts, 10 s and 65 s by default', () => {
    expect(parseConfig({ DATA_DIR: dataDir() })).toMatchObject({ shutdownTimeoutMs: 10_000, keepAliveTimeoutMs: 65_000 });
    expect(parseConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_MS: '2500', KEEP_ALIVE_TIMEOUT_MS: '75000' })).toMatchObject({
      shutdownTimeoutMs: 2_500,
      keepAliveTimeoutMs: 75_000,
    });
    expect(parseConfig({ DATA_DIR: dataDir(), REDIS_URL: 'redis://:pw@127.0.0.1:6379/3' }).redisUrl).toBe('redis://:pw@127.0.0.1:6379/3');
  });

  it('reads a Redis Cluster as a list of nodes', () => {
    expect(
      parseConfig({ DATA_DIR: dataDir(), REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7000,redis://:pw@10.0.0.3:7001' }).redisClusterNodes,
    ).toEqual(['redis://10.0.0.1:7000', 'redis://10.0.0.2:7000', 'redis://:pw@10.0.0.3:7001']);
  });

  it('trusts no proxy by default; true is one balancer in front, a number that many proxies', () => {
    expect(parseConfig({ DATA_DIR: dataDir() })).toMatchObject({ trustProxy: false, proxyHops: 0 });
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' })).toMatchObject({ trustProxy: true, proxyHops: 2 });
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' })).toMatchObject({ trustProxy: false, proxyHops: 0 });
  });

  it('serves metrics by default, on the app port unless METRICS_PORT names another', () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).metrics).toEqual({ enabled: true, port: undefined });
    expect(parseConfig({ DATA_DIR: dataDir(), METRICS: 'false', METRICS_PORT: '9464' }).metrics).toEqual({ enabled: false, port: 9464 });
  });

  it("reads UF's Schedule of Courses URL for catalog:sync, UF's own by default", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).catalog.ufSocUrl).toBe('https://one.uf.edu');
    expect(parseConfig({ DATA_DIR: dataDir(), UF_SOC_URL: 'http://127.0.0.1:4010' }).catalog.ufSocUrl).toBe('http://127.0.0.1:4010');
    expect(() => parseConfig({ DATA_DIR: dataDir(), UF_SOC_URL: 'ftp://one.uf.edu' })).toThrow(
      /^Invalid configuration: UF_SOC_URL must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it("reads the operator's ONE.UF session for catalog:sync as a Cookie header, and never repeats one it refuses", () => {
    const cookie = (value?: string) => parseConfig({ DATA_DIR: dataDir(), UF_SOC_COOKIE: value }).catalog.ufSocCookie;
    expect(cookie()).toBeUndefined();
    expect(cookie('  ')).toBeUndefined();
    expect(cookie('oneuf_sid=s%3Aabc/def+ghi==; _shib=_x9')).toBe('oneuf_sid=s%3Aabc/def+ghi==; _shib=_x9');
    // Pasted from the browser's request headers, name and all.
    expect(cookie('Cookie: oneuf_sid=abc; _shib=x;')).toBe('oneuf_sid=abc; _shib=x;');
    const secret = 'oneuf_sid=Zq8vTtY2wXk4';
    for (const [value, message] of [
      [`${secret}\r\nX-Injected: 1`, 'must be one line of printable ASCII'],
      [`${secret}\u00e9`, 'must be one line of printable ASCII'],
      [`${secret}; Zq8vTtY2wXk4`, 'must be name=value pairs separated by ;'],
      [`${secret}`.repeat(500), 'must be at most 8192 characters'],
    ]) {
      const refusal = (() => {
        try {
          parseConfig({ DATA_DIR: dataDir(), UF_SOC_COOKIE: value });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(refusal).toMatch(
        new RegExp(`^Invalid configuration: UF_SOC_COOKIE ${message}.* \\(got ${value.length} characters, not shown\\)$`),
      );
      expect(refusal).not.toContain('Zq8vTtY2wXk4');
    }
    // The session secret is not repeated either.
    expect(() => parseConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'short-secret' })).toThrow(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters (got 12 characters, not shown)',
    );
  });

  it('reads the chat settings, with their documented defaults', () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).chat).toEqual({
      streamRetention: 10_000,
      inProcessProjector: true,
      projectorName: undefined,
      accessCacheMs: 30_000,
      postLimit: 20,
    });
    const custom = parseConfig({
      DATA_DIR: dataDir(),
      CHAT_STREAM_RETENTION: '500',
      CHAT_PROJECTOR: 'false',
      CHAT_PROJECTOR_NAME: 'archiver-1',
      CHAT_ACCESS_CACHE_MS: '0',
      CHAT_POST_LIMIT: '5',
    });
    expect(custom.chat).toEqual({
      streamRetention: 500,
      inProcessProjector: false,
      projectorName: 'archiver-1',
      accessCacheMs: 0,
      postLimit: 5,
    });
  });

  it.each([
    [{ CHAT_STREAM_RETENTION: '0' }, /^Invalid configuration: CHAT_STREAM_RETENTION must be 1-10000000/],
    [{ CHAT_STREAM_RETENTION: 'lots' }, /^Invalid configuration: CHAT_STREAM_RETENTION must be a number/],
    [{ CHAT_PROJECTOR: 'maybe' }, /^Invalid configuration: CHAT_PROJECTOR must be true or false/],
    [{ CHAT_PROJECTOR_NAME: 'has spaces' }, /^Invalid configuration: CHAT_PROJECTOR_NAME /],
    [{ CHAT_ACCESS_CACHE_MS: '-1' }, /^Invalid configuration: CHAT_ACCESS_CACHE_MS /],
    [{ CHAT_POST_LIMIT: '2.5' }, /^Invalid configuration: CHAT_POST_LIMIT must be a whole number/],
  ])('stops on a bad chat setting %o', (env, message) => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
