// A reminder before a meeting a student said they are going to, on both run
// modes (issue 26, decision 0121): over HTTP the owner schedules a meeting and
// a member answers Going; the reminder waits on the app's own job queue for
// an hour before the start (campus time); after a restart of the app, the
// job, made due, runs and pushes to the going member's device (a push service
// on this machine that decrypts what arrives) and to nobody else.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INFRA } from '@adapters/container';
import { campusInstant } from '@domain/notifications/notification-preferences';
import { meetingGistText } from '@domain/notifications/student-event';
import { campusDate, dateOfDayNumber, dayNumber, weekdayOf } from '@domain/study-group/meeting-plan';
import { signUp, type Student } from '@tests/support/chat-students';
import { TestPushService } from '@tests/support/push-service';
import { useTestApp, type TestApp } from '@tests/support/test-app';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';
import { operatorVapidKeys } from '@tests/support/vapid-keys';

const ENV = { PUSH_ALLOW_LOOPBACK: 'true', ...operatorVapidKeys() };
/** The worker's poll (2 s) and the send, on a loaded machine. */
const ARRIVES = { timeout: 15_000, interval: 100 };
/** Long enough for a push that would come to have come. */
const QUIET_MS = 5_000;

interface QueuedReminder {
  id: string;
  data: { groupId: number; meetingId: number; date: string; time: string };
  start_after: Date | string;
}

function suite(app: TestApp) {
  const push = new TestPushService();
  let alice: Student;
  let bob: Student;
  let carol: Student;
  let groupId: number;

  const reminders = async (): Promise<QueuedReminder[]> =>
    app.server.resolve(INFRA.Knex)('pgboss.job').where({ name: 'meeting-reminders' }).select('id', 'data', 'start_after');
  const remindersTo = (device: string) => push.to(device).filter((p) => p.payload.body.startsWith('Starts in'));

  beforeAll(async () => {
    await push.start();
    [alice, bob, carol] = [await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    const courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [alice, bob, carol]) expect((await s.http.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    groupId = (await alice.http.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam 1 Crammers', description: 'x' })).body
      .id;
    for (const s of [bob, carol])
      expect((await s.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    for (const [s, name] of [
      [alice, 'alice'],
      [bob, 'bob'],
      [carol, 'carol'],
    ] as const) {
      expect(
        (await s.http.post('/api/insert-push-subscription/', { ...push.device(name).subscription, expirationTime: null })).status,
      ).toBe(201);
    }
  });
  afterAll(() => push.stop());

  it('a member going has a reminder queued for an hour before; it survives a restart and pushes to them alone', async () => {
    const date = dateOfDayNumber(dayNumber(campusDate(new Date()))! + 8);
    const plan = { kind: 'once', title: 'Exam 1 review', startDate: date, time: '19:00', location: 'Marston 101' };
    const scheduled = await alice.http.post('/api/insert-study-group-meeting/', { studyGroupID: groupId, ...plan });
    expect(scheduled.status).toBe(201);
    const meetingId: number = scheduled.body.id;
    const [year, month, day] = date.split('-').map(Number);
    const due = campusInstant(year, month, day, 18 * 60);
    const expected = { groupId, meetingId, date, time: '19:00:00' };

    // Scheduling plans it. A meeting from before reminders has none: Bob's Going plans it then.
    expect((await reminders()).map((job) => job.data)).toEqual([expected]);
    await app.server.resolve(INFRA.Knex)('pgboss.job').where({ name: 'meeting-reminders' }).delete();
    const answered = await bob.http.post('/api/answer-study-group-meeting/', { studyGroupID: groupId, meetingID: meetingId, going: true });
    expect(answered.status).toBe(200);
    const [queued, ...others] = await reminders();
    expect(others).toEqual([]);
    expect(queued.data).toEqual(expected);
    expect(new Date(queued.start_after).toISOString()).toBe(due.toISOString());

    await app.restart();
    // Its minute come (the test cannot wait a week): the restarted app's worker runs it.
    await app.server.resolve(INFRA.Knex)('pgboss.job').where({ id: queued.id }).update({ start_after: new Date() });
    await vi.waitFor(() => expect(remindersTo('bob')).toHaveLength(1), ARRIVES);
    expect(remindersTo('bob')[0].payload).toEqual({
      title: 'Exam 1 Crammers',
      body: `Starts in 1 hour: ${meetingGistText({ ...plan, kind: 'once', day: weekdayOf(date), time: '19:00:00' }, date)}`,
      url: `/study-group/${groupId}`,
      tag: `reminder:${meetingId}:${date}T19:00:00`,
    });
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(remindersTo('bob')).toHaveLength(1);
    expect(remindersTo('alice')).toEqual([]);
    expect(remindersTo('carol')).toEqual([]);
    expect(push.errors).toEqual([]);
  });
}

describe('meeting reminders, embedded default', () => suite(useTestApp('embedded', { env: ENV, catalog: true })));
describe.skipIf(!hasPostgres() || !hasRedis())('meeting reminders, Postgres + Redis', () =>
  suite(useTestApp('services', { env: ENV, catalog: true })),
);
