// New chat messages reach students on their devices, gathered per room, on
// both run modes (issue 26, decision 0120): students post over HTTP, the
// app's own job queue gathers the room's batch (a 1-second window here) and
// its worker pushes to devices of a push service on this machine, which
// decrypts what arrives. One push per student and batch, never for the
// author's own messages or for what the student has read, only mentions and
// replies from a muted group or a course chat (off by default), nothing in
// quiet hours, and one push however many app servers took the posts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, postToCourse, postToGroup, type Student } from '@tests/support/chat-students';
import { HttpSession } from '@tests/support/http-session';
import { TestPushService, type ReceivedPush } from '@tests/support/push-service';
import { startWorkerProcess } from '@tests/support/cli-process';
import { sample, scrape } from '@tests/support/metrics-scrape';
import { startTestApp, TEST_SECRET, useTestApp, type TestApp } from '@tests/support/test-app';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';
import { operatorVapidKeys } from '@tests/support/vapid-keys';
import { localDateTime } from '@domain/study-group/meeting-occurrence';

const ENV = { PUSH_ALLOW_LOOPBACK: 'true', NOTIFY_GATHER_SECONDS: '1', ...operatorVapidKeys() };
/** Long enough for a batch that would come to have come: its window (1 s), the worker's poll (2 s), the send. */
const QUIET_MS = 5_000;
const ARRIVES = { timeout: 15_000, interval: 100 };

function suite(app: TestApp, servers: 1 | 2) {
  const push = new TestPushService();
  let alice: Student;
  let bob: Student;
  let carol: Student;
  let dave: Student;
  let courseId: number;
  let groupId: number;

  const settingsOf = async (s: Student) => (await s.http.get('/api/notification-settings/')).body.preferences;
  const save = async (s: Student, change: (prefs: Record<string, any>) => void) => {
    const prefs = await settingsOf(s);
    change(prefs);
    expect((await s.http.post('/api/update-notification-settings/', prefs)).status).toBe(200);
  };
  const arrivals = (name: string, from: number) => push.received.slice(from).filter((p) => p.device === name);
  const payloads = (pushes: ReceivedPush[]) => pushes.map((p) => p.payload);

  beforeAll(async () => {
    await push.start();
    [alice, bob, carol, dave] = [await signUp(app.url), await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [alice, bob, carol, dave])
      expect((await s.http.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    groupId = (await alice.http.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam 1 Crammers', description: 'x' })).body
      .id;
    for (const s of [bob, carol, dave])
      expect((await s.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    for (const [s, name] of [
      [alice, 'alice'],
      [bob, 'bob'],
      [carol, 'carol'],
      [dave, 'dave'],
    ] as const) {
      const saved = await s.http.post('/api/insert-push-subscription/', { ...push.device(name).subscription, expirationTime: null });
      expect(saved.status).toBe(201);
    }
  });
  afterAll(() => push.stop());

  it("gathers a group's new messages into one push per student, naming mentions; none for the author or for what was read", async () => {
    const before = push.received.length;
    await postToGroup(alice, groupId, 'Anyone up for problem set 3?');
    await postToGroup(alice, groupId, `@${bob.username} you had the answer to 2b`);
    const last = (await postToGroup(alice, groupId, 'Library, 5 PM')).body;
    // Carol has the room open: her page marks what arrives as read.
    expect((await carol.http.post('/api/mark-chat-read/', { kind: 'group', id: groupId, messageID: last.id })).status).toBe(200);

    await vi.waitFor(() => expect(arrivals('bob', before)).toHaveLength(1), ARRIVES);
    expect(payloads(arrivals('bob', before))).toEqual([
      {
        title: 'Exam 1 Crammers',
        body: '3 new messages in Exam 1 Crammers, 1 mentions you',
        url: `/study-group/${groupId}`,
        tag: `group:${groupId}`,
      },
    ]);
    await vi.waitFor(() => expect(arrivals('dave', before)).toHaveLength(1), ARRIVES);
    expect(arrivals('dave', before)[0].payload.body).toBe('3 new messages in Exam 1 Crammers');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    // Once each; nothing for the author, nothing for what Carol read.
    expect(arrivals('bob', before)).toHaveLength(1);
    expect(arrivals('dave', before)).toHaveLength(1);
    expect(arrivals('alice', before)).toEqual([]);
    expect(arrivals('carol', before)).toEqual([]);
    expect(push.errors).toEqual([]);
    // The operator sees the sends and the queue (nothing due: the batch ran).
    const metrics = await scrape(app.url);
    expect(sample(metrics, 'studyswamp_notifications_total', { channel: 'push', outcome: 'sent' })).toBeGreaterThanOrEqual(2);
    expect(sample(metrics, 'studyswamp_jobs_due', { queue: 'room-messages' })).toBe(0);
    expect(sample(metrics, 'studyswamp_jobs_oldest_due_seconds', { queue: 'room-messages' })).toBe(0);

    // What was pushed is not pushed again with the next message: only the news.
    const next = push.received.length;
    await postToGroup(carol, groupId, 'I can do 5:30');
    await vi.waitFor(() => expect(arrivals('bob', next)).toHaveLength(1), ARRIVES);
    expect(arrivals('bob', next)[0].payload.body).toBe('1 new message in Exam 1 Crammers');
    await vi.waitFor(() => expect(arrivals('alice', next)).toHaveLength(1), ARRIVES);
    expect(arrivals('carol', next)).toEqual([]);
  });

  it('a muted group, and a course chat (off by default), push only what is about the student: a mention or a reply', async () => {
    await save(dave, (prefs) => (prefs.mutedGroups = [groupId]));
    const before = push.received.length;
    await postToGroup(alice, groupId, 'Room changed to 105');
    await postToGroup(alice, groupId, `@${dave.username} bring the slides`);
    await vi.waitFor(() => expect(arrivals('dave', before)).toHaveLength(1), ARRIVES);
    expect(arrivals('dave', before)[0].payload.body).toBe('1 new message in Exam 1 Crammers, 1 mentions you');

    const course = push.received.length;
    const bobs = (await postToCourse(bob, courseId, 'Is the quiz open book?')).body;
    await postToCourse(carol, courseId, 'No idea');
    await alice.http.post('/api/insert-course-message/', {
      userID: alice.id,
      courseID: courseId,
      message: 'Open book, closed notes',
      replyTo: bobs.id,
    });
    await vi.waitFor(() => expect(arrivals('bob', course)).toHaveLength(1), ARRIVES);
    expect(payloads(arrivals('bob', course))).toEqual([
      { title: 'COP3502C', body: '1 new message in COP3502C', url: `/course/${courseId}`, tag: `course:${courseId}` },
    ]);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(arrivals('carol', course)).toEqual([]);
    expect(arrivals('dave', course)).toEqual([]);
    expect(arrivals('bob', course)).toHaveLength(1);
  });

  it('in quiet hours nothing is pushed; what came then is told after them', async () => {
    const now = localDateTime(new Date(), 'America/New_York');
    const at = (hour: number) => `${String((hour + 24) % 24).padStart(2, '0')}:00`;
    await save(bob, (prefs) => (prefs.quietHours = { start: at(now.hour - 1), end: at(now.hour + 2) }));
    const before = push.received.length;
    await postToGroup(alice, groupId, `@${bob.username} still there?`);
    await vi.waitFor(() => expect(arrivals('carol', before)).toHaveLength(1), ARRIVES);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(arrivals('bob', before)).toEqual([]);
    // Held, not lost: once the quiet hours are over, the next batch tells of it too.
    await save(bob, (prefs) => (prefs.quietHours = null));
    await postToGroup(carol, groupId, 'guess not');
    await vi.waitFor(() => expect(arrivals('bob', before)).toHaveLength(1), ARRIVES);
    expect(arrivals('bob', before)[0].payload.body).toBe('2 new messages in Exam 1 Crammers, 1 mentions you');
  });

  // PGlite is one process's: two servers share Postgres + Redis only.
  if (servers === 2)
    it('posts taken by two app servers push once per student', async () => {
      const second = await startTestApp(app.target, ENV);
      try {
        const before = push.received.length;
        const onSecond = { ...alice, http: new HttpSession(second.url) };
        expect((await onSecond.http.logIn(alice.username, alice.password)).status).toBe(200);
        await Promise.all([
          postToGroup(alice, groupId, 'one'),
          postToGroup(onSecond, groupId, 'two'),
          postToGroup(alice, groupId, 'three'),
          postToGroup(onSecond, groupId, 'four'),
        ]);
        await vi.waitFor(() => expect(arrivals('bob', before).length).toBeGreaterThan(0), ARRIVES);
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        // Four posts within one window or across two: each student is told of each message once.
        const told = arrivals('bob', before).map((p) => Number(/^(\d+) new/.exec(p.payload.body)![1]));
        expect(told.reduce((a, b) => a + b, 0)).toBe(4);
      } finally {
        await second.close();
      }
    });
}

describe('room notifications, embedded default', () => suite(useTestApp('embedded', { env: ENV, catalog: true }), 1));
describe.skipIf(!hasPostgres() || !hasRedis())('room notifications, Postgres + Redis, two app servers', () =>
  suite(useTestApp('services', { env: ENV, catalog: true }), 2),
);

describe.skipIf(!hasPostgres() || !hasRedis())('room notifications from `npm run worker`, its own process', () => {
  const app = useTestApp('services', { env: { ...ENV, NOTIFICATION_WORKER: 'false' }, catalog: true });
  const push = new TestPushService();
  beforeAll(() => push.start());
  afterAll(() => push.stop());

  it('app servers with NOTIFICATION_WORKER=false queue the batches; the worker process sends them', async () => {
    const [alice, bob] = [await signUp(app.url), await signUp(app.url)];
    const courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [alice, bob]) await s.http.post('/api/insert-course-member/', { courseID: courseId });
    const groupId = (await alice.http.post('/api/insert-study-group/', { courseID: courseId, name: 'Lab partners', description: 'x' })).body
      .id;
    await bob.http.post('/api/insert-study-group-member/', { studyGroupID: groupId });
    await bob.http.post('/api/insert-push-subscription/', { ...push.device('bob').subscription, expirationTime: null });
    await postToGroup(alice, groupId, 'Lab 4 due Friday');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(push.received).toEqual([]);

    const worker = await startWorkerProcess({ ...app.target.env, ...ENV, SESSION_SECRET: TEST_SECRET });
    try {
      await vi.waitFor(() => expect(push.to('bob')).toHaveLength(1), ARRIVES);
      expect(push.to('bob')[0].payload).toMatchObject({ title: 'Lab partners', body: '1 new message in Lab partners' });
    } finally {
      expect(await worker.stop()).toBe(0);
    }
  });
});
