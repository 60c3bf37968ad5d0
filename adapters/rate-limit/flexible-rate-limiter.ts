// The RateLimiter port on rate-limiter-flexible: one library limiter per rule,
// created on first use, each with the rule's name as its key prefix. Subclasses
// only say which store (Redis, Postgres/PGlite through Knex, process memory).
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateCount, RateDecision, RateLimiter, RateRule } from '@application/ports/rate-limiter';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Seconds, at least 1 (the library reads 0 as "never expires"). */
  duration: number;
}

export abstract class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, { rule: RateRule; limiter: RateLimiterAbstract }>();

  /** The library limiter for one rule; keyPrefix already names the rule. */
  protected abstract createLimiter(options: LimiterOptions): RateLimiterAbstract;

  /** The key prefix of a rule in this store. */
  protected keyPrefix(rule: RateRule): string {
    return `rl:${rule.name}`;
  }

  async consume(rule: RateRule, key: string, points = 1): Promise<RateDecision> {
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await this.limiterFor(rule).consume(key, points);
    } catch (error) {
      // The library rejects with a RateLimiterRes when the limit is reached, and
      // with an Error when the store fails: that one goes to the caller unchanged.
      if (!(error instanceof RateLimiterRes)) throw error;
      res = error;
      allowed = false;
    }
    return { allowed, ...count(res) };
  }

  async reward(rule: RateRule, key: string, points = 1): Promise<void> {
    const limiter = this.limiterFor(rule);
    const res = await limiter.reward(key, points);
    // A reward after the window closed would open one below zero: extra allowance nobody earned.
    if (res.consumedPoints < 0) await limiter.delete(key);
  }

  async block(rule: RateRule, key: string, ms: number): Promise<void> {
    await this.limiterFor(rule).block(key, wholeSeconds(ms));
  }

  async reset(rule: RateRule, key: string): Promise<void> {
    await this.limiterFor(rule).delete(key);
  }

  async get(rule: RateRule, key: string): Promise<RateCount | null> {
    const res = await this.limiterFor(rule).get(key);
    return res ? count(res) : null;
  }

  private limiterFor(rule: RateRule): RateLimiterAbstract {
    const known = this.limiters.get(rule.name);
    if (known) {
      if (known.rule.points !== rule.points || known.rule.windowMs !== rule.windowMs) {
        throw new Error(`Rate rule "${rule.name}" is used with two different limits`);
      }
      return known.limiter;
    }
    if (!(rule.points > 0) || !(rule.windowMs > 0)) throw new Error(`Rate rule "${rule.name}" needs points and a window above 0`);
    const limiter = this.createLimiter({ keyPrefix: this.keyPrefix(rule), points: rule.points, duration: wholeSeconds(rule.windowMs) });
    this.limiters.set(rule.name, { rule: { ...rule }, limiter });
    return limiter;
  }
}

function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function count(res: RateLimiterRes): RateCount {
  return { consumed: res.consumedPoints, remaining: res.remainingPoints, retryAfterMs: Math.max(0, res.msBeforeNext) };
}
