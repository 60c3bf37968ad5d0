// The login policy (application/auth/login-guard.ts) through LogIn, on the
// in-memory adapters, with a recording sleeper and Vitest's fake clock for the
// windows and blocks (RateLimiterMemory reads Date.now and expires by timer).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogIn } from '@application/auth/log-in';
import {
  LOGIN_POLICY,
  LOGIN_RULES,
  LoginGuard,
  pairBlockMs,
  usernameDelayMs,
  type BrowserDevices,
  type TrustedDevice,
} from '@application/auth/login-guard';
import type { PasswordHasher } from '@application/ports/password-hasher';
import type { RateLimiter } from '@application/ports/rate-limiter';
import { InMemoryRateLimiter } from '@tests/fakes/in-memory-rate-limiter';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { RateLimitedError } from '@domain/errors';
import { canonicalName } from '@domain/user/canonical-name';
import { InvalidCredentialsError } from '@domain/user/login-rules';

const MINUTE = 60_000;

/** Compares in the clear and counts comparisons: every one is an evaluated attempt. */
class CountingHasher implements PasswordHasher {
  verified = 0;
  async hash(password: string) {
    return `hash:${password}`;
  }
  async verify(password: string, hash: string) {
    this.verified += 1;
    return hash === `hash:${password}`;
  }
}

type Outcome = 'ok' | 'wrong' | { refusedForSeconds: number };

/** A browser holding these device cookies (each valid, for its account). */
const browserWith = (devices: TrustedDevice[]): BrowserDevices => ({
  trustedFor: (account) => devices.find((d) => d.account === account) ?? null,
});

async function world(limiter: RateLimiter = new InMemoryRateLimiter()) {
  const users = new InMemoryUserRepository();
  const hasher = new CountingHasher();
  const sleeps: number[] = [];
  const logIn = new LogIn(users, hasher, new LoginGuard(limiter, async (ms) => void sleeps.push(ms)));
  for (const username of ['albert', 'libby', 'neighbour']) {
    await users.create({
      firstName: 'A',
      lastName: 'G',
      username,
      email: `${username}@ufl.edu`,
      major: 'M',
      year: '1',
      bio: '',
      passwordHash: await hasher.hash(`${username}-pw`),
    });
  }
  const attempt = async (username: string, password: string, clientAddress: string, devices: TrustedDevice[] = []): Promise<Outcome> => {
    try {
      await logIn.execute({ username, password, clientAddress, devices: browserWith(devices) });
      return 'ok';
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return 'wrong';
      if (error instanceof RateLimitedError) return { refusedForSeconds: error.retryAfterSeconds };
      throw error;
    }
  };
  const fail = (username: string, clientAddress: string, devices: TrustedDevice[] = []) =>
    attempt(username, 'not-the-password', clientAddress, devices);
  return { logIn, hasher, sleeps, limiter, attempt, fail };
}

describe('login guard', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    w = await world();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('evaluates exactly 10 of 30 parallel wrong guesses for one account from one address', async () => {
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => w.fail('albert', '10.0.0.1')));
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(10);
    expect(outcomes.filter((o) => typeof o === 'object')).toHaveLength(20);
    expect(w.hasher.verified).toBe(10);
    // The right password is refused too, for the 15-minute block.
    expect(await w.attempt('albert', 'albert-pw', '10.0.0.1')).toEqual({ refusedForSeconds: 15 * 60 });
    expect(w.hasher.verified).toBe(10);
  });

  it('refuses the 11th attempt of a pair and blocks it for 15 minutes, then 30, then 60', async () => {
    for (const minutes of [15, 30, 60]) {
      for (let i = 0; i < 10; i++) expect(await w.fail('albert', '10.0.0.2')).toBe('wrong');
      expect(await w.fail('albert', '10.0.0.2')).toEqual({ refusedForSeconds: minutes * 60 });
      expect(await w.attempt('albert', 'albert-pw', '10.0.0.2')).toMatchObject({ refusedForSeconds: expect.any(Number) });
      vi.advanceTimersByTime(minutes * MINUTE - 1_000);
      expect(await w.attempt('albert', 'albert-pw', '10.0.0.2')).toMatchObject({ refusedForSeconds: 1 });
      vi.advanceTimersByTime(1_000);
    }
    // The block is over: the owner's right password works from there again.
    expect(await w.attempt('albert', 'albert-pw', '10.0.0.2')).toBe('ok');
  });

  it('starts the doubling over 24 hours after the first block, and never blocks for more than 24 hours', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 40].map((n) => pairBlockMs(n) / MINUTE)).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440, 1440]);
    for (let i = 0; i < 11; i++) await w.fail('albert', '10.0.0.3');
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    for (let i = 0; i < 10; i++) expect(await w.fail('albert', '10.0.0.3')).toBe('wrong');
    expect(await w.fail('albert', '10.0.0.3')).toEqual({ refusedForSeconds: 15 * 60 });
  });

  it("lets the owner in from another address after a stranger's 10 failures, and a neighbour behind the stranger's address", async () => {
    for (let i = 0; i < 10; i++) await w.fail('albert', '10.0.0.4');
    expect(await w.fail('albert', '10.0.0.4')).toMatchObject({ refusedForSeconds: 15 * 60 });
    expect(await w.attempt('albert', 'albert-pw', '172.16.0.9')).toBe('ok');
    expect(await w.attempt('neighbour', 'neighbour-pw', '10.0.0.4')).toBe('ok');
  });

  it('never refuses a username for failures from many addresses: it holds each further attempt longer', async () => {
    // One failure from each of 70 addresses: no pair and no address reaches its limit.
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 70; i++) outcomes.push(await w.fail('albert', `10.1.0.${i}`));
    expect(outcomes.every((o) => o === 'wrong')).toBe(true);
    expect(w.sleeps).toEqual([
      ...Array(10).fill(500),
      ...Array(10).fill(1_000),
      ...Array(10).fill(2_000),
      ...Array(10).fill(4_000),
      ...Array(20).fill(8_000),
    ]);
    // The owner is held too, and let in.
    expect(await w.attempt('albert', 'albert-pw', '172.16.0.1')).toBe('ok');
    expect(w.sleeps.at(-1)).toBe(8_000);
    // The hold is per username; the hour ends it.
    expect(await w.fail('libby', '10.1.0.1')).toBe('wrong');
    expect(w.sleeps).toHaveLength(61);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(await w.fail('albert', '10.1.1.1')).toBe('wrong');
    expect(w.sleeps).toHaveLength(61);
    expect([0, 10, 11, 20, 21, 31, 41, 50, 51, 1_000].map(usernameDelayMs)).toEqual([
      0, 0, 500, 500, 1_000, 2_000, 4_000, 4_000, 8_000, 8_000,
    ]);
  });

  it('refuses an address after 100 failures across usernames until its hour ends', async () => {
    for (let i = 0; i < LOGIN_POLICY.addressFailures; i++) expect(await w.fail(`guess${i}`, '10.0.0.5')).toBe('wrong');
    const refused = await w.attempt('albert', 'albert-pw', '10.0.0.5');
    expect(refused).toMatchObject({ refusedForSeconds: expect.any(Number) });
    expect((refused as { refusedForSeconds: number }).refusedForSeconds).toBeLessThanOrEqual(3600);
    expect(await w.attempt('albert', 'albert-pw', '10.0.0.6')).toBe('ok');
    vi.advanceTimersByTime(60 * MINUTE);
    expect(await w.attempt('albert', 'albert-pw', '10.0.0.5')).toBe('ok');
  });

  it('does not count attempts refused for their pair against the address', async () => {
    for (let i = 0; i < 10; i++) await w.fail('albert', '10.0.0.7');
    for (let i = 0; i < 50; i++) expect(await w.fail('albert', '10.0.0.7')).toMatchObject({ refusedForSeconds: expect.any(Number) });
    expect((await w.limiter.get(LOGIN_RULES.address, '10.0.0.7'))?.consumed).toBe(10);
    for (let i = 0; i < 90; i++) expect(await w.fail(`guess${i}`, '10.0.0.7')).toBe('wrong');
    expect(await w.fail('guess-last', '10.0.0.7')).toMatchObject({ refusedForSeconds: expect.any(Number) });
  });

  it('resets the pair on success and gives back what the success consumed', async () => {
    for (let i = 0; i < 9; i++) await w.fail('albert', '10.0.0.8');
    expect(await w.attempt('albert', 'albert-pw', '10.0.0.8')).toBe('ok');
    expect(await w.limiter.get(LOGIN_RULES.address, '10.0.0.8')).toMatchObject({ consumed: 9 });
    expect(await w.limiter.get(LOGIN_RULES.username, 'albert')).toMatchObject({ consumed: 9 });
    for (let i = 0; i < 10; i++) expect(await w.fail('albert', '10.0.0.8')).toBe('wrong');
    expect(await w.fail('albert', '10.0.0.8')).toMatchObject({ refusedForSeconds: 15 * 60 });
  });

  it('charges every spelling that names the account to the same pair; a U+0130 spelling names no account', async () => {
    for (let i = 0; i < 10; i++) await w.fail('libby', '10.0.0.9');
    for (const spelling of ['LIBBY', ' libby ', 'ＬＩＢＢＹ']) {
      expect(await w.attempt(spelling, 'libby-pw', '10.0.0.9'), spelling).toMatchObject({ refusedForSeconds: expect.any(Number) });
    }
    expect(await w.attempt('L\u0130BBY', 'libby-pw', '10.0.0.9')).toBe('wrong');
  });

  it('passes a store failure through unchanged and checks no password', async () => {
    const outage = new Error('Redis connection is not ready');
    const broken = new InMemoryRateLimiter();
    broken.consume = async () => {
      throw outage;
    };
    const b = await world(broken);
    await expect(b.logIn.execute({ username: 'albert', password: 'albert-pw', clientAddress: '10.0.0.10' })).rejects.toBe(outage);
    expect(b.hasher.verified).toBe(0);
  });

  describe('device cookies', () => {
    const device = (account: string, nonce = `nonce-of-${account}`): TrustedDevice => ({ account: canonicalName(account), nonce });
    /** A stranger's 100 failures from one address: 10 for Albert (the pair is blocked), 90 for others (the address is). */
    const strangerBlocks = async (address: string) => {
      for (let i = 0; i < 10; i++) await w.fail('albert', address);
      for (let i = 0; i < 90; i++) await w.fail(`guess${i}`, address);
      expect(await w.attempt('albert', 'albert-pw', address)).toMatchObject({ refusedForSeconds: expect.any(Number) });
      expect(await w.attempt('libby', 'libby-pw', address)).toMatchObject({ refusedForSeconds: expect.any(Number) });
    };

    it("lets a browser with the account's device cookie through a blocked address and pair, unheld", async () => {
      for (let i = 0; i < 40; i++) await w.fail('albert', `10.3.0.${i}`); // the username's hold is up to 2 s
      await strangerBlocks('10.0.1.1');
      const sleeps = w.sleeps.length;
      expect(await w.attempt('albert', 'albert-pw', '10.0.1.1', [device('albert')])).toBe('ok');
      expect(w.sleeps).toHaveLength(sleeps);
      // Only for its own account: Albert's cookie does nothing for Libby, or for a spelling of another name.
      expect(await w.attempt('libby', 'libby-pw', '10.0.1.1', [device('albert')])).toMatchObject({ refusedForSeconds: expect.any(Number) });
      expect(await w.attempt('libby', 'libby-pw', '10.0.1.1', [device('albert'), device('LIBBY')])).toBe('ok');
      // A cookie answered for another account than the one tried is not used.
      const confused: BrowserDevices = { trustedFor: () => device('albert') };
      await expect(
        w.logIn.execute({ username: 'neighbour', password: 'neighbour-pw', clientAddress: '10.0.1.1', devices: confused }),
      ).rejects.toBeInstanceOf(RateLimitedError);
    });

    it('counts failures with a device cookie on the cookie alone, and locks it after 10 for the rest of the hour', async () => {
      const laptop = [device('albert')];
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => w.fail('albert', '10.0.1.2', laptop)));
      expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(LOGIN_POLICY.deviceFailures);
      expect(w.hasher.verified).toBe(LOGIN_POLICY.deviceFailures);
      // Nothing counted on the address, the pair or the username.
      expect(await w.limiter.get(LOGIN_RULES.address, '10.0.1.2')).toBeNull();
      expect(await w.limiter.get(LOGIN_RULES.username, 'albert')).toBeNull();
      expect(w.sleeps).toEqual([]);

      const locked = await w.attempt('albert', 'albert-pw', '10.0.1.2', laptop);
      expect(locked).toMatchObject({ refusedForSeconds: expect.any(Number) });
      expect((locked as { refusedForSeconds: number }).refusedForSeconds).toBeGreaterThan(3500);
      // The account is not locked: another browser (no cookie), from the same address too, gets in.
      expect(await w.attempt('albert', 'albert-pw', '10.0.1.2')).toBe('ok');
      // Another cookie of the account (another browser) is not locked either.
      expect(await w.attempt('albert', 'albert-pw', '10.0.1.2', [device('albert', 'phone')])).toBe('ok');
      vi.advanceTimersByTime(60 * MINUTE);
      expect(await w.attempt('albert', 'albert-pw', '10.0.1.2', laptop)).toBe('ok');
    });

    it("clears a device cookie's failures with a success", async () => {
      const laptop = [device('albert')];
      for (let i = 0; i < 9; i++) expect(await w.fail('albert', '10.0.1.3', laptop)).toBe('wrong');
      expect(await w.attempt('albert', 'albert-pw', '10.0.1.3', laptop)).toBe('ok');
      expect(await w.limiter.get(LOGIN_RULES.device, 'nonce-of-albert')).toBeNull();
      for (let i = 0; i < 10; i++) expect(await w.fail('albert', '10.0.1.3', laptop)).toBe('wrong');
      expect(await w.fail('albert', '10.0.1.3', laptop)).toMatchObject({ refusedForSeconds: expect.any(Number) });
    });
  });
});
