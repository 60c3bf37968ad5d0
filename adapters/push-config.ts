// Web push settings (VAPID), read with the rest of the configuration
// (config.ts): the operator's key pair and contact in services mode, a pair
// made once and kept in DATA_DIR in the embedded default.
import { z } from 'zod';
import { emptyAsUndefined, flag, isVapidPrivateKey, isVapidPublicKey, persistedVapidKeys } from './config-values';

export interface PushConfig {
  /** The VAPID key pair and contact push services see; absent: web push is off on this server (services mode without VAPID_*). */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /** PUSH_ALLOW_LOOPBACK (tests): endpoints on this machine, http:// included, are accepted. */
  allowLoopback: boolean;
}

const VAPID_NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

export const PUSH_ENV = {
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().refine(isVapidPublicKey, 'must be a P-256 public key, 65 bytes in base64url (npx web-push generate-vapid-keys)').optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isVapidPrivateKey, 'must be a P-256 private key, 32 bytes in base64url (npx web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && ['mailto:', 'https:'].includes(new URL(v).protocol), {
        message: 'must be a mailto: address or an https:// URL where push services can reach the operator',
      })
      .optional(),
  ),
  // Tests only: push endpoints on this machine (http://127.0.0.1:port/...) are accepted.
  PUSH_ALLOW_LOOPBACK: flag,
};

interface PushEnv {
  NODE_ENV: string;
  DATABASE_URL?: string;
  PUBLIC_URL?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ALLOW_LOOPBACK?: boolean;
}

/** All three VAPID settings or none; the loopback allowance never in production. */
export function checkPushEnv(env: PushEnv, ctx: z.RefinementCtx): void {
  const missing = VAPID_NAMES.find((name) => !env[name]);
  if (missing && VAPID_NAMES.some((name) => env[name])) {
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'is missing: web push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together (or none of them)',
    });
  }
  if (env.NODE_ENV === 'production' && env.PUSH_ALLOW_LOOPBACK) {
    ctx.addIssue({ code: 'custom', path: ['PUSH_ALLOW_LOOPBACK'], message: 'is for tests only and refused when NODE_ENV=production' });
  }
}

/**
 * The operator's VAPID settings; without them the embedded default makes a
 * key pair once (kept in DATA_DIR) and names PUBLIC_URL (or a no-reply
 * address at its host) as its contact, and services mode runs without push:
 * several servers must share one pair, which only the operator can hand them.
 */
export function pushConfigOf(env: PushEnv, dataDir: string): PushConfig {
  const allowLoopback = env.PUSH_ALLOW_LOOPBACK ?? false;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT) {
    return { vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }, allowLoopback };
  }
  if (env.DATABASE_URL) return { allowLoopback };
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
  const subject = publicUrl?.protocol === 'https:' ? publicUrl.origin : `mailto:no-reply@${publicUrl?.hostname ?? 'localhost'}`;
  return { vapid: { ...persistedVapidKeys(dataDir), subject }, allowLoopback };
}
