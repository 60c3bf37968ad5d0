// Changes to a study group reach the pages showing it over the chat's long
// poll, on the embedded default and on Postgres + Redis: a member's waiting
// group poll answers at once, [] with X-Group-Changed: 1, when the owner adds
// a meeting, renames the group, answers a join request or removes a member
// (who gets the refusal instead); a course poll when one of its groups
// changes; no other group's or course's poll. Then two app servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@adapters/server';
import { groupPath, pollCourse, signUp, untilWaiting, type Student } from '@tests/support/chat-students';
import type { ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, startTestApp, useTestApp, type TestApp } from '@tests/support/test-app';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

const CHANGED = 'x-group-changed';

/** A long poll of the group's chat from its start (these groups have no messages). */
const pollGroup = (s: Student, groupId: number, wait = 25) => s.http.get(groupPath(groupId, s.id, `?after=0-0&wait=${wait}`));

async function newGroup(owner: Student, courseId: number, members: Student[], name = 'Exam prep'): Promise<number> {
  const made = await owner.http.post('/api/insert-study-group/', { courseID: courseId, name, description: 'Problem sets' });
  expect(made.status).toBe(201);
  const groupId = made.body.id as number;
  for (const member of members)
    expect((await member.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
  return groupId;
}

function expectChanged(answer: ApiResponse): void {
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual([]);
  expect(answer.headers.get(CHANGED)).toBe('1');
}

async function joinCourse(students: Student[], courseId: number): Promise<void> {
  for (const s of students) expect((await s.http.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
}

function groupLiveSuite(app: TestApp) {
  let owner: Student;
  let member: Student;
  let classmate: Student;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    [owner, member, classmate] = [await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    courseId = (await owner.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    otherCourseId = (await owner.http.post('/api/filter-courses/', { courseCode: 'MAC2311' })).body.courses[0].id as number;
    await joinCourse([owner, member, classmate], courseId);
    await joinCourse([owner, member], otherCourseId);
  });

  it("answers a member's waiting poll at once when the owner adds a meeting, and leaves another group's waiting", async () => {
    const groupId = await newGroup(owner, courseId, [member]);
    const otherId = await newGroup(owner, courseId, [member], 'Other group');
    const other = pollGroup(member, otherId, 2);
    await untilWaiting(app.server, 1);
    const poll = pollGroup(member, groupId);
    await untilWaiting(app.server, 2);
    const added = await owner.http.post('/api/insert-study-group-meeting/', {
      studyGroupID: groupId,
      day: 'Monday',
      time: '18:00',
      location: 'Library West',
    });
    expect(added.status).toBe(201);
    expectChanged(await poll);
    // The other group's poll ran to its deadline: no header.
    const quiet = await other;
    expect(quiet.body).toEqual([]);
    expect(quiet.headers.get(CHANGED)).toBeNull();
    // What the page reads again shows it.
    expect((await member.http.get(`/api/study-group/${groupId}/`)).body.studyGroupMeetings).toMatchObject([{ location: 'Library West' }]);
  });

  it('wakes the members on a rename, a meeting moved or deleted, and a join request asked and answered', async () => {
    const groupId = await newGroup(owner, courseId, [member]);
    const meeting = { studyGroupID: groupId, day: 'Monday', time: '18:00', location: 'Library West' };
    const meetingId = (await owner.http.post('/api/insert-study-group-meeting/', meeting)).body.id as number;
    const changes: [string, () => Promise<ApiResponse>][] = [
      ['move a meeting', () => owner.http.post('/api/update-study-group-meeting/', { ...meeting, meetingID: meetingId, day: 'Tuesday' })],
      ['delete a meeting', () => owner.http.post('/api/delete-study-group-meeting/', { studyGroupID: groupId, meetingID: meetingId })],
      [
        'rename, private',
        () => owner.http.post('/api/update-study-group/', { studyGroupID: groupId, name: 'Exam prep 2', description: 'Sets', public: 0 }),
      ],
      ['ask to join', () => classmate.http.post('/api/insert-study-group-join-request/', { studyGroupID: groupId })],
      [
        'accept the request',
        () => owner.http.post('/api/answer-study-group-join-request/', { studyGroupID: groupId, studentID: classmate.id, accept: true }),
      ],
    ];
    for (const [what, change] of changes) {
      const polls = [pollGroup(owner, groupId), pollGroup(member, groupId)];
      await untilWaiting(app.server, 2);
      const done = await change();
      expect([200, 201], what).toContain(done.status);
      for (const answer of await Promise.all(polls)) expectChanged(answer);
    }
    expect((await member.http.get(`/api/study-group/${groupId}/`)).body.studyGroup).toMatchObject({ name: 'Exam prep 2' });
  });

  it('refuses the member removed while waiting, and tells the others', async () => {
    const groupId = await newGroup(owner, courseId, [member, classmate]);
    const staying = pollGroup(member, groupId);
    const removed = pollGroup(classmate, groupId);
    await untilWaiting(app.server, 2);
    expect((await owner.http.post('/api/delete-study-group-member/', { studyGroupID: groupId, userID: classmate.id })).status).toBe(200);
    expectChanged(await staying);
    const refused = await removed;
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'NOT_GROUP_MEMBER' });
  });

  it("answers a course poll when one of the course's groups changes, not another course's", async () => {
    const groupId = await newGroup(owner, courseId, []);
    const course = pollCourse(member, courseId, '?after=0-0&wait=25');
    const other = pollCourse(member, otherCourseId, '?after=0-0&wait=2');
    await untilWaiting(app.server, 2);
    await owner.http.post('/api/update-study-group/', { studyGroupID: groupId, name: 'Renamed for the course page', description: 'Sets' });
    const answer = await course;
    expect(answer.status).toBe(200);
    expect(answer.headers.get(CHANGED)).toBe('1');
    expect((await other).headers.get(CHANGED)).toBeNull();
  });

  it('documents the header in the OpenAPI document, on both chat reads', async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { headers?: Record<string, { description: string }> }> } }>;
    };
    for (const path of ['/api/select-study-group-messages/{studyGroupID}/{userID}/', '/api/select-course-messages/{courseID}/{userID}/']) {
      const headers = document.paths[path].get?.responses['200'].headers;
      expect(Object.keys(headers ?? {})).toEqual(['X-Chat-Activity', 'X-Group-Changed']);
    }
  });
}

describeOnEveryMode('group changes over the long poll', groupLiveSuite, { catalog: true });

describe.skipIf(!hasPostgres() || !hasRedis())('group changes on two app servers sharing Postgres + Redis', () => {
  const app = useTestApp('services', { catalog: true });
  let b: RunningServer;

  beforeAll(async () => {
    b = await startTestApp(app.target);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('answers a poll waiting on one server when the owner changes the group through the other', async () => {
    const [owner, member] = [await signUp(app.url), await signUp(app.url)];
    const courseId = (await owner.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await joinCourse([owner, member], courseId);
    const groupId = await newGroup(owner, courseId, [member]);
    member.http.baseUrl = b.url;
    const poll = pollGroup(member, groupId);
    await untilWaiting(b, 1);
    await owner.http.post('/api/insert-study-group-meeting/', { studyGroupID: groupId, day: 'Friday', time: '10:00', location: 'Marston' });
    expectChanged(await poll);
  });
});
