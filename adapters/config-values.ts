// The kinds of value configuration reads from the environment (an empty
// variable counts as unset), and the session secret kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
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
