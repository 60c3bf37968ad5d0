// Counters in this process (rate-limiter-flexible's RateLimiterMemory): unit
// tests. Never shared between servers, and gone at restart.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter, type LimiterOptions } from '@adapters/rate-limit/flexible-rate-limiter';

export class InMemoryRateLimiter extends FlexibleRateLimiter {
  protected createLimiter(options: LimiterOptions) {
    return new RateLimiterMemory(options);
  }
}
