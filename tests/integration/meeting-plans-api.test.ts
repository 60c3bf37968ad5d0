// Meetings students can plan around, over HTTP on the embedded default and on
// Postgres + Redis: a single dated meeting and a weekly series with a link,
// the spec's day/time/location call still a series, Going / Not going for a
// date or the series (a date's answer overrides), who is coming on the group
// page and the dashboard's next meetings, the owner's cancelled dates, and
// the refusals: owner-only (403), members only (403), bad dates and fields (400).
import { beforeAll, expect, it } from 'vitest';
import { campusDate, dateOfDayNumber, dayNumber, weekdayOf } from '@domain/study-group/meeting-plan';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

type Actor = 'owner' | 'member' | 'classmate';

const today = () => campusDate(new Date());
const daysFrom = (date: string, days: number) => dateOfDayNumber(dayNumber(date)! + days);
/**
 * The weekday `days` (1-6) after today, campus time. A series the tests put
 * on today's weekday would have its next date today or in a week, depending
 * on the hour the suite runs: they use these days instead.
 */
const weekdayIn = (days: number) => weekdayOf(daysFrom(today(), days));
/** The first `weekday` after today. */
function nextWeekday(weekday: string): string {
  for (let n = 1; n <= 7; n += 1) if (weekdayOf(daysFrom(today(), n)) === weekday) return daysFrom(today(), n);
  throw new Error(weekday);
}

function meetingPlansApiSuite(app: TestApp) {
  const sessions = {} as Record<Actor, HttpSession>;
  const ids = {} as Record<Actor, number>;
  let groupId: number;

  beforeAll(async () => {
    for (const actor of ['owner', 'member', 'classmate'] as const) {
      sessions[actor] = new HttpSession(app.url);
      ids[actor] = (await sessions[actor].signUp(newStudent({ firstName: actor === 'member' ? 'Marco' : 'Olivia' }))).body.user.id;
    }
    const courseId = (await sessions.owner.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const actor of ['owner', 'member', 'classmate'] as const)
      await sessions[actor].post('/api/insert-course-member/', { courseID: courseId });
    groupId = (await sessions.owner.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam prep', description: 'Sets' })).body
      .id;
    await sessions.member.post('/api/insert-study-group-member/', { studyGroupID: groupId });
  });

  const page = async (actor: Actor = 'member') => (await sessions[actor].get(`/api/study-group/${groupId}/`)).body;
  const meetingOf = async (meetingId: number, actor: Actor = 'member') =>
    (await page(actor)).studyGroupMeetings.find((m: { id: number }) => m.id === meetingId);
  const schedule = (fields: Record<string, unknown>) =>
    sessions.owner.post('/api/insert-study-group-meeting/', { studyGroupID: groupId, ...fields });

  it('schedules a single dated meeting and a weekly series with a link, and keeps the spec’s call a series to the default end', async () => {
    const examDay = daysFrom(today(), 10);
    const once = await schedule({
      kind: 'once',
      title: ' Exam 1 review ',
      startDate: examDay,
      time: '19:00',
      lengthMinutes: 120,
      location: 'Marston 101',
    });
    expect(once.status).toBe(201);
    expect(once.body).toEqual({
      id: expect.any(Number),
      kind: 'once',
      title: 'Exam 1 review',
      day: weekdayOf(examDay),
      time: '19:00:00',
      lengthMinutes: 120,
      location: 'Marston 101',
      startDate: examDay,
      endDate: examDay,
      cancelledDates: [],
      next: null,
    });
    const until = daysFrom(today(), 60);
    const weekly = await schedule({
      kind: 'weekly',
      day: weekdayIn(2),
      time: '19:30',
      startDate: today(),
      endDate: until,
      location: 'https://ufl.zoom.us/j/1',
    });
    expect(weekly.body).toMatchObject({
      kind: 'weekly',
      day: weekdayIn(2),
      startDate: today(),
      endDate: until,
      lengthMinutes: 60,
      title: '',
    });
    // The spec's fields only: weekly from today; the catalog's 2025 terms are over, so 16 weeks.
    const spec = await schedule({ ownerID: ids.owner, day: 'Friday', time: '08:00', location: 'Library West' });
    expect(spec.body).toMatchObject({ kind: 'weekly', startDate: today(), endDate: daysFrom(today(), 16 * 7) });

    expect(await meetingOf(once.body.id)).toMatchObject({
      title: 'Exam 1 review',
      next: { date: examDay, going: [], notGoingCount: 0, myAnswer: null },
    });
    expect((await meetingOf(weekly.body.id)).next.date).toBe(daysFrom(today(), 2));

    // The spec's update call keeps what it does not name.
    const moved = await sessions.owner.post('/api/update-study-group-meeting/', {
      studyGroupID: groupId,
      meetingID: once.body.id,
      day: 'Monday',
      time: '18:00',
      location: 'Online',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      kind: 'once',
      title: 'Exam 1 review',
      startDate: examDay,
      time: '18:00:00',
      lengthMinutes: 120,
      location: 'Online',
    });
  });

  it('shows who is coming to the next date: a date’s answer overrides the series answer, and answers can be cleared', async () => {
    const meetingId = (await schedule({ day: weekdayIn(3), time: '12:00', location: 'Marston 101' })).body.id;
    const date = daysFrom(today(), 3);
    const answer = (actor: Actor, body: Record<string, unknown>) =>
      sessions[actor].post('/api/answer-study-group-meeting/', { studyGroupID: groupId, meetingID: meetingId, ...body });

    const series = await answer('member', { going: true });
    expect(series.status).toBe(200);
    expect(series.body).toEqual({ studyGroupID: groupId, meetingID: meetingId, date: null, going: true });
    expect((await answer('owner', { date, going: false })).status).toBe(200);
    let next = (await meetingOf(meetingId, 'owner')).next;
    expect(next.going.map((m: { id: number; first_name: string }) => [m.id, m.first_name])).toEqual([[ids.member, 'Marco']]);
    expect(next).toMatchObject({ date, notGoingCount: 1, myAnswer: { going: false, forSeries: false } });
    expect((await meetingOf(meetingId, 'member')).next.myAnswer).toEqual({ going: true, forSeries: true });

    await answer('member', { date, going: false });
    next = (await meetingOf(meetingId, 'owner')).next;
    expect([next.going, next.notGoingCount]).toEqual([[], 2]);
    // The week after, the series answer holds again.
    expect((await answer('member', { date: daysFrom(date, 7), going: true })).status).toBe(200);

    await answer('member', { date, going: null });
    await answer('owner', { date, going: null });
    next = (await meetingOf(meetingId, 'owner')).next;
    expect(next.going.map((m: { id: number }) => m.id)).toEqual([ids.member]);
    expect(next).toMatchObject({ notGoingCount: 0, myAnswer: null });

    const dashboard = (await sessions.member.get('/api/dashboard/')).body;
    expect(dashboard.nextMeetings.length).toBeGreaterThan(0);
    expect(dashboard.nextMeetings.length).toBeLessThanOrEqual(5);
    const dates = dashboard.nextMeetings.map((m: { meeting: { next: { date: string } } }) => m.meeting.next.date);
    expect(dates).toEqual([...dates].sort());
    expect(dashboard.nextMeetings[0]).toMatchObject({ studyGroupID: groupId, studyGroupName: 'Exam prep' });
  });

  it('lets the owner cancel and restore a date of a series: the next meeting skips it', async () => {
    const meetingId = (await schedule({ day: weekdayIn(4), time: '17:00', location: 'Library West' })).body.id;
    const date = daysFrom(today(), 4);
    const occurrence = (actor: Actor, path: 'cancel' | 'restore', when = date) =>
      sessions[actor].post(`/api/${path}-study-group-meeting-occurrence/`, { studyGroupID: groupId, meetingID: meetingId, date: when });

    for (const actor of ['member', 'classmate'] as const) {
      const refused = await occurrence(actor, 'cancel');
      expect(refused.status, actor).toBe(403);
      expect(refused.body.error, actor).toBe(actor === 'member' ? 'NOT_GROUP_OWNER' : 'NOT_GROUP_OWNER');
    }
    const cancelled = await occurrence('owner', 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelledDates).toEqual([date]);
    expect((await meetingOf(meetingId)).next.date).toBe(daysFrom(date, 7));
    // Nobody answers for a cancelled date.
    const late = await sessions.member.post('/api/answer-study-group-meeting/', {
      studyGroupID: groupId,
      meetingID: meetingId,
      date,
      going: true,
    });
    expect([late.status, late.body.error]).toEqual([400, 'VALIDATION_FAILED']);

    expect((await occurrence('owner', 'restore')).body.cancelledDates).toEqual([]);
    expect((await meetingOf(meetingId)).next.date).toBe(date);

    const notAnOccurrence = await occurrence('owner', 'cancel', daysFrom(date, 1));
    expect(notAnOccurrence.status).toBe(400);
    expect(notAnOccurrence.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('keeps answers and who is coming to members, and answers bad input with 400 JSON', async () => {
    const meetingId = (await schedule({ day: 'Monday', time: '09:00', location: 'Marston 101' })).body.id;
    const outsider = await sessions.classmate.post('/api/answer-study-group-meeting/', {
      studyGroupID: groupId,
      meetingID: meetingId,
      going: true,
    });
    expect([outsider.status, outsider.body.error]).toEqual([403, 'NOT_GROUP_MEMBER']);
    expect((await sessions.classmate.get(`/api/study-group/${groupId}/`)).status).toBe(403);
    const spoofed = await sessions.member.post('/api/answer-study-group-meeting/', {
      userID: ids.owner,
      studyGroupID: groupId,
      meetingID: meetingId,
      going: true,
    });
    expect(spoofed.status).toBe(403);

    const bad: Record<string, unknown>[] = [
      { kind: 'monthly', day: 'Monday', time: '09:00', location: 'x' },
      { day: 'Monday', time: '09:00', location: 'x', lengthMinutes: 5 },
      { day: 'Monday', time: '09:00', location: 'x', lengthMinutes: '1 hour' },
      { day: 'Monday', time: '09:00', location: 'x', startDate: 'tomorrow' },
      { day: 'Monday', time: '09:00', location: 'x', startDate: '2026-02-30' },
      { day: 'Monday', time: '09:00', location: 'x', endDate: '2020-01-01' },
      { kind: 'once', time: '09:00', location: 'x' },
      { kind: 'once', time: '09:00', location: 'x', startDate: '2020-01-01' },
      { day: 'Monday', time: '09:00', location: 'x', title: 'x'.repeat(81) },
      { day: 'Monday', time: '09:00', location: 'x', title: 'a\u0000b' },
      { day: 'Monday', time: '09:00', location: 'a\uD800b' },
    ];
    for (const body of bad) {
      const res = await schedule(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body), JSON.stringify(body)).toEqual(expect.arrayContaining(['error', 'message']));
    }
    const answers: Record<string, unknown>[] = [
      { going: 'yes' },
      {},
      { going: true, date: 'soon' },
      { going: true, date: daysFrom(today(), 1) === nextWeekday('Monday') ? daysFrom(today(), 2) : daysFrom(today(), 1) },
      { going: true, date: daysFrom(nextWeekday('Monday'), -7 * 60) },
    ];
    for (const body of answers) {
      const res = await sessions.member.post('/api/answer-study-group-meeting/', { studyGroupID: groupId, meetingID: meetingId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const gone = await sessions.member.post('/api/answer-study-group-meeting/', {
      studyGroupID: groupId,
      meetingID: 99_999_999,
      going: true,
    });
    expect(gone.status).toBe(404);
  });
}

describeOnEveryMode('meeting plans API', meetingPlansApiSuite, { catalog: true });
