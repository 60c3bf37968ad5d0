// The kinds of value configuration reads from the environment (an empty
// variable counts as unset), and the session secret kept in DATA_DIR.
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
export const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
        message: `must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`,
      })
      .optional(),
  );
export const flag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

/**
 * A Cookie header as a browser sends it (`name=value; name2=value2`), copied
 * from a signed-in request; a leading `Cookie:` is dropped. One line of
 * printable ASCII: a line break would smuggle a header of its own.
 */
export const cookieHeader = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(/^cookie:\s*/i, '') || undefined : value),
  z
    .string()
    .max(8192, 'must be at most 8192 characters')
    .regex(/^[\x20-\x7e]*$/, 'must be one line of printable ASCII (the Cookie header as the browser sends it)')
    .refine((v) => v.split(';').every((pair) => pair.trim() === '' || /^\s*[!#$%&'*+\-.^_`|~\w]+=[^;]*$/.test(pair)), {
      message: 'must be name=value pairs separated by ; (the Cookie header of a signed-in one.uf.edu request)',
    })
    .optional(),
);

export const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be ${min}-${max}`)
      .max(max, `must be ${min}-${max}`)
      .default(fallback),
  );

// Outside production a generated secret is kept in DATA_DIR, so sessions
// survive restarts without any setup.
export function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A VAPID key pair (base64url: the public key an uncompressed P-256 point, the private key its 32-byte scalar). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const isVapidPublicKey = (v: string) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 65 && v.startsWith('B');
export const isVapidPrivateKey = (v: string) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 32;

// The embedded default's web push keys: made once and kept in DATA_DIR beside
// the session secret, so a restart keeps every browser's subscription valid
// (a subscription is bound to the public key it was made with).
export function persistedVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (
      typeof kept.publicKey === 'string' &&
      isVapidPublicKey(kept.publicKey) &&
      typeof kept.privateKey === 'string' &&
      isVapidPrivateKey(kept.privateKey)
    ) {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
    throw new Error(`${file} does not hold a VAPID key pair: delete it to make a new one (browsers then subscribe again)`);
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The scalar comes back without its leading zero bytes: the key is always 32.
  const scalar = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
