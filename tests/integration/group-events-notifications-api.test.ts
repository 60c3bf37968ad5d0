// A group's events reach the students they concern on their devices, on both
// run modes (issue 26): a join request its owner, the answer the student, an
// invite the invited, a meeting scheduled, changed or cancelled its members;
// never the one who acted, never twice, and nobody by a kind turned off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type Student } from '@tests/support/chat-students';
import { TestPushService } from '@tests/support/push-service';
import { useTestApp, type TestApp } from '@tests/support/test-app';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';
import { operatorVapidKeys } from '@tests/support/vapid-keys';

const ENV = { PUSH_ALLOW_LOOPBACK: 'true', ...operatorVapidKeys() };
/** Long enough for a push that would come to have come (the worker polls every 2 s). */
const QUIET_MS = 5_000;
const ARRIVES = { timeout: 15_000, interval: 100 };

function suite(app: TestApp) {
  const push = new TestPushService();
  let owner: Student;
  let member: Student;
  let asker: Student;
  let invited: Student;
  let groupId: number;
  const names = new Map<Student, string>();

  const payloadsOf = (s: Student, from: number) =>
    push.received
      .slice(from)
      .filter((p) => p.device === names.get(s))
      .map((p) => p.payload);

  beforeAll(async () => {
    await push.start();
    [owner, member, asker, invited] = [await signUp(app.url), await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    const courseId = (await owner.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [owner, member, asker, invited])
      expect((await s.http.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    groupId = (await owner.http.post('/api/insert-study-group/', { courseID: courseId, name: 'Night owls', description: 'x' })).body.id;
    expect((await member.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    const closed = await owner.http.post('/api/update-study-group/', {
      studyGroupID: groupId,
      name: 'Night owls',
      description: 'x',
      public: 0,
    });
    expect(closed.status).toBe(200);
    for (const [s, name] of [
      [owner, 'owner'],
      [member, 'member'],
      [asker, 'asker'],
      [invited, 'invited'],
    ] as const) {
      names.set(s, name);
      const saved = await s.http.post('/api/insert-push-subscription/', { ...push.device(name).subscription, expirationTime: null });
      expect(saved.status).toBe(201);
    }
  });
  afterAll(() => push.stop());

  it('a join request reaches the owner, the answer the student, an invite the invited; once each, none to the actor', async () => {
    const before = push.received.length;
    expect((await asker.http.post('/api/insert-study-group-join-request/', { studyGroupID: groupId })).status).toBe(201);
    await vi.waitFor(() => expect(payloadsOf(owner, before)).toHaveLength(1), ARRIVES);
    expect(payloadsOf(owner, before)[0]).toMatchObject({
      title: 'Night owls',
      body: `${asker.username} asks to join Night owls`,
      url: `/study-group/${groupId}`,
    });

    const answered = await owner.http.post('/api/answer-study-group-join-request/', {
      studyGroupID: groupId,
      studentID: asker.id,
      accept: true,
    });
    expect(answered.status).toBe(200);
    await vi.waitFor(() => expect(payloadsOf(asker, before)).toHaveLength(1), ARRIVES);
    expect(payloadsOf(asker, before)[0]).toMatchObject({
      title: 'Night owls',
      body: "You're in! Your request to join Night owls was accepted",
    });

    const invite = await owner.http.post('/api/insert-study-group-invite/', { studyGroupID: groupId, username: invited.username });
    expect(invite.status).toBe(201);
    await vi.waitFor(() => expect(payloadsOf(invited, before)).toHaveLength(1), ARRIVES);
    expect(payloadsOf(invited, before)[0]).toMatchObject({
      body: `${owner.username} invited you to join Night owls`,
      url: `/study-group/${groupId}`,
    });

    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(payloadsOf(owner, before)).toHaveLength(1);
    expect(payloadsOf(asker, before)).toHaveLength(1);
    expect(payloadsOf(invited, before)).toHaveLength(1);
    expect(payloadsOf(member, before)).toEqual([]);
    expect(push.errors).toEqual([]);
  });

  it('a meeting scheduled, changed and cancelled reaches the members but not the owner who did it; a member who turned meetings off hears nothing', async () => {
    const before = push.received.length;
    const settings = (await asker.http.get('/api/notification-settings/')).body.preferences;
    settings.kinds.meeting.push = false;
    expect((await asker.http.post('/api/update-notification-settings/', settings)).status).toBe(200);

    const scheduled = await owner.http.post('/api/insert-study-group-meeting/', {
      ownerID: owner.id,
      studyGroupID: groupId,
      day: 'Monday',
      time: '18:30',
      location: 'Marston Science Library',
    });
    expect(scheduled.status).toBe(201);
    await vi.waitFor(() => expect(payloadsOf(member, before)).toHaveLength(1), ARRIVES);
    expect(payloadsOf(member, before)[0]).toMatchObject({
      title: 'Night owls',
      body: 'New meeting: Mondays at 6:30 PM, Marston Science Library',
      url: `/study-group/${groupId}`,
    });

    const moved = await owner.http.post('/api/update-study-group-meeting/', {
      studyGroupID: groupId,
      meetingID: scheduled.body.id,
      day: 'Tuesday',
      time: '19:00',
      location: 'Library West 212',
    });
    expect(moved.status).toBe(200);
    await vi.waitFor(() => expect(payloadsOf(member, before)).toHaveLength(2), ARRIVES);
    expect(payloadsOf(member, before)[1].body).toBe('Meeting changed: Tuesdays at 7:00 PM, Library West 212');

    const deleted = await owner.http.post('/api/delete-study-group-meeting/', { studyGroupID: groupId, meetingID: scheduled.body.id });
    expect(deleted.status).toBe(200);
    await vi.waitFor(() => expect(payloadsOf(member, before)).toHaveLength(3), ARRIVES);
    expect(payloadsOf(member, before)[2].body).toBe('Meeting cancelled: Tuesdays at 7:00 PM, Library West 212');

    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(payloadsOf(owner, before)).toEqual([]);
    expect(payloadsOf(asker, before)).toEqual([]);
    expect(payloadsOf(member, before)).toHaveLength(3);
  });
}

describe('group events reach devices, embedded default', () => suite(useTestApp('embedded', { env: ENV, catalog: true })));
describe.skipIf(!hasPostgres() || !hasRedis())('group events reach devices, Postgres + Redis', () =>
  suite(useTestApp('services', { env: ENV, catalog: true })),
);
