import type { UserId } from '@domain/ids';
import type { CalendarFeeds } from '@application/ports/calendar-feeds';
import type { Clock } from '@application/ports/clock';

/** A new subscription address for the student, revoking any old one; its token is answered this once. */
export class CreateCalendarFeed {
  constructor(
    private readonly feeds: CalendarFeeds,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId }): Promise<{ token: string; createdAt: Date }> {
    const { feed, token } = await this.feeds.create(command.actingUserId, new Date(this.now()));
    return { token, createdAt: feed.createdAt };
  }
}
