// Web push keys: the embedded default makes a pair once and keeps it in
// DATA_DIR; services mode takes the operator's three settings, runs without
// push when given none, and refuses to start when given some.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@adapters/config';
import { operatorVapidKeys } from '@tests/support/vapid-keys';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'ss-config-vapid-'));
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

describe('web push configuration', () => {
  it('embedded: makes a key pair once, keeps it in DATA_DIR, and reuses it after a restart', () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir }).push.vapid;
    expect(first?.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(first?.privateKey ?? '', 'base64url')).toHaveLength(32);
    expect(first?.subject).toBe('mailto:no-reply@localhost');
    expect(parseConfig({ DATA_DIR: dir }).push.vapid).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8'))).toEqual({
      publicKey: first?.publicKey,
      privateKey: first?.privateKey,
    });
  });

  it('embedded behind https: the contact is the public address', () => {
    expect(parseConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://swamp.example.edu/' }).push.vapid?.subject).toBe(
      'https://swamp.example.edu',
    );
  });

  it("services mode: the operator's keys, or no push at all", () => {
    const keys = operatorVapidKeys();
    expect(parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: POSTGRES, ...keys }).push.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: keys.VAPID_SUBJECT,
    });
    expect(parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: POSTGRES }).push.vapid).toBeUndefined();
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: operatorVapidKeys().VAPID_PUBLIC_KEY }, /^Invalid configuration: VAPID_PRIVATE_KEY is missing: web push needs/],
    [{ ...operatorVapidKeys(), VAPID_SUBJECT: '' }, /^Invalid configuration: VAPID_SUBJECT is missing/],
    [
      { ...operatorVapidKeys(), VAPID_SUBJECT: 'http://swamp.example.edu' },
      /^Invalid configuration: VAPID_SUBJECT must be a mailto: address or an https/,
    ],
    [{ ...operatorVapidKeys(), VAPID_PUBLIC_KEY: 'abc' }, /^Invalid configuration: VAPID_PUBLIC_KEY must be a P-256 public key/],
    [
      { ...operatorVapidKeys(), VAPID_PRIVATE_KEY: 'secret-not-a-key' },
      /^Invalid configuration: VAPID_PRIVATE_KEY must be a P-256 private key.*\(got 16 characters, not shown\)/,
    ],
    [{ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PUSH_ALLOW_LOOPBACK: 'true' }, /PUSH_ALLOW_LOOPBACK is for tests only/],
  ])('refuses to start on %o', (env, message) => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: POSTGRES, ...env })).toThrow(message);
  });
});
