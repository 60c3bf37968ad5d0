// The composition root registers an adapter for every port in both run modes
// and builds every use case from the one list; tokens are typed, so a swapped
// port is a compile error (the @ts-expect-error lines fail `npm run typecheck`
// the day they compile).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SignUp } from '@application/auth/sign-up';
import type { ChatLog } from '@application/ports/chat-log';
import { TOKENS, tokensOf, type Ports, type Token } from '@application/ports/tokens';
import { parseConfig } from '@adapters/config';
import { compose, INFRA, type Composition } from '@adapters/container';
import { createLogger } from '@adapters/logger';

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-compose-')) };
const modes = {
  embedded: base,
  // Nothing connects until a query or a command is sent: these URLs are never dialled.
  services: { ...base, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1/0' },
};

const opened: Composition[] = [];
afterAll(async () => {
  for (const { resolve, config } of opened) {
    await resolve(INFRA.Knex).destroy();
    if (config.redisUrl) resolve(INFRA.Redis).disconnect();
  }
});

describe.each(Object.entries(modes))('the %s composition', (_mode, env) => {
  const composition = compose(parseConfig(env), createLogger('silent'));
  opened.push(composition);

  const ports = Object.entries(TOKENS) as unknown as [string, Token<unknown>][];
  it.each(ports)('registers an adapter for %s', (_name, port) => {
    expect(composition.resolve(port)).toBeDefined();
  });

  it('builds every use case, once', () => {
    for (const [name, useCase] of Object.entries(composition.useCases)) {
      expect(useCase, name).toBeTypeOf('object');
      expect(composition.useCases[name as keyof typeof composition.useCases]).toBe(useCase);
    }
  });
});

describe('typed tokens', () => {
  it('make a swapped port a compile error', () => {
    const { resolve } = opened[0];
    const hasher = resolve(TOKENS.PasswordHasher);
    // @ts-expect-error a PasswordHasher is not a ChatLog
    const log: ChatLog = hasher;
    // @ts-expect-error SignUp takes the user repository first, not the password hasher
    const swapped = () => new SignUp(resolve(TOKENS.PasswordHasher), resolve(TOKENS.UserRepository), opened[0].useCases.clientThrottle);
    expect([log, swapped]).toHaveLength(2);
  });

  it('are made for every port: a port left out of the list does not compile', () => {
    // @ts-expect-error the list names one port of them all
    const partial = () => tokensOf<Ports>()(['UserRepository']);
    expect(partial).toBeTypeOf('function');
    expect(Object.keys(TOKENS).sort()).toEqual(Object.values(TOKENS).map((t) => t.name).sort());
  });
});
