// Every study-group call over HTTP, on Postgres + Redis and on the embedded
// default: the permission matrix (each refusal re-reads the group to show that
// nothing changed), the hand-over, deletion, leaving a course, private groups,
// meeting validation, the dashboard and course page, and the calendar file.
// Over 300 lines: one suite per run mode, whose cases share the app and the four students it sets up.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { parseCalendar } from '@tests/support/parse-calendar';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

type Actor = 'visitor' | 'owner' | 'member' | 'classmate' | 'outsider';

/** A group made for one test: owner and member in it, a meeting scheduled. */
interface Fixture {
  groupId: number;
  meetingId: number;
}

interface Refusal {
  who: string;
  actor: Actor;
  /** Replaces the call's usual body. */
  body?: (f: Fixture) => Record<string, unknown>;
  csrf?: false;
  status: number;
  code: string;
}

function studyGroupsApiSuite(app: TestApp) {
  const sessions = {} as Record<Actor, HttpSession>;
  const ids = {} as Record<Exclude<Actor, 'visitor'>, number>;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    const names: Record<Exclude<Actor, 'visitor'>, [string, string]> = {
      owner: ['Olivia', 'Owner'],
      member: ['Marco', 'Member'],
      classmate: ['Clara', 'Classmate'],
      outsider: ['Otto', 'Outsider'],
    };
    sessions.visitor = new HttpSession(app.url);
    for (const [actor, [firstName, lastName]] of Object.entries(names) as [Exclude<Actor, 'visitor'>, [string, string]][]) {
      sessions[actor] = new HttpSession(app.url);
      ids[actor] = (await sessions[actor].signUp(newStudent({ firstName, lastName }))).body.user.id;
    }
    const find = async (courseCode: string) =>
      (await sessions.owner.post('/api/filter-courses/', { courseCode })).body.courses[0].id as number;
    courseId = await find('COP3502C');
    otherCourseId = await find('MAC2311');
    for (const actor of ['owner', 'member', 'classmate'] as const) {
      expect((await sessions[actor].post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    }
  });

  // The suite starts far more groups as one owner in one course than a student
  // may in a day (that limit has its own suite): each test starts with none
  // counted. A test starts at most three.
  beforeEach(async () => {
    await app.server.resolve(INFRA.Knex)('study_group_creations').delete();
  });

  const owner = () => sessions.owner;
  const groupPage = (actor: Actor, groupId: number) => sessions[actor].get(`/api/study-group/${groupId}/`);

  async function createGroup(by: Actor = 'owner', name = 'Exam 2 prep', description = 'Weekly problem sets'): Promise<number> {
    const res = await sessions[by].post('/api/insert-study-group/', { courseID: courseId, name, description });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function fixture(): Promise<Fixture> {
    const groupId = await createGroup();
    expect((await sessions.member.post('/api/insert-study-group-member/', { userID: ids.member, studyGroupID: groupId })).status).toBe(200);
    const meeting = await owner().post('/api/insert-study-group-meeting/', {
      ownerID: ids.owner,
      studyGroupID: groupId,
      day: 'Monday',
      time: '18:30',
      location: 'Marston Science Library',
    });
    expect(meeting.status).toBe(201);
    return { groupId, meetingId: meeting.body.id };
  }

  /** What a refusal must not change: the group as its owner reads it, and the course's group list. */
  async function snapshot(f: Fixture) {
    const page = await groupPage('owner', f.groupId);
    const course = await owner().get(`/api/course/${courseId}/`);
    return { status: page.status, group: page.body.studyGroup, courseGroups: course.body.courseStudyGroups };
  }

  async function expectRefusals(path: string, body: (f: Fixture) => Record<string, unknown>, refusals: Refusal[]) {
    const f = await fixture();
    const before = await snapshot(f);
    expect(before.group.members).toHaveLength(2);
    for (const refusal of refusals) {
      const res: ApiResponse = await sessions[refusal.actor].post(path, (refusal.body ?? body)(f), { csrf: refusal.csrf });
      expect(res.status, `${path} ${refusal.who}`).toBe(refusal.status);
      expect(res.body, `${path} ${refusal.who}`).toMatchObject({ error: refusal.code, message: expect.any(String) });
      expect(await snapshot(f), `${path} ${refusal.who} changed nothing`).toEqual(before);
    }
  }

  const signedOutAndCsrf: Refusal[] = [
    { who: 'signed out', actor: 'visitor', status: 401, code: 'NOT_AUTHENTICATED' },
    { who: 'missing CSRF', actor: 'owner', csrf: false, status: 403, code: 'CSRF_FAILED' },
  ];

  const ownerOnly = (withOwnerBody: (f: Fixture) => Record<string, unknown>): Refusal[] => [
    ...signedOutAndCsrf,
    { who: 'non-member of the course', actor: 'outsider', status: 403, code: 'NOT_GROUP_OWNER' },
    { who: 'course member not in the group', actor: 'classmate', status: 403, code: 'NOT_GROUP_OWNER' },
    { who: 'group member', actor: 'member', status: 403, code: 'NOT_GROUP_OWNER' },
    {
      who: 'group member naming the owner',
      actor: 'member',
      body: (f) => ({ ...withOwnerBody(f), ownerID: ids.owner }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      who: 'owner naming another student',
      actor: 'owner',
      body: (f) => ({ ...withOwnerBody(f), ownerID: ids.member }),
      status: 403,
      code: 'FORBIDDEN',
    },
  ];

  describe('permission matrix', () => {
    it('insert-study-group: course members only, for themselves', async () => {
      const body = () => ({ courseID: courseId, name: 'Refused group', description: 'Should not exist' });
      await expectRefusals('/api/insert-study-group/', body, [
        ...signedOutAndCsrf,
        { who: 'non-member of the course', actor: 'outsider', status: 403, code: 'NOT_COURSE_MEMBER' },
        { who: 'another user’s id', actor: 'classmate', body: () => ({ ...body(), ownerID: ids.owner }), status: 403, code: 'FORBIDDEN' },
        {
          who: 'another user’s id as userID',
          actor: 'classmate',
          body: () => ({ ...body(), userID: ids.member }),
          status: 403,
          code: 'FORBIDDEN',
        },
      ]);
      // Every course member may create, and owns what they create.
      for (const actor of ['classmate', 'member', 'owner'] as const) {
        const res = await sessions[actor].post('/api/insert-study-group/', { ...body(), userID: ids[actor], name: `${actor}'s group` });
        expect(res.status, actor).toBe(201);
        expect(res.body.owner.id, actor).toBe(ids[actor]);
      }
    });

    it('insert-study-group-member: course members join public groups for themselves', async () => {
      await expectRefusals('/api/insert-study-group-member/', (f) => ({ studyGroupID: f.groupId }), [
        ...signedOutAndCsrf,
        { who: 'non-member of the course', actor: 'outsider', status: 403, code: 'NOT_COURSE_MEMBER' },
        {
          who: 'another user’s id',
          actor: 'classmate',
          body: (f) => ({ userID: ids.outsider, studyGroupID: f.groupId }),
          status: 403,
          code: 'FORBIDDEN',
        },
        {
          who: 'the owner adding someone',
          actor: 'owner',
          body: (f) => ({ userID: ids.classmate, studyGroupID: f.groupId }),
          status: 403,
          code: 'FORBIDDEN',
        },
      ]);
      const f = await fixture();
      // Members and the owner joining again change nothing; a classmate joins.
      for (const actor of ['member', 'owner'] as const) {
        const res = await sessions[actor].post('/api/insert-study-group-member/', { userID: ids[actor], studyGroupID: f.groupId });
        expect(res.status, actor).toBe(200);
        expect(res.body).toEqual({ studyGroupID: f.groupId, isMember: true });
      }
      expect((await groupPage('owner', f.groupId)).body.studyGroup.size).toBe(1);
      expect((await sessions.classmate.post('/api/insert-study-group-member/', { studyGroupID: String(f.groupId) })).status).toBe(200);
      const after = (await groupPage('classmate', f.groupId)).body.studyGroup;
      expect(after.members.map((m: { id: number }) => m.id)).toEqual([ids.owner, ids.member, ids.classmate]);
      expect(after.size).toBe(2);
    });

    it('delete-study-group-member: members leave themselves; only the owner removes others', async () => {
      await expectRefusals('/api/delete-study-group-member/', (f) => ({ studyGroupID: f.groupId }), [
        ...signedOutAndCsrf,
        {
          who: 'non-member of the course removing a member',
          actor: 'outsider',
          body: (f) => ({ userID: ids.member, studyGroupID: f.groupId }),
          status: 403,
          code: 'NOT_GROUP_OWNER',
        },
        {
          who: 'course member removing a member',
          actor: 'classmate',
          body: (f) => ({ userID: ids.member, studyGroupID: f.groupId }),
          status: 403,
          code: 'NOT_GROUP_OWNER',
        },
        {
          who: 'member removing the owner',
          actor: 'member',
          body: (f) => ({ userID: ids.owner, studyGroupID: f.groupId }),
          status: 403,
          code: 'NOT_GROUP_OWNER',
        },
        {
          who: 'owner removing a non-member',
          actor: 'owner',
          body: (f) => ({ userID: ids.classmate, studyGroupID: f.groupId }),
          status: 404,
          code: 'USER_NOT_IN_GROUP',
        },
      ]);
      const f = await fixture();
      const before = await snapshot(f);
      // Leaving a group one is not in is a no-op (leaving is idempotent).
      for (const actor of ['outsider', 'classmate'] as const) {
        const res = await sessions[actor].post('/api/delete-study-group-member/', { studyGroupID: f.groupId });
        expect(res.status, actor).toBe(200);
        expect(res.body).toEqual({ studyGroupID: f.groupId, userID: ids[actor], isMember: false, groupDeleted: false, ownerID: ids.owner });
      }
      expect(await snapshot(f)).toEqual(before);
      // The owner removes the member, who then cannot open the page.
      const removed = await owner().post('/api/delete-study-group-member/', { userID: ids.member, studyGroupID: f.groupId });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({
        studyGroupID: f.groupId,
        userID: ids.member,
        isMember: false,
        groupDeleted: false,
        ownerID: ids.owner,
      });
      expect((await groupPage('member', f.groupId)).status).toBe(403);
      expect((await groupPage('owner', f.groupId)).body.studyGroup.members.map((m: { id: number }) => m.id)).toEqual([ids.owner]);
    });

    it('GET study-group/{id}/ and its calendar: group members only', async () => {
      const f = await fixture();
      for (const path of [`/api/study-group/${f.groupId}/`, `/api/study-group/${f.groupId}/calendar.ics`]) {
        const cases: [Actor, number, string | null][] = [
          ['visitor', 401, 'NOT_AUTHENTICATED'],
          ['outsider', 403, 'NOT_GROUP_MEMBER'],
          ['classmate', 403, 'NOT_GROUP_MEMBER'],
          ['member', 200, null],
          ['owner', 200, null],
        ];
        for (const [actor, status, code] of cases) {
          const res = await sessions[actor].get(path);
          expect(res.status, `${path} ${actor}`).toBe(status);
          if (code) expect(res.body, `${path} ${actor}`).toMatchObject({ error: code });
        }
      }
    });

    it('update-study-group: the owner alone', async () => {
      const body = (f: Fixture) => ({ studyGroupID: f.groupId, name: 'Taken over', description: 'Not yours', public: 0 });
      await expectRefusals('/api/update-study-group/', body, ownerOnly(body));
    });

    it('insert-study-group-meeting: the owner alone', async () => {
      const body = (f: Fixture) => ({ studyGroupID: f.groupId, day: 'Friday', time: '10:00', location: 'Library West' });
      await expectRefusals('/api/insert-study-group-meeting/', body, ownerOnly(body));
    });

    it('update-study-group-meeting: the owner alone', async () => {
      const body = (f: Fixture) => ({ studyGroupID: f.groupId, meetingID: f.meetingId, day: 'Friday', time: '10:00', location: 'Moved' });
      await expectRefusals('/api/update-study-group-meeting/', body, ownerOnly(body));
    });

    it('delete-study-group-meeting: the owner alone', async () => {
      const body = (f: Fixture) => ({ studyGroupID: f.groupId, meetingID: f.meetingId });
      await expectRefusals('/api/delete-study-group-meeting/', body, ownerOnly(body));
    });
  });

  describe('groups', () => {
    it('creates a public group with the full shape, trimmed, owned by its creator', async () => {
      const res = await owner().post('/api/insert-study-group/', {
        courseID: String(courseId),
        name: '  Exam 2 prep ',
        description: ' Sets ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        courseID: courseId,
        name: 'Exam 2 prep',
        description: 'Sets',
        public: 1,
        owner: {
          id: ids.owner,
          username: expect.any(String),
          first_name: 'Olivia',
          last_name: 'Owner',
          major: 'Computer Science',
          year: '2',
          bio: 'Go Gators!',
          verified: false,
        },
        size: 0,
        members: [res.body.owner],
        meetings: [],
        maxMembers: 50,
        joinRequest: null,
        pendingRequests: 0,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/email|password/i);
    });

    it('refuses a missing title or description with the form’s message, and bad input with 4xx JSON', async () => {
      for (const body of [
        { courseID: courseId, name: '', description: 'x' },
        { courseID: courseId, name: 'x', description: '   ' },
        { courseID: courseId },
      ]) {
        const res = await owner().post('/api/insert-study-group/', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Please enter a title and description' });
      }
      const tooLong = await owner().post('/api/insert-study-group/', { courseID: courseId, name: 'n'.repeat(101), description: 'd' });
      expect(tooLong.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'name' });
      const longDescription = await owner().post('/api/insert-study-group/', {
        courseID: courseId,
        name: 'n',
        description: 'd'.repeat(1001),
      });
      expect(longDescription.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'description' });
      expect((await owner().post('/api/insert-study-group/', { courseID: courseId, name: 42, description: 'd' })).status).toBe(400);
      expect((await owner().post('/api/insert-study-group/', { courseID: 'abc', name: 'n', description: 'd' })).status).toBe(400);
      const unknown = await owner().post('/api/insert-study-group/', { courseID: 99_999_999, name: 'n', description: 'd' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
      const malformed = await owner().request('POST', '/api/insert-study-group/', { rawBody: '{"courseID": ' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ error: 'MALFORMED_JSON' });
      const huge = await owner().post('/api/insert-study-group/', { courseID: courseId, name: 'n', description: 'd'.repeat(200_000) });
      expect(huge.status).toBe(413);
      for (const path of ['/api/study-group/abc/', '/api/study-group/0/', '/api/study-group/1.5/calendar.ics']) {
        const res = await owner().get(path);
        expect(res.status, path).toBe(400);
        expect(res.body.error).toBe('VALIDATION_FAILED');
      }
      const missing = await owner().get('/api/study-group/99999999/');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ error: 'STUDY_GROUP_NOT_FOUND' });
      for (const path of ['/api/insert-study-group-member/', '/api/delete-study-group-member/']) {
        expect((await owner().post(path, { studyGroupID: 99_999_999 })).body, path).toMatchObject({ error: 'STUDY_GROUP_NOT_FOUND' });
        expect((await owner().post(path, { studyGroupID: 'x' })).status, path).toBe(400);
      }
    });

    it('answers the group page with the spec’s fields', async () => {
      const f = await fixture();
      const res = await groupPage('member', f.groupId);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['id', 'studyGroup', 'studyGroupMeetings', 'studyGroupMembers', 'studyGroupMessages']);
      expect(res.body.id).toBe(ids.member);
      expect(res.body.studyGroup).toMatchObject({ id: f.groupId, courseID: courseId, public: 1, size: 1, owner: { id: ids.owner } });
      expect(res.body.studyGroupMembers).toEqual(res.body.studyGroup.members);
      expect(res.body.studyGroupMembers.map((m: { id: number; first_name: string }) => [m.id, m.first_name])).toEqual([
        [ids.owner, 'Olivia'],
        [ids.member, 'Marco'],
      ]);
      expect(res.body.studyGroupMeetings).toMatchObject([
        { id: f.meetingId, day: 'Monday', time: '18:30:00', location: 'Marston Science Library', kind: 'weekly', lengthMinutes: 60 },
      ]);
      expect(res.body.studyGroupMessages).toEqual([]);

      // The group chat's latest messages come with the page.
      const posted = await owner().post('/api/insert-study-group-message/', { studyGroupID: f.groupId, message: 'Welcome aboard' });
      expect(posted.status).toBe(201);
      const withChat = await groupPage('member', f.groupId);
      expect(withChat.body.studyGroupMessages).toEqual([posted.body]);
      expect(withChat.body.studyGroupMessages[0]).toMatchObject({ user_id: ids.owner, message: 'Welcome aboard' });
    });

    it('updates name, description and visibility for the owner; a private group refuses joins', async () => {
      const f = await fixture();
      const res = await owner().post('/api/update-study-group/', {
        ownerID: ids.owner,
        studyGroupID: f.groupId,
        name: ' Final prep ',
        description: 'Cumulative',
        public: 0,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: f.groupId, name: 'Final prep', description: 'Cumulative', public: 0, size: 1 });
      const refused = await sessions.classmate.post('/api/insert-study-group-member/', { userID: ids.classmate, studyGroupID: f.groupId });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'GROUP_PRIVATE', message: 'This group is private' });
      expect((await groupPage('owner', f.groupId)).body.studyGroup.members).toHaveLength(2);
      // Still listed on the course page, as private.
      const listed = (await sessions.classmate.get(`/api/course/${courseId}/`)).body.courseStudyGroups.find(
        (g: { id: number }) => g.id === f.groupId,
      );
      expect(listed).toMatchObject({ public: 0, name: 'Final prep' });

      const reopened = await owner().post('/api/update-study-group/', {
        studyGroupID: f.groupId,
        name: 'Final prep',
        description: 'Cumulative',
        public: true,
      });
      expect(reopened.body.public).toBe(1);
      // Public left out keeps it as it is.
      const kept = await owner().post('/api/update-study-group/', { studyGroupID: f.groupId, name: 'Kept', description: 'Cumulative' });
      expect(kept.body).toMatchObject({ name: 'Kept', public: 1 });
      expect((await sessions.classmate.post('/api/insert-study-group-member/', { studyGroupID: f.groupId })).status).toBe(200);
      const invalid = await owner().post('/api/update-study-group/', { studyGroupID: f.groupId, name: '', description: 'x', public: 1 });
      expect(invalid.body).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Please enter a title and description' });
      expect(
        (await owner().post('/api/update-study-group/', { studyGroupID: f.groupId, name: 'a', description: 'b', public: 2 })).status,
      ).toBe(400);
      expect((await groupPage('owner', f.groupId)).body.studyGroup.name).toBe('Kept');
    });

    it('hands ownership to the longest-standing member, then deletes the group with its last member', async () => {
      const f = await fixture();
      await sessions.classmate.post('/api/insert-study-group-member/', { studyGroupID: f.groupId });
      const left = await owner().post('/api/delete-study-group-member/', { studyGroupID: f.groupId });
      expect(left.body).toEqual({ studyGroupID: f.groupId, userID: ids.owner, isMember: false, groupDeleted: false, ownerID: ids.member });
      const page = await groupPage('member', f.groupId);
      expect(page.body.studyGroup.owner.id).toBe(ids.member);
      expect(page.body.studyGroup.size).toBe(1);
      expect((await groupPage('owner', f.groupId)).status).toBe(403);
      // The new owner has the owner's powers; the old one has none.
      const renamed = await sessions.member.post('/api/update-study-group/', {
        ownerID: ids.member,
        studyGroupID: f.groupId,
        name: 'Mine now',
        description: 'x',
        public: 1,
      });
      expect(renamed.status).toBe(200);

      await sessions.classmate.post('/api/delete-study-group-member/', { userID: ids.classmate, studyGroupID: f.groupId });
      const last = await sessions.member.post('/api/delete-study-group-member/', { userID: ids.member, studyGroupID: f.groupId });
      expect(last.body).toEqual({ studyGroupID: f.groupId, userID: ids.member, isMember: false, groupDeleted: true, ownerID: null });
      expect((await groupPage('member', f.groupId)).status).toBe(404);
      const courseGroups = (await owner().get(`/api/course/${courseId}/`)).body.courseStudyGroups;
      expect(courseGroups.map((g: { id: number }) => g.id)).not.toContain(f.groupId);
    });

    it('leaving a course leaves its groups, handing owned ones over', async () => {
      const f = await fixture();
      const alone = await createGroup('owner', 'Solo', 'Just me');
      await owner().post('/api/insert-course-member/', { courseID: otherCourseId });
      const elsewhere = await owner().post('/api/insert-study-group/', {
        courseID: otherCourseId,
        name: 'Calculus',
        description: 'Other course',
      });

      const left = await owner().post('/api/delete-course-member/', { courseID: courseId });
      expect(left.status).toBe(200);
      expect((await groupPage('member', f.groupId)).body.studyGroup).toMatchObject({ owner: { id: ids.member }, size: 0 });
      expect((await groupPage('owner', f.groupId)).status).toBe(403);
      expect((await groupPage('member', alone)).status).toBe(404);
      const dashboard = await owner().get('/api/dashboard/');
      expect(dashboard.body.studyGroups.map((g: { id: number }) => g.id)).toEqual([elsewhere.body.id]);
      // Back in the course, the student is in none of its groups and must join again.
      await owner().post('/api/insert-course-member/', { courseID: courseId });
      expect((await owner().get(`/api/course/${courseId}/`)).body.userStudyGroupIDs).toEqual([]);
    });
  });

  describe('meetings', () => {
    it('schedules, answers HH:MM:SS, orders Sunday to Saturday, updates and deletes', async () => {
      const f = await fixture();
      const add = (day: string, time: string, location: string) =>
        owner().post('/api/insert-study-group-meeting/', { ownerID: ids.owner, studyGroupID: f.groupId, day, time, location });
      const sunday = await add('Sunday', '09:15:30', ' Library West ');
      expect(sunday.status).toBe(201);
      expect(sunday.body).toMatchObject({
        id: expect.any(Number),
        day: 'Sunday',
        time: '09:15:30',
        location: 'Library West',
        kind: 'weekly',
      });
      const saturday = await add('Saturday', '23:59', 'Turlington');
      const order = async () => (await groupPage('member', f.groupId)).body.studyGroupMeetings.map((m: { id: number }) => m.id);
      expect(await order()).toEqual([sunday.body.id, f.meetingId, saturday.body.id]);

      const moved = await owner().post('/api/update-study-group-meeting/', {
        ownerID: ids.owner,
        studyGroupID: f.groupId,
        meetingID: saturday.body.id,
        day: 'Sunday',
        time: '08:00',
        location: 'Reitz Union',
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ id: saturday.body.id, day: 'Sunday', time: '08:00:00', location: 'Reitz Union' });
      expect(await order()).toEqual([saturday.body.id, sunday.body.id, f.meetingId]);

      const deleted = await owner().post('/api/delete-study-group-meeting/', {
        ownerID: ids.owner,
        studyGroupID: f.groupId,
        meetingID: sunday.body.id,
      });
      expect(deleted.body).toEqual({ meetingID: sunday.body.id, deleted: true });
      const again = await owner().post('/api/delete-study-group-meeting/', { studyGroupID: f.groupId, meetingID: sunday.body.id });
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ error: 'MEETING_NOT_FOUND' });
      expect(await order()).toEqual([saturday.body.id, f.meetingId]);
    });

    it('refuses bad days, times and locations with the field, changing nothing', async () => {
      const f = await fixture();
      const before = await snapshot(f);
      const cases: [Record<string, unknown>, string][] = [
        [{ day: 'Funday', time: '10:00', location: 'x' }, 'day'],
        [{ day: 'monday', time: '10:00', location: 'x' }, 'day'],
        [{ time: '10:00', location: 'x' }, 'day'],
        [{ day: 'Monday', time: '24:00', location: 'x' }, 'time'],
        [{ day: 'Monday', time: '12:60', location: 'x' }, 'time'],
        [{ day: 'Monday', time: '6:30 PM', location: 'x' }, 'time'],
        [{ day: 'Monday', time: '', location: 'x' }, 'time'],
        [{ day: 'Monday', time: '10:00', location: '' }, 'location'],
        [{ day: 'Monday', time: '10:00', location: '   ' }, 'location'],
        [{ day: 'Monday', time: '10:00', location: 'x'.repeat(201) }, 'location'],
        [{ day: 7, time: '10:00', location: 'x' }, 'day'],
      ];
      for (const [fields, field] of cases) {
        for (const path of ['/api/insert-study-group-meeting/', '/api/update-study-group-meeting/']) {
          const res = await owner().post(path, { studyGroupID: f.groupId, meetingID: f.meetingId, ...fields });
          expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
          expect(res.body, `${path} ${JSON.stringify(fields)}`).toMatchObject({ error: 'VALIDATION_FAILED', field });
        }
      }
      expect(await snapshot(f)).toEqual(before);
    });

    it('answers a meeting of another group as not found, even for an owner of both', async () => {
      const f = await fixture();
      const other = await fixture();
      const body = { studyGroupID: f.groupId, meetingID: other.meetingId, day: 'Friday', time: '10:00', location: 'x' };
      const before = await snapshot(other);
      for (const path of ['/api/update-study-group-meeting/', '/api/delete-study-group-meeting/']) {
        const res = await owner().post(path, body);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toMatchObject({ error: 'MEETING_NOT_FOUND' });
      }
      expect(await snapshot(other)).toEqual(before);
      const unknown = await owner().post('/api/insert-study-group-meeting/', { ...body, studyGroupID: 99_999_999 });
      expect(unknown.body).toMatchObject({ error: 'STUDY_GROUP_NOT_FOUND' });
    });
  });

  describe('dashboard and course page', () => {
    it('lists the student’s own groups on the dashboard and every group of the course on its page', async () => {
      const mine = await fixture();
      const theirs = await createGroup('classmate', 'Classmate group', 'Not the member’s');
      await owner().post('/api/update-study-group/', {
        studyGroupID: mine.groupId,
        name: 'Exam 2 prep',
        description: 'Weekly problem sets',
        public: 0,
      });

      const dashboard = await sessions.member.get('/api/dashboard/');
      const memberGroups = dashboard.body.studyGroups as { id: number }[];
      expect(memberGroups.map((g) => g.id)).toContain(mine.groupId);
      expect(memberGroups.map((g) => g.id)).not.toContain(theirs);
      expect(memberGroups.find((g) => g.id === mine.groupId)).toEqual((await groupPage('member', mine.groupId)).body.studyGroup);

      const coursePage = await sessions.member.get(`/api/course/${courseId}/`);
      const listed = coursePage.body.courseStudyGroups.map((g: { id: number }) => g.id);
      expect(listed).toEqual(expect.arrayContaining([mine.groupId, theirs]));
      expect(coursePage.body.userStudyGroupIDs).toContain(mine.groupId);
      expect(coursePage.body.userStudyGroupIDs).not.toContain(theirs);
      expect(coursePage.body.courseStudyGroups.find((g: { id: number }) => g.id === mine.groupId)).toMatchObject({ public: 0, size: 1 });

      // A signed-in student outside the course sees its header only: groups name
      // their members (profiles) and meetings, which are for classmates.
      const outsider = await sessions.outsider.get(`/api/course/${courseId}/`);
      expect(outsider.status).toBe(200);
      expect(outsider.body).toMatchObject({
        isMember: false,
        courseStudyGroups: [],
        userStudyGroupIDs: [],
        courseMembers: [],
        courseMessages: [],
      });
      expect(JSON.stringify(outsider.body)).not.toContain('Exam 2 prep');
    });
  });

  describe('calendar', () => {
    it('gives every meeting as a weekly series with its end in America/New_York that ical.js reads back', async () => {
      const f = await fixture();
      await owner().post('/api/insert-study-group-meeting/', {
        studyGroupID: f.groupId,
        day: 'Thursday',
        time: '07:45',
        location: 'Library West, 2nd floor',
      });
      const res = await sessions.member.request('GET', `/api/study-group/${f.groupId}/calendar.ics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="study-group-${f.groupId}.ics"`);
      const text = res.body as string;
      expect(text.split('\r\n').length).toBeGreaterThan(20);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);

      const { tzids, events } = parseCalendar(text);
      expect(tzids).toEqual(['America/New_York']);
      expect(events.map((e) => [e.tzid, e.weekday, e.localTime, e.rrule.replace(/;UNTIL=\d{8}T\d{6}Z$/, ''), e.location])).toEqual([
        ['America/New_York', 2, '18:30', 'FREQ=WEEKLY;BYDAY=MO', 'Marston Science Library'],
        ['America/New_York', 5, '07:45', 'FREQ=WEEKLY;BYDAY=TH', 'Library West, 2nd floor'],
      ]);
      // Each series ends (UNTIL): ical.js expands it to a bounded list of weekly dates.
      for (const event of events) {
        expect(event.rrule).toMatch(/;UNTIL=\d{8}T\d{6}Z$/);
        expect(event.dates.length).toBeGreaterThan(0);
        expect(event.dates.length).toBeLessThanOrEqual(17);
      }
      expect(events[0].summary).toBe('Exam 2 prep');
      // Each series starts at its next occurrence: within the coming week.
      for (const event of events) {
        expect(event.start.getTime()).toBeGreaterThan(Date.now() - 60_000);
        expect(event.start.getTime()).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3600 * 1000);
      }
      const again = parseCalendar((await sessions.owner.request('GET', `/api/study-group/${f.groupId}/calendar.ics`)).body as string);
      expect(again.events.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    });
  });
}

describeOnEveryMode('study groups API', studyGroupsApiSuite, { catalog: true });
