// The wire contract's routes of the calendar subscription address: a student
// makes, reads and turns off their own secret feed address; calendar apps
// read the feed itself without a session (api.ts assembles the table).
import * as z from 'zod/mini';
import * as calendar from './calendar';
import { route } from './route';

export const CALENDAR_ROUTES = {
  calendarFeed: route({
    method: 'GET',
    path: '/api/calendar-feed/',
    summary: 'Whether you have a calendar subscription address, and when it was made',
    answer: calendar.calendarFeedAnswer,
  }),
  createCalendarFeed: route({
    method: 'POST',
    path: '/api/insert-calendar-feed/',
    summary:
      'Make your calendar subscription address (the meetings of every group you are in), turning off any old one; its token is shown once',
    answer: calendar.createCalendarFeedAnswer,
    status: 201,
  }),
  revokeCalendarFeed: route({
    method: 'POST',
    path: '/api/delete-calendar-feed/',
    summary: 'Turn your calendar subscription address off',
    answer: calendar.revokeCalendarFeedAnswer,
  }),
  calendarFeedFile: route({
    method: 'GET',
    path: '/api/calendar-feed/{token}.ics',
    summary:
      "A student's subscription feed for calendar apps (RFC 5545, America/New_York): the meetings of every group they are in; no session, the token is the key; 404 CALENDAR_FEED_NOT_FOUND when unknown or turned off",
    params: calendar.calendarFeedParams,
    answer: z.string(),
    produces: 'text/calendar',
    public: true,
  }),
} as const;
