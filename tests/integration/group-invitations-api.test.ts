// The ways into a private group over HTTP, on both run modes: invite links
// (joined with the course, expired / turned off / used up / unknown, a burst
// on a link of one use), requests to join (accepted; declined for good),
// invites by username (accepted, declined), the viewer's standing and the
// owner's count on every answer that carries the group, who may do what
// (refusals change nothing), bad input, and the owner naming the next owner.
// Over 300 lines: one suite per run mode, whose cases share the app and the students it sets up.
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

type Actor = 'owner' | 'member' | 'classmate' | 'newcomer' | 'visitor';

function groupInvitationsSuite(app: TestApp) {
  const sessions = {} as Record<Actor, HttpSession>;
  const ids = {} as Record<Exclude<Actor, 'visitor'>, number>;
  const usernames = {} as Record<Exclude<Actor, 'visitor'>, string>;
  let courseId: number;

  const signUp = async (firstName: string) => {
    const session = new HttpSession(app.url);
    const fields = newStudent({ firstName });
    const res = await session.signUp(fields);
    expect(res.status).toBe(200);
    return { session, id: res.body.user.id as number, username: fields.username };
  };

  beforeAll(async () => {
    sessions.visitor = new HttpSession(app.url);
    for (const actor of ['owner', 'member', 'classmate', 'newcomer'] as const) {
      const made = await signUp(actor);
      sessions[actor] = made.session;
      ids[actor] = made.id;
      usernames[actor] = made.username;
    }
    courseId = (await sessions.owner.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    // The newcomer is not in the course: a link brings them in.
    for (const actor of ['owner', 'member', 'classmate'] as const) {
      expect((await sessions[actor].post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    }
  });

  beforeEach(async () => {
    await app.server.resolve(INFRA.Knex)('study_group_creations').delete();
  });

  /** A private group of the owner's with the member in it. */
  const privateGroup = async (): Promise<number> => {
    const created = await sessions.owner.post('/api/insert-study-group/', {
      courseID: courseId,
      name: 'Night owls',
      description: 'Quiet prep',
    });
    expect(created.status).toBe(201);
    const groupId = created.body.id as number;
    expect((await sessions.member.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    const closed = await sessions.owner.post('/api/update-study-group/', {
      studyGroupID: groupId,
      name: 'Night owls',
      description: 'Quiet prep',
      public: 0,
    });
    expect(closed.status).toBe(200);
    return groupId;
  };
  const memberIds = async (groupId: number) =>
    ((await sessions.owner.get(`/api/study-group/${groupId}/`)).body.studyGroup?.members ?? []).map((m: { id: number }) => m.id);
  const makeLink = async (groupId: number, extra: Record<string, unknown> = {}) => {
    const res = await sessions.owner.post('/api/insert-study-group-invite-link/', { studyGroupID: groupId, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { link: { id: number; uses: number; maxUses: number | null; expiresAt: string; createdAt: string }; token: string };
  };
  const listed = async (actor: Actor, groupId: number) =>
    (await sessions[actor].get(`/api/course/${courseId}/`)).body.courseStudyGroups.find((g: { id: number }) => g.id === groupId);

  it('joins a student outside the course through a link, course and group, and counts the use', async () => {
    const groupId = await privateGroup();
    const { link, token } = await makeLink(groupId);
    expect(link).toMatchObject({ maxUses: null, uses: 0 });
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(168 * 3600 * 1000);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const seenByVisitor = await sessions.visitor.get(`/api/group-invite/?token=${token}`);
    expect(seenByVisitor.status).toBe(200);
    expect(seenByVisitor.body).toEqual({
      studyGroup: {
        id: groupId,
        name: 'Night owls',
        description: 'Quiet prep',
        memberCount: 2,
        maxMembers: 50,
        owner: { first_name: 'owner', last_name: 'Gator' },
      },
      course: { id: courseId, code: 'COP3502C', name: expect.any(String), term: expect.any(String) },
      viewer: null,
    });
    expect((await sessions.newcomer.get(`/api/group-invite/?token=${token}`)).body.viewer).toEqual({
      isMember: false,
      isCourseMember: false,
    });

    const accepted = await sessions.newcomer.post('/api/accept-group-invite/', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ studyGroupID: groupId, courseID: courseId, isMember: true, joinedCourse: true });
    expect(await memberIds(groupId)).toEqual([ids.owner, ids.member, ids.newcomer]);
    expect((await sessions.newcomer.get(`/api/course/${courseId}/`)).body.isMember).toBe(true);
    // The new member reads the group chat at once.
    expect((await sessions.newcomer.get(`/api/select-study-group-messages/${groupId}/${ids.newcomer}/`)).status).toBe(200);
    // Again: a member, nothing used.
    expect((await sessions.newcomer.post('/api/accept-group-invite/', { token })).body).toMatchObject({
      isMember: true,
      joinedCourse: false,
    });
    const invitations = await sessions.owner.get(`/api/study-group/${groupId}/invitations/`);
    expect(invitations.body.links).toEqual([{ ...link, uses: 1 }]);
    expect(JSON.stringify(invitations.body)).not.toContain(token);
    // Leaves again, so the other tests find the newcomer outside the group (still in the course now).
    await sessions.newcomer.post('/api/delete-study-group-member/', { studyGroupID: groupId });
  });

  it('refuses an expired, turned-off, used-up or unknown link with LINK_INVALID saying why', async () => {
    const groupId = await privateGroup();
    const expired = await makeLink(groupId, { expiresInHours: 1 });
    await app.server
      .resolve(INFRA.Knex)('study_group_invite_links')
      .where('id', expired.link.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const revoked = await makeLink(groupId, { expiresInHours: 720, maxUses: 5 });
    const turnedOff = await sessions.owner.post('/api/delete-study-group-invite-link/', { studyGroupID: groupId, linkID: revoked.link.id });
    expect(turnedOff.body).toEqual({ linkID: revoked.link.id, revoked: true });
    const single = await makeLink(groupId, { maxUses: 1 });
    expect((await sessions.classmate.post('/api/accept-group-invite/', { token: single.token })).status).toBe(200);
    const cases: [string, RegExp][] = [
      [expired.token, /^This invite link has expired\./],
      [revoked.token, /was turned off by the group's owner\.$/],
      [single.token, /used as many times as it allows/],
      ['x'.repeat(43), /does not work/],
    ];
    for (const [token, message] of cases) {
      for (const res of [
        await sessions.visitor.get(`/api/group-invite/?token=${token}`),
        await sessions.newcomer.post('/api/accept-group-invite/', { token }),
      ]) {
        expect(res.status, token).toBe(400);
        expect(res.body.error).toBe('LINK_INVALID');
        expect(res.body.message).toMatch(message);
      }
    }
    expect((await sessions.owner.get(`/api/study-group/${groupId}/invitations/`)).body.links).toEqual([]);
    expect(await memberIds(groupId)).toEqual([ids.owner, ids.member, ids.classmate]);
  });

  it('lets exactly one of ten students in at once through a link of one use', async () => {
    const groupId = await privateGroup();
    const { token } = await makeLink(groupId, { maxUses: 1 });
    const crowd = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(`Crowd${'abcdefghij'[i]}`)));
    const answers = await Promise.all(crowd.map(({ session }) => session.post('/api/accept-group-invite/', { token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.error === 'LINK_INVALID')).toHaveLength(9);
    expect(await memberIds(groupId)).toHaveLength(3);
    // The students turned away were not put in the course either.
    const turnedAway = crowd.filter((_, i) => answers[i].status !== 200);
    expect((await turnedAway[0].session.get(`/api/course/${courseId}/`)).body.isMember).toBe(false);
  });

  it('caps the working links of a group at 10 (409 TOO_MANY_INVITE_LINKS)', async () => {
    const groupId = await privateGroup();
    for (let i = 0; i < 10; i += 1) await makeLink(groupId);
    const eleventh = await sessions.owner.post('/api/insert-study-group-invite-link/', { studyGroupID: groupId });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error).toBe('TOO_MANY_INVITE_LINKS');
  });

  it('takes a request to join, shows it to both sides, and the owner accepts it', async () => {
    const groupId = await privateGroup();
    const asked = await sessions.classmate.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ studyGroupID: groupId, isMember: false, joinRequest: { kind: 'request', status: 'pending' } });
    expect(await listed('classmate', groupId)).toMatchObject({
      joinRequest: { kind: 'request', status: 'pending' },
      pendingRequests: 0,
      members: [],
    });
    expect(await listed('owner', groupId)).toMatchObject({ joinRequest: null, pendingRequests: 1 });
    expect(
      (await sessions.owner.get('/api/dashboard/')).body.studyGroups.find((g: { id: number }) => g.id === groupId).pendingRequests,
    ).toBe(1);
    expect((await sessions.owner.get(`/api/study-group/${groupId}/`)).body.studyGroup.pendingRequests).toBe(1);
    expect(await listed('member', groupId)).toMatchObject({ joinRequest: null, pendingRequests: 0 });
    const invitations = (await sessions.owner.get(`/api/study-group/${groupId}/invitations/`)).body;
    expect(invitations.requests).toEqual([
      { student: expect.objectContaining({ id: ids.classmate, username: usernames.classmate }), since: expect.any(String) },
    ]);
    expect(invitations.invited).toEqual([]);

    const answered = await sessions.owner.post('/api/answer-study-group-join-request/', {
      studyGroupID: groupId,
      studentID: ids.classmate,
      accept: true,
    });
    expect(answered.body).toEqual({ studyGroupID: groupId, studentID: ids.classmate, isMember: true });
    expect(await memberIds(groupId)).toEqual([ids.owner, ids.member, ids.classmate]);
    expect(await listed('owner', groupId)).toMatchObject({ pendingRequests: 0 });
    expect(await listed('classmate', groupId)).toMatchObject({ joinRequest: null });
    expect((await sessions.classmate.get(`/api/select-study-group-messages/${groupId}/${ids.classmate}/`)).status).toBe(200);
  });

  it('keeps a declined request declined: the student cannot ask again, the owner can still invite them', async () => {
    const groupId = await privateGroup();
    await sessions.classmate.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    const declined = await sessions.owner.post('/api/answer-study-group-join-request/', {
      studyGroupID: groupId,
      studentID: ids.classmate,
      accept: false,
    });
    expect(declined.body).toEqual({ studyGroupID: groupId, studentID: ids.classmate, isMember: false });
    expect(await listed('classmate', groupId)).toMatchObject({ joinRequest: { kind: 'request', status: 'declined' } });
    const again = await sessions.classmate.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'REQUEST_DECLINED', message: expect.stringContaining('cannot ask again') });
    const invited = await sessions.owner.post('/api/insert-study-group-invite/', { studyGroupID: groupId, username: usernames.classmate });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ studyGroupID: groupId, isMember: false, student: { id: ids.classmate } });
    expect(await listed('classmate', groupId)).toMatchObject({ joinRequest: { kind: 'invite', status: 'pending' } });
  });

  it('withdraws a pending request, and refuses asking to join a public group or one of another course', async () => {
    const groupId = await privateGroup();
    await sessions.classmate.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    const withdrawn = await sessions.classmate.post('/api/delete-study-group-join-request/', { studyGroupID: groupId });
    expect(withdrawn.body).toEqual({ studyGroupID: groupId, joinRequest: null });
    expect(await listed('owner', groupId)).toMatchObject({ pendingRequests: 0 });
    await sessions.owner.post('/api/update-study-group/', {
      studyGroupID: groupId,
      name: 'Night owls',
      description: 'Quiet prep',
      public: 1,
    });
    const toPublic = await sessions.classmate.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    expect(toPublic.status).toBe(409);
    expect(toPublic.body).toMatchObject({ error: 'GROUP_IS_PUBLIC', message: 'This group is public: join it.' });
    const outsider = await signUp('Outsider');
    const notInCourse = await outsider.session.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    expect(notInCourse.status).toBe(403);
    expect(notInCourse.body.error).toBe('NOT_COURSE_MEMBER');
  });

  it('invites a classmate by username: accepted joins, declined goes, cancelled goes; asking accepts a waiting invite', async () => {
    const groupId = await privateGroup();
    const invite = (username: string) => sessions.owner.post('/api/insert-study-group-invite/', { studyGroupID: groupId, username });
    expect((await invite(usernames.classmate)).status).toBe(201);
    expect(
      (await sessions.owner.get(`/api/study-group/${groupId}/invitations/`)).body.invited.map(
        (p: { student: { id: number } }) => p.student.id,
      ),
    ).toEqual([ids.classmate]);
    const declined = await sessions.classmate.post('/api/answer-study-group-invite/', { studyGroupID: groupId, accept: false });
    expect(declined.body).toEqual({ studyGroupID: groupId, isMember: false });
    expect(await listed('classmate', groupId)).toMatchObject({ joinRequest: null });
    await invite(usernames.classmate);
    const cancelled = await sessions.owner.post('/api/delete-study-group-invite/', { studyGroupID: groupId, studentID: ids.classmate });
    expect(cancelled.body).toEqual({ studyGroupID: groupId, studentID: ids.classmate, cancelled: true });
    const nothing = await sessions.classmate.post('/api/answer-study-group-invite/', { studyGroupID: groupId, accept: true });
    expect(nothing.status).toBe(404);
    expect(nothing.body.error).toBe('INVITE_NOT_FOUND');
    await invite(usernames.classmate);
    const accepted = await sessions.classmate.post('/api/answer-study-group-invite/', { studyGroupID: groupId, accept: true });
    expect(accepted.body).toEqual({ studyGroupID: groupId, isMember: true });
    expect(await memberIds(groupId)).toEqual([ids.owner, ids.member, ids.classmate]);
    // A classmate who asked: the invite accepts the request.
    const asker = await signUp('Asker');
    await asker.session.post('/api/insert-course-member/', { courseID: courseId });
    await asker.session.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    expect((await invite(asker.username)).body).toMatchObject({ isMember: true, student: { id: asker.id } });
    // Asking with an invite waiting joins.
    const second = await signUp('Second');
    await second.session.post('/api/insert-course-member/', { courseID: courseId });
    await invite(second.username);
    expect((await second.session.post('/api/insert-study-group-join-request/', { studyGroupID: groupId })).body).toEqual({
      studyGroupID: groupId,
      isMember: true,
      joinRequest: null,
    });
    // Already a member, unknown, or outside the course: refused alike for the last two.
    expect((await invite(usernames.member)).body.error).toBe('ALREADY_GROUP_MEMBER');
    const outsider = await signUp('Faraway');
    for (const username of [outsider.username, 'nobody_by_this_name']) {
      const res = await invite(username);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'CLASSMATE_NOT_FOUND',
        message: `No student of this group's course has the username "${username}".`,
        requestId: expect.any(String),
      });
    }
  });

  it('refuses owner-only calls to a member (nothing changes) and the owner’s list to anyone else', async () => {
    const groupId = await privateGroup();
    await sessions.classmate.post('/api/insert-study-group-join-request/', { studyGroupID: groupId });
    const { link } = await makeLink(groupId);
    const ownerCalls: [string, Record<string, unknown>][] = [
      ['/api/insert-study-group-invite-link/', { studyGroupID: groupId }],
      ['/api/delete-study-group-invite-link/', { studyGroupID: groupId, linkID: link.id }],
      ['/api/answer-study-group-join-request/', { studyGroupID: groupId, studentID: ids.classmate, accept: true }],
      ['/api/insert-study-group-invite/', { studyGroupID: groupId, username: usernames.newcomer }],
      ['/api/delete-study-group-invite/', { studyGroupID: groupId, studentID: ids.classmate }],
    ];
    const before = (await sessions.owner.get(`/api/study-group/${groupId}/invitations/`)).body;
    for (const [path, body] of ownerCalls) {
      const res = await sessions.member.post(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toBe('NOT_GROUP_OWNER');
    }
    expect((await sessions.owner.get(`/api/study-group/${groupId}/invitations/`)).body).toEqual(before);
    expect(await memberIds(groupId)).toEqual([ids.owner, ids.member]);
    for (const actor of ['member', 'classmate'] as const) {
      const res = await sessions[actor].get(`/api/study-group/${groupId}/invitations/`);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('NOT_GROUP_OWNER');
    }
    expect((await sessions.visitor.get(`/api/study-group/${groupId}/invitations/`)).status).toBe(401);
    expect((await sessions.visitor.post('/api/accept-group-invite/', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('answers bad input and unknown ids with a 4xx JSON refusal', async () => {
    const groupId = await privateGroup();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['/api/insert-study-group-invite-link/', { studyGroupID: groupId, expiresInHours: 2 }, 400, 'VALIDATION_FAILED'],
      ['/api/insert-study-group-invite-link/', { studyGroupID: groupId, maxUses: 3 }, 400, 'VALIDATION_FAILED'],
      ['/api/insert-study-group-invite-link/', { studyGroupID: 'abc' }, 400, 'VALIDATION_FAILED'],
      ['/api/insert-study-group-invite-link/', { studyGroupID: 99_999_999 }, 404, 'STUDY_GROUP_NOT_FOUND'],
      ['/api/delete-study-group-invite-link/', { studyGroupID: groupId, linkID: 99_999_999 }, 404, 'INVITE_LINK_NOT_FOUND'],
      ['/api/accept-group-invite/', { token: 'short' }, 400, 'VALIDATION_FAILED'],
      ['/api/accept-group-invite/', { token: 42 }, 400, 'VALIDATION_FAILED'],
      [
        '/api/answer-study-group-join-request/',
        { studyGroupID: groupId, studentID: ids.newcomer, accept: 'yes' },
        400,
        'VALIDATION_FAILED',
      ],
      [
        '/api/answer-study-group-join-request/',
        { studyGroupID: groupId, studentID: ids.newcomer, accept: true },
        404,
        'JOIN_REQUEST_NOT_FOUND',
      ],
      ['/api/insert-study-group-invite/', { studyGroupID: groupId, username: 'a\u0000b' }, 400, 'INVALID_TEXT'],
      ['/api/insert-study-group-invite/', { studyGroupID: groupId }, 400, 'VALIDATION_FAILED'],
      ['/api/delete-study-group-invite/', { studyGroupID: groupId, studentID: ids.newcomer }, 404, 'INVITE_NOT_FOUND'],
      ['/api/insert-study-group-join-request/', { studyGroupID: 99_999_999 }, 404, 'STUDY_GROUP_NOT_FOUND'],
      ['/api/insert-study-group-join-request/', { studyGroupID: groupId, userID: ids.member }, 403, 'FORBIDDEN'],
    ];
    for (const [path, body, status, code] of cases) {
      const res = await sessions.owner.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body, path).toMatchObject({ error: code, message: expect.any(String) });
    }
    for (const query of ['', '?token=', '?token=abc', '?token=a&token=b', `?token=${'%00'.repeat(30)}`]) {
      const res = await sessions.visitor.get(`/api/group-invite/${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe('VALIDATION_FAILED');
    }
  });

  it('hands the group to the member the leaving owner names, and refuses one who is not a member', async () => {
    const groupId = await privateGroup();
    await sessions.owner.post('/api/insert-study-group-invite/', { studyGroupID: groupId, username: usernames.classmate });
    await sessions.classmate.post('/api/answer-study-group-invite/', { studyGroupID: groupId, accept: true });
    // Members [owner, member, classmate]: named, the classmate takes over rather than the longest-standing member.
    const notMember = await sessions.owner.post('/api/delete-study-group-member/', { studyGroupID: groupId, nextOwnerID: ids.newcomer });
    expect(notMember.status).toBe(409);
    expect(notMember.body.error).toBe('INVALID_NEXT_OWNER');
    const self = await sessions.owner.post('/api/delete-study-group-member/', { studyGroupID: groupId, nextOwnerID: ids.owner });
    expect(self.body.error).toBe('INVALID_NEXT_OWNER');
    const byMember = await sessions.member.post('/api/delete-study-group-member/', { studyGroupID: groupId, nextOwnerID: ids.classmate });
    expect(byMember.status).toBe(400);
    const removing = await sessions.owner.post('/api/delete-study-group-member/', {
      studyGroupID: groupId,
      userID: ids.member,
      nextOwnerID: ids.classmate,
    });
    expect(removing.status).toBe(400);
    expect(await memberIds(groupId)).toEqual([ids.owner, ids.member, ids.classmate]);
    const left = await sessions.owner.post('/api/delete-study-group-member/', { studyGroupID: groupId, nextOwnerID: ids.classmate });
    expect(left.body).toEqual({ studyGroupID: groupId, userID: ids.owner, isMember: false, groupDeleted: false, ownerID: ids.classmate });
    expect((await sessions.classmate.get(`/api/study-group/${groupId}/`)).body.studyGroup.owner.id).toBe(ids.classmate);
  });
}

describeOnEveryMode('ways into a private group', groupInvitationsSuite, { catalog: true });
