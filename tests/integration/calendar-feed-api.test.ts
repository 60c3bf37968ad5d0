// The calendar subscription address over HTTP, on both run modes: a student
// makes, reads and turns off their own address; a calendar app (no cookies)
// reads the feed, which holds the meetings of every group the student is in,
// each summary naming its group; a new address turns the old one off; leaving
// a group or deleting the account takes the meetings or the feed away; a
// moved meeting keeps its UID with a higher SEQUENCE; bad input is 4xx JSON.
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { parseCalendar } from '@tests/support/parse-calendar';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

function calendarFeedSuite(app: TestApp) {
  let owner: HttpSession;
  let member: HttpSession;
  let courseId: number;
  /** A calendar app: no cookies, no CSRF token. */
  const calendarApp = () => new HttpSession(app.url);

  beforeAll(async () => {
    owner = new HttpSession(app.url);
    member = new HttpSession(app.url);
    await owner.signUp(newStudent({ firstName: 'Olivia' }));
    expect((await member.signUp(newStudent({ firstName: 'Marco' }))).status).toBe(200);
    courseId = (await owner.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [owner, member]) expect((await s.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
  });

  beforeEach(async () => {
    await app.server.resolve(INFRA.Knex)('study_group_creations').delete();
  });

  const groupWithMeeting = async (name: string, day: string, time: string, location: string) => {
    const created = await owner.post('/api/insert-study-group/', { courseID: courseId, name, description: `${name} notes` });
    expect(created.status).toBe(201);
    const groupId = created.body.id as number;
    expect((await member.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    const meeting = await owner.post('/api/insert-study-group-meeting/', { studyGroupID: groupId, day, time, location });
    expect(meeting.status).toBe(201);
    return { groupId, meetingId: meeting.body.id as number };
  };
  const subscribe = async (session: HttpSession) => {
    const res = await session.post('/api/insert-calendar-feed/');
    expect(res.status).toBe(201);
    return res.body as { token: string; path: string; createdAt: string; subscribed: true };
  };
  const feed = (path: string) => calendarApp().get(path);
  const expectUnknown = (res: ApiResponse) => {
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'CALENDAR_FEED_NOT_FOUND', message: expect.stringContaining('calendar address') });
  };

  it('makes an address whose feed a calendar app reads without a session: every group’s meetings, each naming its group', async () => {
    expect((await member.get('/api/calendar-feed/')).body).toEqual({ subscribed: false, createdAt: null });
    const orgo = await groupWithMeeting('Orgo crew', 'Monday', '18:30', 'Library West');
    const exam = await groupWithMeeting('Exam squad', 'Thursday', '07:45', 'https://ufl.zoom.us/j/42');
    // A group the member is not in stays out.
    const own = await owner.post('/api/insert-study-group/', { courseID: courseId, name: 'Owner only', description: 'x' });
    await owner.post('/api/insert-study-group-meeting/', { studyGroupID: own.body.id, day: 'Friday', time: '10:00', location: 'Marston' });

    const made = await subscribe(member);
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.path).toBe(`/api/calendar-feed/${made.token}.ics`);
    const status = await member.get('/api/calendar-feed/');
    expect(status.body).toEqual({ subscribed: true, createdAt: made.createdAt });
    expect(JSON.stringify(status.body)).not.toContain(made.token);

    const res = await feed(made.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache, max-age=0');
    const { events } = parseCalendar(res.body as string);
    const ofGroup = (groupId: number) => events.filter((e) => e.uid.startsWith(`study-group-${groupId}-`));
    expect(ofGroup(orgo.groupId).map((e) => [e.summary, e.weekday, e.localTime, e.location])).toEqual([
      ['Orgo crew', 2, '18:30', 'Library West'],
    ]);
    expect(ofGroup(exam.groupId)[0]).toMatchObject({ summary: 'Exam squad', url: 'https://ufl.zoom.us/j/42', duration: 'PT1H' });
    expect(ofGroup(own.body.id)).toEqual([]);
    // Each series has an end: UNTIL, and a bounded expansion.
    for (const event of events) {
      expect(event.rrule).toMatch(/;UNTIL=\d{8}T\d{6}Z$/);
      expect(event.dates.length).toBeGreaterThan(0);
      expect(event.dates.length).toBeLessThan(60);
    }
  });

  it('keeps a meeting’s UID when it moves and raises its SEQUENCE; a group left leaves the feed', async () => {
    const { groupId, meetingId } = await groupWithMeeting('Movers', 'Tuesday', '12:00', 'Room 1');
    const { path } = await subscribe(member);
    const eventOf = async () =>
      parseCalendar((await feed(path)).body as string).events.find((e) => e.uid.startsWith(`study-group-${groupId}-`));
    const before = await eventOf();
    expect(before?.sequence).toBe(0);
    expect((await eventOf())?.sequence).toBe(0);
    const moved = await owner.post('/api/update-study-group-meeting/', {
      studyGroupID: groupId,
      meetingID: meetingId,
      day: 'Tuesday',
      time: '13:00',
      location: 'Room 2',
    });
    expect(moved.status).toBe(200);
    const after = await eventOf();
    expect(after).toMatchObject({ uid: before!.uid, sequence: 1, localTime: '13:00', location: 'Room 2' });
    // The group's own file shows the same revision.
    const file = parseCalendar((await member.get(`/api/study-group/${groupId}/calendar.ics`)).body as string);
    expect(file.events[0]).toMatchObject({ uid: before!.uid, sequence: 1 });

    expect((await member.post('/api/delete-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    expect(await eventOf()).toBeUndefined();
  });

  it('turns the old address off when a new one is made, and the address off on request', async () => {
    const first = await subscribe(member);
    const second = await subscribe(member);
    expect(second.token).not.toBe(first.token);
    expectUnknown(await feed(first.path));
    expect((await feed(second.path)).status).toBe(200);

    expect((await member.post('/api/delete-calendar-feed/')).body).toEqual({ revoked: true });
    expectUnknown(await feed(second.path));
    expect((await member.post('/api/delete-calendar-feed/')).body).toEqual({ revoked: false });
    expect((await member.get('/api/calendar-feed/')).body).toEqual({ subscribed: false, createdAt: null });
  });

  it('answers bad input with 4xx JSON and keeps the address calls to the signed-in student', async () => {
    expectUnknown(await feed('/api/calendar-feed/short.ics'));
    expectUnknown(await feed(`/api/calendar-feed/${'A'.repeat(43)}.ics`));
    expectUnknown(await feed(`/api/calendar-feed/${'A'.repeat(42)}%2F.ics`));
    for (const path of [`/api/calendar-feed/${'A'.repeat(300)}.ics`, '/api/calendar-feed/%E0%A4%A.ics', '/api/calendar-feed/.ics']) {
      const res = await feed(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const visitor = calendarApp();
    expect((await visitor.get('/api/calendar-feed/')).status).toBe(401);
    expect((await visitor.post('/api/insert-calendar-feed/')).status).toBe(401);
    expect((await visitor.post('/api/delete-calendar-feed/')).status).toBe(401);
    expect((await member.post('/api/insert-calendar-feed/', {}, { csrf: false })).status).toBe(403);
  });

  it('stops the feed of a deleted account', async () => {
    const leaver = new HttpSession(app.url);
    const fields = newStudent({ firstName: 'Lea' });
    await leaver.signUp(fields);
    const { path } = await subscribe(leaver);
    expect((await feed(path)).status).toBe(200);
    expect((await leaver.post('/api/delete-account/', { password: fields.password })).status).toBe(200);
    expectUnknown(await feed(path));
  });
}

describeOnEveryMode('calendar feed API', calendarFeedSuite, { catalog: true });
