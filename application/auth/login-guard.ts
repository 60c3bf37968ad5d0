// The login guard: rate-limiter-flexible's login-protection design (consecutive
// failures per username + client address, slow brute force per address) plus a
// progressive delay per username, so that no burst gets more guesses than the
// limits allow and nobody can lock another student out; and OWASP's device
// cookies, so that a shared address (a campus NAT) a stranger got blocked does
// not lock out the students behind it whose browsers signed in before.
//
// Every attempt is counted atomically BEFORE its password is checked, so the
// counters also hold attempts still in flight: 30 parallel guesses are 30
// consumptions, and only the ones within the limits go on to bcrypt. A success
// then gives back what it consumed (and clears its pair), so only failures stay.
//
// A client address here is the client as the edge counts it: its network (an
// IPv6 /64, an IPv4 address), so rotating addresses inside one gains nothing.
// The "username" the guard counts is the account's canonical username, however
// the attempt named it (by username or by UF email; LogIn finds the account
// first), so the two spellings of one account share every counter; a name that
// finds no account is counted as typed.
//
// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device
// Cookies"): a successful login gives the browser a signed cookie for that
// account (the edge signs and checks it, and answers here, as BrowserDevices,
// the valid one a browser holds for an account). An attempt that presents one
// for the account it names is
// counted on that cookie's nonce alone, past the address, pair and username
// limits; 10 failures with it lock that cookie for the rest of the hour. Every
// other attempt is an untrusted browser's and meets the limits below.
import type { CanonicalName } from '@domain/user/canonical-name';
import { RateLimitedError } from '@domain/errors';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import type { Sleeper } from '@application/ports/sleeper';
import { NO_TELEMETRY, type Telemetry } from '@application/ports/telemetry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LOGIN_POLICY = {
  /** Consecutive failures per (canonical username, client address) pair before that pair is blocked. */
  pairFailures: 10,
  /** The first block of a pair; each further one within 24 h of its first doubles, up to pairBlockMaxMs. */
  pairBlockMs: 15 * MINUTE,
  pairBlockMaxMs: 24 * HOUR,
  /** Failures per canonical username, from every address, in a rolling-from-first hour before attempts are held. */
  usernameFreeFailures: 10,
  /** The hold beyond that: 0.5 s, doubling every 10 further failures, at most 8 s. Never a refusal. */
  usernameDelayMs: 500,
  usernameDelayStep: 10,
  usernameDelayMaxMs: 8_000,
  /** Failures per client address in an hour (password spraying across usernames); 429 until the hour ends. */
  addressFailures: 100,
  /** Failures with one device cookie in an hour (from its first failure) before that cookie is refused for the rest of the hour. */
  deviceFailures: 10,
} as const;

export const LOGIN_RULES = {
  /** Failures since the pair's last success; its window outlives any block. */
  pair: { name: 'login-pair', points: LOGIN_POLICY.pairFailures, windowMs: 24 * HOUR },
  /** How many times the pair was blocked (never refuses). */
  pairBlocks: { name: 'login-pair-blocks', points: 1_000_000, windowMs: 24 * HOUR },
  /** Failures per canonical username (never refuses: only delays). */
  username: { name: 'login-username', points: 1_000_000, windowMs: HOUR },
  address: { name: 'login-address', points: LOGIN_POLICY.addressFailures, windowMs: HOUR },
  /** Failures per device cookie (its nonce), in place of the three above for a trusted browser. */
  device: { name: 'login-device', points: LOGIN_POLICY.deviceFailures, windowMs: HOUR },
} satisfies Record<string, RateRule>;

/**
 * A browser's device cookie, its signature checked by the edge: the account
 * (canonical username) it was issued to at a successful login, and its nonce.
 */
export interface TrustedDevice {
  account: CanonicalName;
  nonce: string;
}

/** The device cookies a request's browser brings: the valid one it holds for an account, if any. */
export interface BrowserDevices {
  trustedFor(account: CanonicalName): TrustedDevice | null;
}

/** A caller with no browser (or a browser with no device cookie). */
export const NO_DEVICES: BrowserDevices = { trustedFor: () => null };

/** An attempt the guard let through: report a success to give its points back. */
export interface AdmittedAttempt {
  succeeded(): Promise<void>;
}

/** The hold for the n-th failure-or-attempt on one username within its hour. */
export function usernameDelayMs(attempt: number): number {
  const beyond = attempt - LOGIN_POLICY.usernameFreeFailures;
  if (beyond <= 0) return 0;
  const doublings = Math.floor((beyond - 1) / LOGIN_POLICY.usernameDelayStep);
  return Math.min(LOGIN_POLICY.usernameDelayMs * 2 ** doublings, LOGIN_POLICY.usernameDelayMaxMs);
}

/** The n-th block of a pair within its 24 hours: 15, 30, 60 minutes ..., at most 24 hours. */
export function pairBlockMs(blockNumber: number): number {
  return Math.min(LOGIN_POLICY.pairBlockMs * 2 ** Math.max(0, Math.min(blockNumber - 1, 30)), LOGIN_POLICY.pairBlockMaxMs);
}

export class LoginGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly sleep: Sleeper,
    private readonly telemetry: Telemetry = NO_TELEMETRY,
  ) {}

  /**
   * Counts one attempt for this username from this client (its network). When
   * the browser brings a device cookie of this account, only that cookie's
   * count applies. Otherwise throws RateLimitedError when the address or the pair is
   * over its limit (nothing else is then counted), or waits the username's
   * delay, if any; and answers the admitted attempt.
   */
  async admit(username: CanonicalName, clientAddress: string, devices: BrowserDevices = NO_DEVICES): Promise<AdmittedAttempt> {
    const device = devices.trustedFor(username);
    if (device?.account === username) return this.admitDevice(device);

    const { limiter } = this;
    const address = await limiter.consume(LOGIN_RULES.address, clientAddress);
    if (!address.allowed) {
      this.telemetry.record({ kind: 'login-refused', limit: 'address' });
      throw tooManyFailures(address.retryAfterMs);
    }

    const pairKey = JSON.stringify([clientAddress, username]);
    const pair = await limiter.consume(LOGIN_RULES.pair, pairKey);
    if (!pair.allowed) {
      // Not evaluated, so not a failure for the address either.
      await limiter.reward(LOGIN_RULES.address, clientAddress);
      // Exactly one attempt crosses the limit (consumption is atomic): it blocks the pair.
      if (pair.consumed !== LOGIN_RULES.pair.points + 1) {
        this.telemetry.record({ kind: 'login-refused', limit: 'pair' });
        throw tooManyFailures(pair.retryAfterMs);
      }
      this.telemetry.record({ kind: 'login-refused', limit: 'pair-blocked' });
      const blocks = await limiter.consume(LOGIN_RULES.pairBlocks, pairKey);
      const blockMs = pairBlockMs(blocks.consumed);
      await limiter.block(LOGIN_RULES.pair, pairKey, blockMs);
      throw tooManyFailures(blockMs);
    }

    const perUsername = await limiter.consume(LOGIN_RULES.username, username);
    const delay = usernameDelayMs(perUsername.consumed);
    if (delay > 0) {
      this.telemetry.record({ kind: 'login-held', delayMs: delay });
      await this.sleep(delay);
    }

    return {
      succeeded: async () => {
        await Promise.all([
          limiter.reset(LOGIN_RULES.pair, pairKey),
          limiter.reward(LOGIN_RULES.address, clientAddress),
          limiter.reward(LOGIN_RULES.username, username),
        ]);
      },
    };
  }

  /** A trusted browser: its cookie's failures are its only limit, and a success clears them. */
  private async admitDevice({ nonce }: TrustedDevice): Promise<AdmittedAttempt> {
    const decision = await this.limiter.consume(LOGIN_RULES.device, nonce);
    if (!decision.allowed) {
      this.telemetry.record({ kind: 'login-refused', limit: 'device' });
      throw tooManyFailures(decision.retryAfterMs);
    }
    return { succeeded: () => this.limiter.reset(LOGIN_RULES.device, nonce) };
  }
}

function tooManyFailures(retryAfterMs: number): RateLimitedError {
  return RateLimitedError.retryIn('Too many failed login attempts', retryAfterMs);
}
