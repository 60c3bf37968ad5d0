// The calendar subscription use cases on in-memory adapters: a feed read by
// its token holds the student's groups' meetings as weekly series within the
// course's term (or 16 weeks past a term that is over), with revisions;
// unknown, malformed and revoked tokens are one refusal; reads are limited
// per client address and per feed.
import { beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_RULES, ReadCalendarFeed } from '@application/calendar/read-calendar-feed';
import { CreateCalendarFeed } from '@application/calendar/create-calendar-feed';
import { RevokeCalendarFeed } from '@application/calendar/revoke-calendar-feed';
import { CourseId } from '@domain/ids';
import { InMemoryCalendarFeeds } from '@tests/fakes/in-memory-calendar-feeds';
import { InMemoryRateLimiter } from '@tests/fakes/in-memory-rate-limiter';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { storeStudent } from '@tests/support/stored-student';
import { weeklyPlan } from '@tests/support/meeting-plans';

describe('calendar feed use cases', () => {
  // Wednesday 2026-11-25, noon in Gainesville.
  let now = Date.parse('2026-11-25T17:00:00Z');
  const clock = () => now;
  let users: InMemoryUserRepository;
  let groups: InMemoryStudyGroupRepository;
  let feeds: InMemoryCalendarFeeds;
  let limiter: InMemoryRateLimiter;

  beforeEach(() => {
    now = Date.parse('2026-11-25T17:00:00Z');
    users = new InMemoryUserRepository();
    groups = new InMemoryStudyGroupRepository(users);
    feeds = new InMemoryCalendarFeeds(groups);
    limiter = new InMemoryRateLimiter();
  });

  const read = (token: string, clientAddress = '203.0.113.7') =>
    new ReadCalendarFeed(feeds, limiter, clock).execute({ token, clientAddress });

  it('reads the student’s meetings as stored, with revisions, by the token alone', async () => {
    const student = await storeStudent(users, 'feedreader');
    const group = await groups.create(
      { courseId: CourseId(1), ownerId: student.id, name: 'Orgo', description: '', isPublic: true },
      new Date(now),
    );
    const stored = await groups.addMeeting(group.id, weeklyPlan({ day: 'Monday', time: '18:30:00', location: 'Library West' }));
    const { token } = await new CreateCalendarFeed(feeds, clock).execute({ actingUserId: student.id });

    const { entries } = await read(token);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ groupId: group.id, groupName: 'Orgo', revision: { sequence: 0 } });
    // The stored plan, as the group page shows it.
    expect(entries[0].meeting).toEqual(stored);
  });

  it('refuses an unknown, malformed or revoked token alike', async () => {
    const student = await storeStudent(users, 'revoker');
    const { token } = await new CreateCalendarFeed(feeds, clock).execute({ actingUserId: student.id });
    for (const bad of ['A'.repeat(43), 'short', `${token}x`])
      await expect(read(bad)).rejects.toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND' });
    expect(await new RevokeCalendarFeed(feeds).execute({ actingUserId: student.id })).toEqual({ revoked: true });
    await expect(read(token)).rejects.toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND' });
  });

  it('limits reads of one feed per hour, whatever the address, and reads per address per minute', async () => {
    const student = await storeStudent(users, 'poller');
    const { token } = await new CreateCalendarFeed(feeds, clock).execute({ actingUserId: student.id });
    for (let i = 0; i < CALENDAR_FEED_RULES.feed.points; i += 1) await read(token, `198.51.100.${i % 200}`);
    await expect(read(token, '192.0.2.1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });

    for (let i = 0; i < CALENDAR_FEED_RULES.address.points; i += 1) await read('A'.repeat(43), '192.0.2.99').catch(() => undefined);
    await expect(read('A'.repeat(43), '192.0.2.99')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
