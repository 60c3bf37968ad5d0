import type { UserId } from '@domain/ids';
import type { CalendarFeeds } from '@application/ports/calendar-feeds';

/** Turns the student's subscription address off: calendar apps that refresh it get 404 from then on. */
export class RevokeCalendarFeed {
  constructor(private readonly feeds: CalendarFeeds) {}

  async execute(command: { actingUserId: UserId }): Promise<{ revoked: boolean }> {
    return { revoked: await this.feeds.revoke(command.actingUserId) };
  }
}
