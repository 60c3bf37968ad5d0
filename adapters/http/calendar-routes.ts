// The calendar subscription address: a student's own address (made, read,
// turned off) and the feed calendar apps refresh, read without a session.
import { writeCalendar } from '@adapters/calendar/icalendar-writer';
import type { UseCases } from '@adapters/use-cases';
import { API, pathOf } from '@contract/api';
import type { ApiRouter, RouteAnswer } from './api-router';
import { countedClient } from './client-network';

export function calendarRoutes(api: ApiRouter, useCases: UseCases): void {
  api.on(API.calendarFeed, async ({ ctx, userId }) => {
    const feed = await useCases.getCalendarFeedStatus.execute({ actingUserId: userId });
    ctx.set('Cache-Control', 'private, no-store');
    return { subscribed: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null } satisfies RouteAnswer<typeof API.calendarFeed>;
  });

  api.on(API.createCalendarFeed, async ({ ctx, userId }) => {
    const { token, createdAt } = await useCases.createCalendarFeed.execute({ actingUserId: userId });
    ctx.set('Cache-Control', 'private, no-store');
    return {
      subscribed: true,
      createdAt: createdAt.toISOString(),
      token,
      path: pathOf(API.calendarFeedFile, { token }),
    } satisfies RouteAnswer<typeof API.createCalendarFeed>;
  });

  api.on(API.revokeCalendarFeed, async ({ userId }) => useCases.revokeCalendarFeed.execute({ actingUserId: userId }));

  // Public: calendar apps send no cookies; the token in the path is the key.
  api.on(API.calendarFeedFile, async ({ ctx, params }) => {
    const { entries } = await useCases.readCalendarFeed.execute({ token: params.token, clientAddress: countedClient(ctx) });
    ctx.set('Content-Disposition', 'inline; filename="study-swamp.ics"');
    // A student's schedule behind a secret URL: never in a shared cache, and
    // asked for again on each refresh so a change shows at the next one.
    ctx.set('Cache-Control', 'private, no-cache, max-age=0');
    ctx.set('Referrer-Policy', 'no-referrer');
    return writeCalendar({ name: 'Study Swamp', events: entries, groupInSummary: true }, new Date());
  });
}
