// Configuration is read once from the environment and validated with zod; a bad
// value stops start-up with one line naming the variable.
import path from 'node:path';
import { z } from 'zod';
import { cookieHeader, emptyAsUndefined, flag, optionalUrl, persistedSecret, wholeNumber } from './config-values';
import { checkPushEnv, PUSH_ENV, pushConfigOf, type PushConfig } from './push-config';
import { NOTIFICATION_ENV, notificationConfigOf, type NotificationConfig } from './notification-config';

/** UF's public Schedule of Courses service (the sync asks it for /apix/soc/schedule). */
const UF_SOC_DEFAULT_URL = 'https://one.uf.edu';

/** Variables whose value a refusal never repeats: it says only how long the value was. */
const SECRETS = new Set(['SESSION_SECRET', 'UF_SOC_COOKIE', 'VAPID_PRIVATE_KEY']);

const schema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyAsUndefined,
      z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
    ),
    PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a port number' })
        .int('must be a whole number')
        .min(0, 'must be 0-65535')
        .max(65535, 'must be 0-65535')
        .default(3000),
    ),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./.data')),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']).refine(
      (v) => v === undefined || !URL.canParse(v) || /^\/?(\d{1,5})?$/.test(new URL(v).pathname),
      {
        message: 'must name its database as a number (redis://host:6379/0)',
      },
    ),
    SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    BCRYPT_COST: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(4, 'must be 4-15')
        .max(15, 'must be 4-15')
        .default(12),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          message: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    // true (one balancer in front), false, or how many proxies append to X-Forwarded-For.
    TRUST_PROXY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(true|false|1|0|[2-9])$/, 'must be true, false or the number of proxies in front (1-9)')
        .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
        .optional(),
    ),
    COOKIE_SECURE: flag,
    REDIS_CLUSTER_NODES: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((node) => node.trim())
            .filter(Boolean)
            .map((node) => (node.includes('://') ? node : `redis://${node}`)),
        )
        .refine(
          (nodes) =>
            nodes.length > 0 &&
            nodes.every(
              (node) => URL.canParse(node) && ['redis:', 'rediss:'].includes(new URL(node).protocol) && new URL(node).port !== '',
            ),
          {
            message: 'must be host:port entries separated by commas (redis://user:password@host:port also works)',
          },
        )
        .optional(),
    ),
    // Braces would make a key's hash tag on Redis Cluster: they are ours (a room's keys share one).
    REDIS_KEY_PREFIX: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[^{}]*$/, 'must not contain { or }')
        .default('ss:'),
    ),
    CHAT_STREAM_RETENTION: wholeNumber(1, 10_000_000, 10_000),
    CHAT_PROJECTOR: flag,
    CHAT_PROJECTOR_NAME: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[\w.:-]{1,100}$/, 'must be 1-100 letters, digits, . _ : -')
        .optional(),
    ),
    CHAT_ACCESS_CACHE_MS: wholeNumber(0, 3_600_000, 30_000),
    CHAT_POST_LIMIT: wholeNumber(1, 1_000_000, 20),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000, 10_000),
    KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1_000, 600_000, 65_000),
    CATALOG_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
    UF_SOC_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), {
          message: 'must be an http:// or https:// URL',
        })
        .default(UF_SOC_DEFAULT_URL),
    ),
    // An operator's signed-in ONE.UF session: UF answers meeting times and seats only to one.
    UF_SOC_COOKIE: cookieHeader,
    // Accounts: links in mails, how mail leaves, what an unverified account may do.
    PUBLIC_URL: optionalUrl(['http:', 'https:']).refine((v) => v === undefined || !/[?#]/.test(v), {
      message: 'must not have a query or fragment',
    }),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/, 'must be an address, optionally with a name: Study Swamp <no-reply@example.edu>')
        .optional(),
    ),
    EMAIL_VERIFICATION: z.preprocess(
      emptyAsUndefined,
      z.enum(['required', 'optional'], { message: 'must be required or optional' }).optional(),
    ),
    METRICS: flag,
    METRICS_PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a port number' })
        .int('must be a whole number')
        .min(0, 'must be 0-65535')
        .max(65535, 'must be 0-65535')
        .optional(),
    ),
    ...PUSH_ENV,
    ...NOTIFICATION_ENV,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.REDIS_URL && env.REDIS_CLUSTER_NODES) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_CLUSTER_NODES'],
        message: 'and REDIS_URL are both set: use one (a cluster, or one Redis server)',
      });
    }
    checkPushEnv(env, ctx);
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
  /** Some nodes of a Redis Cluster (REDIS_CLUSTER_NODES), as redis:// URLs; the client finds the others. */
  redisClusterNodes?: string[];
  sessionSecret: string;
  bcryptCost: number;
  logLevel: string;
  /** Read the client's address and protocol from X-Forwarded-For / -Proto. */
  trustProxy: boolean;
  /** How many proxies in front append to X-Forwarded-For: the client is the entry that many from the end, never one it sent itself. */
  proxyHops: number;
  cookieSecure: boolean;
  redisKeyPrefix: string;
  /** How long SIGTERM waits for requests in flight before closing their connections. */
  shutdownTimeoutMs: number;
  /** How long an idle keep-alive connection stays open; above the load balancer's idle timeout. */
  keepAliveTimeoutMs: number;
  metrics: {
    /** Serve Prometheus metrics (METRICS, on by default). */
    enabled: boolean;
    /** Serve them on this port of their own instead of the app's (METRICS_PORT). */
    port?: number;
  };
  chat: {
    /** About how many messages each room's Redis stream keeps; older ones are read from the archive. */
    streamRetention: number;
    /** Run the archive projector inside this app server (services mode). */
    inProcessProjector: boolean;
    /** The projector's consumer name; a stable one resumes its own pending entries after a restart. */
    projectorName?: string;
    /** How long an app server trusts a cached room membership (0: never cache). */
    accessCacheMs: number;
    /** Messages a student may post per room in 10 seconds. */
    postLimit: number;
  };
  catalog: {
    /** Base URL of UF's Schedule of Courses API (tests point it at a local replay server). */
    ufSocUrl: string;
    /** The Cookie header of a signed-in ONE.UF session (UF_SOC_COOKIE), sent with every request; a secret. */
    ufSocCookie?: string;
    /** CATALOG_FILE: what the embedded default loads into an empty database (default: the shipped snapshot). */
    file?: string;
  };
  accounts: {
    /** The app's address as students reach it (PUBLIC_URL), without a trailing slash: links in mails start here. */
    publicUrl: string;
    /** required: an unverified account may browse and search but not join, post or create groups. */
    emailVerification: 'required' | 'optional';
    /** SMTP_URL; absent: mails are written to DATA_DIR/outbox as .eml files. */
    smtpUrl?: string;
    /** The From of every mail (MAIL_FROM). */
    mailFrom: string;
    /** DATA_DIR/outbox. */
    outboxDir: string;
  };
  push: PushConfig;
  notifications: NotificationConfig;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'configuration');
    const value = env[name] ?? '';
    const got = SECRETS.has(name) ? `${value.length} characters, not shown` : JSON.stringify(value);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${got})`);
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
    redisClusterNodes: e.REDIS_CLUSTER_NODES,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    bcryptCost: e.BCRYPT_COST,
    logLevel: e.LOG_LEVEL,
    trustProxy: (e.TRUST_PROXY ?? 0) > 0,
    proxyHops: e.TRUST_PROXY ?? 0,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    metrics: { enabled: e.METRICS ?? true, port: e.METRICS_PORT },
    chat: {
      streamRetention: e.CHAT_STREAM_RETENTION,
      inProcessProjector: e.CHAT_PROJECTOR ?? true,
      projectorName: e.CHAT_PROJECTOR_NAME,
      accessCacheMs: e.CHAT_ACCESS_CACHE_MS,
      postLimit: e.CHAT_POST_LIMIT,
    },
    catalog: { ufSocUrl: e.UF_SOC_URL, ufSocCookie: e.UF_SOC_COOKIE, file: e.CATALOG_FILE && path.resolve(e.CATALOG_FILE) },
    accounts: {
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      emailVerification: e.EMAIL_VERIFICATION ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `Study Swamp <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    push: pushConfigOf(e, dataDir),
    notifications: notificationConfigOf(e),
  };
}
