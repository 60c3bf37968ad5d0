// Configuration is read once from the environment and validated with zod; a bad
// value stops start-up with one line naming the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
        message: `must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`,
      })
      .optional(),
  );
const flag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

const schema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyAsUndefined,
      z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
    ),
    PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce.number({ message: 'must be a port number' }).int('must be a whole number').min(0, 'must be 0-65535').max(65535, 'must be 0-65535').default(3000),
    ),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./.data')),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    BCRYPT_COST: z.preprocess(
      emptyAsUndefined,
      z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(4, 'must be 4-15').max(15, 'must be 4-15').default(12),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      }).default('info'),
    ),
    TRUST_PROXY: flag,
    COOKIE_SECURE: flag,
    REDIS_KEY_PREFIX: z.preprocess(emptyAsUndefined, z.string().default('ss:')),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && env.BCRYPT_COST < 10) {
      ctx.addIssue({ code: 'custom', path: ['BCRYPT_COST'], message: 'must be at least 10 when NODE_ENV=production' });
    }
  });

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  sessionSecret: string;
  bcryptCost: number;
  logLevel: string;
  trustProxy: boolean;
  cookieSecure: boolean;
  redisKeyPrefix: string;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'configuration');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    bcryptCost: e.BCRYPT_COST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
  };
}

// Outside production a generated secret is kept in DATA_DIR, so sessions
// survive restarts without any setup.
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
