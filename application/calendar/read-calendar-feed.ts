// What a calendar app reads at a student's subscription address: the meetings
// of every group the student is in. No session: the token is the key. Limited
// per client address (anyone may knock, tokens cannot be guessed anyway) and
// per feed (a leaked address polled in a loop), generously for the campus
// NAT and for calendar services that fetch many students' feeds from one address.
import { CalendarFeedNotFoundError, isFeedTokenShape } from '@domain/calendar/calendar-feed';
import { RateLimitedError } from '@domain/errors';
import type { CalendarFeeds } from '@application/ports/calendar-feeds';
import type { Clock } from '@application/ports/clock';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import { calendarEntries, type CalendarEntry } from './calendar-entries';

const MINUTE = 60_000;

export const CALENDAR_FEED_RULES = {
  /** Feed reads per client address per minute, known tokens or not. */
  address: { name: 'calendar-feed-address', points: 600, windowMs: MINUTE },
  /** Reads of one student's feed per hour (calendar apps refresh every few minutes at most). */
  feed: { name: 'calendar-feed', points: 120, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

export class ReadCalendarFeed {
  constructor(
    private readonly feeds: CalendarFeeds,
    private readonly limiter: RateLimiter,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { token: string; clientAddress: string }): Promise<{ entries: CalendarEntry[] }> {
    await this.consume(CALENDAR_FEED_RULES.address, command.clientAddress);
    const owner = isFeedTokenShape(command.token) ? await this.feeds.ownerOf(command.token) : null;
    if (owner === null) throw new CalendarFeedNotFoundError();
    await this.consume(CALENDAR_FEED_RULES.feed, `user:${owner}`);
    const entries = await calendarEntries(this.feeds, await this.feeds.groupsOf(owner), new Date(this.now()));
    return { entries };
  }

  private async consume(rule: RateRule, key: string): Promise<void> {
    const decision = await this.limiter.consume(rule, key);
    if (!decision.allowed) throw RateLimitedError.retryIn('This calendar is being read too often', decision.retryAfterMs);
  }
}
