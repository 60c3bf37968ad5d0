// A private group keeps its people, places and times to its members: every
// answer that carries study groups, read by a classmate outside the group,
// shows its name, description, size and owner's name only; its members read
// it whole; public groups read the same by everyone. On both run modes.
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

type Actor = 'owner' | 'member' | 'classmate' | 'stranger';

const PLACE = 'Apartment 4B, 1200 SW 5th Ave';
const SECRET_TIME = '21:15:00';

function privateGroupsSuite(app: TestApp) {
  const sessions = {} as Record<Actor, HttpSession>;
  const ids = {} as Record<Actor, number>;
  let courseId: number;
  let privateId: number;
  let publicId: number;

  beforeAll(async () => {
    const names: Record<Actor, [string, string]> = {
      owner: ['Olivia', 'Owner'],
      member: ['Marco', 'Member'],
      classmate: ['Clara', 'Classmate'],
      stranger: ['Sam', 'Stranger'],
    };
    for (const [actor, [firstName, lastName]] of Object.entries(names) as [Actor, [string, string]][]) {
      sessions[actor] = new HttpSession(app.url);
      const bio = `${firstName}'s bio`;
      ids[actor] = (await sessions[actor].signUp(newStudent({ firstName, lastName, bio }))).body.user.id;
    }
    courseId = (await sessions.owner.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const actor of ['owner', 'member', 'classmate'] as const) {
      expect((await sessions[actor].post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    }
    const create = async (name: string) =>
      (await sessions.owner.post('/api/insert-study-group/', { courseID: courseId, name, description: `${name} description` })).body
        .id as number;
    privateId = await create('Late-night prep');
    publicId = await create('Library crew');
    for (const groupId of [privateId, publicId]) {
      expect((await sessions.member.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
      const meeting = await sessions.owner.post('/api/insert-study-group-meeting/', {
        studyGroupID: groupId,
        day: 'Thursday',
        time: SECRET_TIME,
        location: PLACE,
      });
      expect(meeting.status).toBe(201);
    }
    const closed = await sessions.owner.post('/api/update-study-group/', {
      studyGroupID: privateId,
      name: 'Late-night prep',
      description: 'Late-night prep description',
      public: 0,
    });
    expect(closed.status).toBe(200);
  });

  const coursePage = (actor: Actor) => sessions[actor].get(`/api/course/${courseId}/`);
  const listed = (body: { courseStudyGroups: any[] }, groupId: number) => body.courseStudyGroups.find((g) => g.id === groupId);

  it('shows a classmate outside a private group its name, description, size and owner’s name only', async () => {
    const page = await coursePage('classmate');
    expect(page.status).toBe(200);
    expect(listed(page.body, privateId)).toEqual({
      id: privateId,
      courseID: courseId,
      name: 'Late-night prep',
      description: 'Late-night prep description',
      public: 0,
      owner: {
        id: ids.owner,
        username: expect.any(String),
        first_name: 'Olivia',
        last_name: 'Owner',
        major: '',
        year: '',
        bio: '',
        verified: false,
      },
      size: 1,
      members: [],
      meetings: [],
      maxMembers: 50,
      joinRequest: null,
      pendingRequests: 0,
    });
    expect(page.body.userStudyGroupIDs).toEqual([]);
  });

  it('carries no place, time or member list of the private group in any answer to that classmate', async () => {
    const answers = {
      coursePage: await coursePage('classmate'),
      dashboard: await sessions.classmate.get('/api/dashboard/'),
      search: await sessions.classmate.get('/api/search-courses/?page=1'),
      filter: await sessions.classmate.post('/api/filter-courses/', { courseCode: 'COP3502C' }),
      sections: await sessions.classmate.get(`/api/course-sections/${courseId}/`),
      unread: await sessions.classmate.get('/api/unread-counts/'),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(200);
      const text = JSON.stringify(answer.body);
      // The public group's meeting shares the place: only the course page lists it, and once.
      const allowed = name === 'coursePage' ? 1 : 0;
      expect(text.split(PLACE).length - 1, `${name}: places`).toBe(allowed);
      expect(text.split(SECRET_TIME).length - 1, `${name}: times`).toBe(allowed);
    }
    expect(answers.unread.body.rooms.map((r: { kind: string; id: number }) => `${r.kind}:${r.id}`)).not.toContain(`group:${privateId}`);
    // Its page, calendar and chat stay closed.
    for (const path of [
      `/api/study-group/${privateId}/`,
      `/api/study-group/${privateId}/calendar.ics`,
      `/api/select-study-group-messages/${privateId}/${ids.classmate}/`,
    ]) {
      const res = await sessions.classmate.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ error: 'NOT_GROUP_MEMBER' });
    }
    expect((await sessions.classmate.post('/api/insert-study-group-member/', { studyGroupID: privateId })).body).toMatchObject({
      error: 'GROUP_PRIVATE',
    });
  });

  it('gives the group’s own members and owner the whole private group everywhere', async () => {
    for (const actor of ['member', 'owner'] as const) {
      const group = listed((await coursePage(actor)).body, privateId);
      expect(
        group?.members.map((m: { id: number }) => m.id),
        actor,
      ).toEqual([ids.owner, ids.member]);
      expect(group?.meetings, actor).toMatchObject([{ id: expect.any(Number), day: 'Thursday', time: SECRET_TIME, location: PLACE }]);
      expect(group?.owner, actor).toMatchObject({ bio: "Olivia's bio", major: 'Computer Science', year: '2' });
      const dashboard = (await sessions[actor].get('/api/dashboard/')).body.studyGroups.find((g: { id: number }) => g.id === privateId);
      expect(dashboard, actor).toEqual(group);
      const page = await sessions[actor].get(`/api/study-group/${privateId}/`);
      expect(page.body.studyGroup, actor).toEqual(group);
      expect(page.body.studyGroupMeetings, actor).toEqual(group?.meetings);
    }
    const renamed = await sessions.owner.post('/api/update-study-group/', {
      studyGroupID: privateId,
      name: 'Late-night prep',
      description: 'Late-night prep description',
    });
    expect(renamed.body.members).toHaveLength(2);
    expect(renamed.body.meetings).toHaveLength(1);
  });

  it('shows a public group whole to every classmate, and nothing of the course to a student outside it', async () => {
    const group = listed((await coursePage('classmate')).body, publicId);
    expect(group?.members.map((m: { id: number }) => m.id)).toEqual([ids.owner, ids.member]);
    expect(group?.meetings).toMatchObject([{ id: expect.any(Number), day: 'Thursday', time: SECRET_TIME, location: PLACE }]);
    expect(group?.owner).toMatchObject({ bio: "Olivia's bio" });
    expect(group).toEqual(listed((await coursePage('member')).body, publicId));
    const stranger = await coursePage('stranger');
    expect(stranger.body).toMatchObject({ isMember: false, courseStudyGroups: [], courseMembers: [] });
    expect(JSON.stringify(stranger.body)).not.toContain(PLACE);
  });

  describe('a member who leaves', () => {
    it('sees the private group as an outsider from then on', async () => {
      expect((await sessions.member.post('/api/delete-study-group-member/', { studyGroupID: privateId })).status).toBe(200);
      const group = listed((await coursePage('member')).body, privateId);
      expect(group).toMatchObject({ size: 0, members: [], meetings: [] });
      expect(JSON.stringify((await sessions.member.get('/api/dashboard/')).body)).not.toContain('Late-night prep');
    });
  });
}

describeOnEveryMode('private study groups', privateGroupsSuite, { catalog: true });
