import type { UserId } from '@domain/ids';
import type { CalendarFeedRecord, CalendarFeeds } from '@application/ports/calendar-feeds';

/** Whether the student has a subscription address, and since when (never its token: only its hash is kept). */
export class GetCalendarFeedStatus {
  constructor(private readonly feeds: CalendarFeeds) {}

  execute(command: { actingUserId: UserId }): Promise<CalendarFeedRecord | null> {
    return this.feeds.find(command.actingUserId);
  }
}
