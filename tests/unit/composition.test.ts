// The composition root registers an adapter for every port and every use case
// in both run modes, in one container; tokens are typed, so a swapped port is
// a compile error (the type checks below, and the @ts-expect-error lines, fail
// `npm run typecheck` the day they stop holding).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { SignUp } from '@application/auth/sign-up';
import type { ChatLog } from '@application/ports/chat-log';
import type { PasswordHasher } from '@application/ports/password-hasher';
import { TOKENS, tokensOf, type Ports, type Token } from '@application/ports/tokens';
import { parseConfig } from '@adapters/config';
import { compose, INFRA, type Composition } from '@adapters/container';
import { createLogger } from '@adapters/logger';
import type { Resolve } from '@adapters/register';
import { USE_CASES } from '@adapters/use-cases';

const base = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'x'.repeat(32),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-compose-')),
};
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

  const useCases = Object.entries(USE_CASES) as unknown as [string, Token<unknown>][];
  it.each(useCases)('registers the use case %s, built once', (_name, useCase) => {
    const built = composition.resolve(useCase);
    expect(built).toBeTypeOf('object');
    expect(composition.resolve(useCase)).toBe(built);
  });
});

describe('typed tokens', () => {
  it('resolve to their port or use case, so a swapped port is a compile error', () => {
    expectTypeOf(opened[0].resolve(TOKENS.PasswordHasher)).toEqualTypeOf<PasswordHasher>();
    expectTypeOf<PasswordHasher>().not.toExtend<ChatLog>();
    expectTypeOf(USE_CASES.signUp).toEqualTypeOf<Token<SignUp>>();
    type Rest = ConstructorParameters<typeof SignUp> extends [unknown, unknown, ...infer R] ? R : never;
    const built = (resolve: Resolve, ...rest: Rest) => new SignUp(resolve(TOKENS.UserRepository), resolve(TOKENS.PasswordHasher), ...rest);
    const swapped = (resolve: Resolve, ...rest: Rest) =>
      // @ts-expect-error SignUp takes the user repository first, not the password hasher
      new SignUp(resolve(TOKENS.PasswordHasher), resolve(TOKENS.UserRepository), ...rest);
    expectTypeOf(built).returns.toEqualTypeOf<SignUp>();
    expectTypeOf(swapped).toBeFunction();
  });

  it('are made for every port: a port left out of the list does not compile', () => {
    expectTypeOf<keyof typeof TOKENS>().toEqualTypeOf<keyof Ports>();
    // @ts-expect-error the list names one port of them all
    const partial = () => tokensOf<Ports>()(['UserRepository']);
    expectTypeOf(partial).toBeFunction();
  });
});
