// The study-group use cases on the in-memory adapters: permissions, the
// hand-over, leaving a course, and who MembershipChanges hears about. (A
// userID / ownerID naming another student is refused at the HTTP edge:
// tests/integration/study-groups-api.test.ts.)
import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryGroupInvitations } from '@tests/fakes/in-memory-group-invitations';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { RecordingMembershipChanges } from '@tests/fakes/recording-membership-changes';
import { RecordingGroupChanges } from '@tests/fakes/recording-group-changes';
import { GetCoursePage } from '@application/courses/get-course-page';
import { GetDashboard } from '@application/courses/get-dashboard';
import { LeaveCourse } from '@application/courses/leave-course';
import { COURSE_GROUPS_PAGE_SIZE, ListCourseGroups } from '@application/courses/list-course-groups';
import { AcceptInviteLink } from '@application/study-groups/accept-invite-link';
import { CancelMeeting } from '@application/study-groups/cancel-meeting';
import { CreateStudyGroup } from '@application/study-groups/create-study-group';
import { GetStudyGroupPage } from '@application/study-groups/get-study-group-page';
import { JoinStudyGroup } from '@application/study-groups/join-study-group';
import { LeaveStudyGroup } from '@application/study-groups/leave-study-group';
import { ScheduleMeeting } from '@application/study-groups/schedule-meeting';
import { UpdateMeeting } from '@application/study-groups/update-meeting';
import { UpdateStudyGroup } from '@application/study-groups/update-study-group';
import { CourseId, StudyGroupId, type UserId } from '@domain/ids';
import { CATALOG_FIXTURE } from '@tests/contract/course-catalog.contract';

describe('study-group use cases', () => {
  let groups: InMemoryStudyGroupRepository;
  let membership: InMemoryCourseMembership;
  let changes: RecordingMembershipChanges;
  let groupChanges: RecordingGroupChanges;
  let ids: { owner: UserId; member: UserId; classmate: UserId; outsider: UserId };
  const courseId = CourseId(1);
  const otherCourseId = CourseId(3);

  let create: CreateStudyGroup;
  let join: JoinStudyGroup;
  let leave: LeaveStudyGroup;
  let page: GetStudyGroupPage;
  let chat: InMemoryChatLog;
  let update: UpdateStudyGroup;
  let schedule: ScheduleMeeting;
  let moveMeeting: UpdateMeeting;
  let cancel: CancelMeeting;
  let leaveCourse: LeaveCourse;
  let coursePage: GetCoursePage;
  let dashboard: GetDashboard;
  let clock: number;
  let listCourseGroups: ListCourseGroups;
  let invitations: InMemoryGroupInvitations;

  beforeEach(async () => {
    const users = new InMemoryUserRepository();
    const catalog = new InMemoryCourseCatalog();
    // Two courses: ids 1 and 3 (courses and sections share one id space).
    await catalog.upsert([CATALOG_FIXTURE[0], CATALOG_FIXTURE[3]]);
    membership = new InMemoryCourseMembership(catalog, users);
    groups = new InMemoryStudyGroupRepository(users);
    changes = new RecordingMembershipChanges();
    groupChanges = new RecordingGroupChanges();
    const make = async (username: string) => {
      const result = await users.create({
        firstName: username,
        lastName: 'Gator',
        username,
        email: `${username}@ufl.edu`,
        major: 'Zoology',
        year: '1',
        bio: '',
        passwordHash: 'x',
      });
      if (!result.created) throw new Error('not created');
      return result.user.id;
    };
    ids = {
      owner: await make('owner'),
      member: await make('member'),
      classmate: await make('classmate'),
      outsider: await make('outsider'),
    };
    for (const id of [ids.owner, ids.member, ids.classmate]) await membership.joinCourse(id, courseId);

    const verification = new EmailVerificationPolicy(users, 'optional');
    const authors = new CachedMessageAuthors(users);
    clock = Date.UTC(2025, 9, 1, 12);
    create = new CreateStudyGroup(catalog, membership, groups, verification, changes, groupChanges, () => clock);
    join = new JoinStudyGroup(membership, groups, verification, changes, groupChanges);
    leave = new LeaveStudyGroup(groups, changes, groupChanges);
    chat = new InMemoryChatLog();
    invitations = new InMemoryGroupInvitations(groups, users);
    page = new GetStudyGroupPage(groups, chat, authors, invitations, () => clock);
    update = new UpdateStudyGroup(groups, invitations, groupChanges, () => clock);
    schedule = new ScheduleMeeting(groups, catalog, groupChanges, () => clock);
    moveMeeting = new UpdateMeeting(groups, catalog, groupChanges, () => clock);
    cancel = new CancelMeeting(groups, groupChanges);
    leaveCourse = new LeaveCourse(catalog, membership, changes, groups, groupChanges);
    coursePage = new GetCoursePage(catalog, membership, chat, groups, authors, invitations, COURSE_GROUPS_PAGE_SIZE, () => clock);
    dashboard = new GetDashboard(membership, groups, invitations, () => clock);
    listCourseGroups = new ListCourseGroups(catalog, membership, groups, invitations, () => clock);
  });

  const newGroup = async () => {
    const group = await create.execute({ actingUserId: ids.owner, courseId, name: ' Exam prep ', description: ' Sets ' });
    await join.execute({ actingUserId: ids.member, groupId: group.id });
    return group.id;
  };

  it('joins the course through an invite link even when an earlier try stopped after the group', async () => {
    const groupId = await newGroup();
    const { token } = (await invitations.createLink({ groupId, expiresAt: new Date(clock + 3_600_000), maxUses: 1 }, new Date(clock)))!;
    const accept = new AcceptInviteLink(
      invitations,
      groups,
      membership,
      new EmailVerificationPolicy(new InMemoryUserRepository(), 'optional'),
      changes,
      groupChanges,
      () => clock,
    );
    // The outsider is in the group (the link's one use spent) but the course join never happened.
    await groups.addMember(groupId, ids.outsider);
    expect(await membership.isMember(ids.outsider, courseId)).toBe(false);
    // Opening the link again, as a member, uses nothing and sees to the course.
    expect(await accept.execute({ actingUserId: ids.outsider, token })).toEqual({ groupId, courseId, isMember: true, joinedCourse: true });
    expect(await membership.isMember(ids.outsider, courseId)).toBe(true);
    expect(await accept.execute({ actingUserId: ids.outsider, token })).toEqual({ groupId, courseId, isMember: true, joinedCourse: false });
    // The link's one use is still there for someone else.
    expect((await invitations.workingLinks(groupId, new Date(clock))).map((l) => l.uses)).toEqual([0]);
  });

  it('creates a public, trimmed group owned by its creator', async () => {
    const group = await create.execute({ actingUserId: ids.owner, courseId, name: ' Exam prep ', description: ' Sets ' });
    expect(group).toMatchObject({ courseId, name: 'Exam prep', description: 'Sets', isPublic: true, owner: { id: ids.owner } });
    expect(group.members.map((m) => m.id)).toEqual([ids.owner]);
  });

  it('refuses to create for a student outside the course or in an unknown course', async () => {
    await expect(create.execute({ actingUserId: ids.outsider, courseId, name: 'x', description: 'y' })).rejects.toMatchObject({
      code: 'NOT_COURSE_MEMBER',
    });
    await expect(create.execute({ actingUserId: ids.owner, courseId: CourseId(999), name: 'x', description: 'y' })).rejects.toMatchObject({
      code: 'COURSE_NOT_FOUND',
    });
    await expect(create.execute({ actingUserId: ids.owner, courseId, name: ' ', description: 'y' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a title and description',
    });
    expect(await groups.groupsOfCourse(courseId)).toEqual([]);
  });

  it('joins a public group once; a private one and outsiders are refused', async () => {
    const groupId = await newGroup();
    await join.execute({ actingUserId: ids.member, groupId });
    expect((await groups.findById(groupId))?.members.map((m) => m.id)).toEqual([ids.owner, ids.member]);
    await expect(join.execute({ actingUserId: ids.outsider, groupId })).rejects.toMatchObject({ code: 'NOT_COURSE_MEMBER' });
    await update.execute({ actingUserId: ids.owner, groupId, name: 'Exam prep', description: 'Sets', isPublic: false });
    await expect(join.execute({ actingUserId: ids.classmate, groupId })).rejects.toMatchObject({
      code: 'GROUP_PRIVATE',
      message: 'This group is private',
    });
    // A member of a private group joining again is still a member.
    await expect(join.execute({ actingUserId: ids.member, groupId })).resolves.toEqual({ groupId, isMember: true });
    await expect(join.execute({ actingUserId: ids.member, groupId: StudyGroupId(999) })).rejects.toMatchObject({
      code: 'STUDY_GROUP_NOT_FOUND',
    });
  });

  it('shows the page, with the group chat, to members only', async () => {
    const groupId = await newGroup();
    await chat.append({ kind: 'group', id: groupId }, { userId: ids.owner, username: 'owner', message: 'Welcome!' });
    const view = await page.execute({ actingUserId: ids.member, groupId });
    expect(view.userId).toBe(ids.member);
    expect(view.messages.map((m) => m.message)).toEqual(['Welcome!']);
    await expect(page.execute({ actingUserId: ids.classmate, groupId })).rejects.toMatchObject({ code: 'NOT_GROUP_MEMBER' });
  });

  it("tells the group's pages of every change they show, once per change, and nothing of a refusal or a read", async () => {
    const groupId = await newGroup();
    const group = { id: groupId, courseId };
    // Made (the course's pages list it), joined.
    expect(groupChanges.told).toEqual([group, group]);
    groupChanges.told.length = 0;
    const owner = { actingUserId: ids.owner, groupId };
    await update.execute({ ...owner, name: 'Exam prep 2', description: 'Sets', isPublic: false });
    const meeting = await schedule.execute({ ...owner, day: 'Monday', time: '18:00', location: 'Library West' });
    await moveMeeting.execute({ ...owner, meetingId: meeting.id, day: 'Tuesday', time: '18:00', location: 'Library West' });
    await cancel.execute({ ...owner, meetingId: meeting.id });
    await join.execute({ actingUserId: ids.classmate, groupId }).catch(() => 'private: refused');
    await page.execute({ actingUserId: ids.member, groupId });
    await leave.execute({ ...owner, memberId: ids.member });
    expect(groupChanges.told).toEqual([group, group, group, group, group]);
    await leaveCourse.execute({ actingUserId: ids.owner, courseId });
    expect(groupChanges.told).toHaveLength(6);
  });

  it('tells the chat who joined a group: its creator, and each new member once', async () => {
    const groupId = await newGroup();
    await join.execute({ actingUserId: ids.member, groupId });
    const room = { kind: 'group', id: groupId };
    expect(changes.joins).toEqual([
      { userId: ids.owner, room },
      { userId: ids.member, room },
    ]);
  });

  it('hands the group over when the owner leaves, then deletes it with the last member', async () => {
    const groupId = await newGroup();
    expect(await leave.execute({ actingUserId: ids.owner, groupId })).toEqual({
      groupId,
      userId: ids.owner,
      wasMember: true,
      ownerId: ids.member,
      groupDeleted: false,
    });
    expect(await leave.execute({ actingUserId: ids.member, groupId })).toMatchObject({ groupDeleted: true, ownerId: null });
    expect(await groups.findById(groupId)).toBeNull();
    expect(changes.told).toEqual([
      { userId: ids.owner, room: { kind: 'group', id: groupId } },
      { userId: ids.member, room: { kind: 'group', id: groupId } },
    ]);
  });

  it('lets only the owner remove others, and tells the chat', async () => {
    const groupId = await newGroup();
    await join.execute({ actingUserId: ids.classmate, groupId });
    await expect(leave.execute({ actingUserId: ids.member, groupId, memberId: ids.classmate })).rejects.toMatchObject({
      code: 'NOT_GROUP_OWNER',
    });
    await expect(leave.execute({ actingUserId: ids.owner, groupId, memberId: ids.outsider })).rejects.toMatchObject({
      code: 'USER_NOT_IN_GROUP',
    });
    expect(changes.told).toEqual([]);
    await leave.execute({ actingUserId: ids.owner, groupId, memberId: ids.classmate });
    expect((await groups.findById(groupId))?.members.map((m) => m.id)).toEqual([ids.owner, ids.member]);
    expect(changes.told).toEqual([{ userId: ids.classmate, room: { kind: 'group', id: groupId } }]);
  });

  it('takes a member naming themselves as leaving, the owner with the hand-over', async () => {
    const groupId = await newGroup();
    expect(await leave.execute({ actingUserId: ids.member, groupId, memberId: ids.member })).toMatchObject({
      userId: ids.member,
      wasMember: true,
      ownerId: ids.owner,
    });
    await join.execute({ actingUserId: ids.classmate, groupId });
    expect(await leave.execute({ actingUserId: ids.owner, groupId, memberId: ids.owner })).toMatchObject({
      userId: ids.owner,
      ownerId: ids.classmate,
      groupDeleted: false,
    });
    expect((await groups.findById(groupId))?.members.map((m) => m.id)).toEqual([ids.classmate]);
  });

  it('keeps group editing and meetings to the owner', async () => {
    const groupId = await newGroup();
    const details = { groupId, name: 'New', description: 'Text' };
    await expect(update.execute({ actingUserId: ids.member, ...details })).rejects.toMatchObject({ code: 'NOT_GROUP_OWNER' });
    const slot = { groupId, day: 'Monday', time: '18:30', location: 'Marston' };
    await expect(schedule.execute({ actingUserId: ids.member, ...slot })).rejects.toMatchObject({ code: 'NOT_GROUP_OWNER' });
    const meeting = await schedule.execute({ actingUserId: ids.owner, ...slot });
    expect(meeting).toMatchObject({ id: meeting.id, day: 'Monday', time: '18:30:00', location: 'Marston' });
    await expect(moveMeeting.execute({ actingUserId: ids.member, meetingId: meeting.id, ...slot })).rejects.toMatchObject({
      code: 'NOT_GROUP_OWNER',
    });
    await expect(cancel.execute({ actingUserId: ids.member, groupId, meetingId: meeting.id })).rejects.toMatchObject({
      code: 'NOT_GROUP_OWNER',
    });
    expect((await groups.findById(groupId))?.meetings).toEqual([meeting]);
    expect(await update.execute({ actingUserId: ids.owner, ...details })).toMatchObject({
      name: 'New',
      description: 'Text',
      isPublic: true,
    });
  });

  it('answers a meeting of another group as not found', async () => {
    const groupId = await newGroup();
    const other = await create.execute({ actingUserId: ids.owner, courseId, name: 'Other', description: 'Group' });
    const meeting = await schedule.execute({ actingUserId: ids.owner, groupId: other.id, day: 'Friday', time: '10:00', location: 'x' });
    await expect(
      moveMeeting.execute({ actingUserId: ids.owner, groupId, meetingId: meeting.id, day: 'Friday', time: '11:00', location: 'y' }),
    ).rejects.toMatchObject({ code: 'MEETING_NOT_FOUND' });
    await expect(cancel.execute({ actingUserId: ids.owner, groupId, meetingId: meeting.id })).rejects.toMatchObject({
      code: 'MEETING_NOT_FOUND',
    });
    expect((await groups.findById(other.id))?.meetings).toEqual([meeting]);
  });

  it('leaving a course leaves its groups (with the hand-over) but not other courses’ groups', async () => {
    const groupId = await newGroup();
    const alone = await create.execute({ actingUserId: ids.owner, courseId, name: 'Alone', description: 'Just me' });
    await membership.joinCourse(ids.owner, otherCourseId);
    const elsewhere = await create.execute({ actingUserId: ids.owner, courseId: otherCourseId, name: 'Other', description: 'Course' });

    await leaveCourse.execute({ actingUserId: ids.owner, courseId });
    expect(await membership.isMember(ids.owner, courseId)).toBe(false);
    expect((await groups.findById(groupId))?.owner.id).toBe(ids.member);
    expect(await groups.findById(alone.id)).toBeNull();
    expect((await new GetDashboard(membership, groups, invitations).execute(ids.owner)).groups.map((g) => g.id)).toEqual([elsewhere.id]);
    expect(changes.told).toEqual([
      { userId: ids.owner, room: { kind: 'group', id: groupId } },
      { userId: ids.owner, room: { kind: 'group', id: alone.id } },
      { userId: ids.owner, room: { kind: 'course', id: courseId } },
    ]);
  });

  it('lists every group of a course on its page for members, with theirs marked, and none for others', async () => {
    const groupId = await newGroup();
    const other = await create.execute({ actingUserId: ids.classmate, courseId, name: 'Other', description: 'Group' });
    await join.execute({ actingUserId: ids.member, groupId });
    expect(await coursePage.execute(ids.member, courseId)).toMatchObject({
      isMember: true,
      groups: [{ id: groupId }, { id: other.id }],
      memberGroupIds: [groupId],
    });
    // Groups carry their members' profiles and meetings: not for students outside the course.
    expect(await coursePage.execute(ids.outsider, courseId)).toMatchObject({
      isMember: false,
      groups: [],
      memberGroupIds: [],
      members: [],
    });
  });

  it('shows a classmate outside a private group its name, size and owner’s name, never its members or meetings', async () => {
    const groupId = await newGroup();
    await schedule.execute({ actingUserId: ids.owner, groupId, day: 'Thursday', time: '21:15', location: 'Apartment 4B' });
    await update.execute({ actingUserId: ids.owner, groupId, name: 'Exam prep', description: 'Sets', isPublic: false });
    const seen = (await coursePage.execute(ids.classmate, courseId)).groups.find((g) => g.id === groupId);
    expect(seen).toMatchObject({
      name: 'Exam prep',
      size: 1,
      members: [],
      meetings: [],
      withheld: true,
      owner: { id: ids.owner, bio: '', major: '' },
    });
    for (const viewer of [ids.owner, ids.member]) {
      const whole = (await coursePage.execute(viewer, courseId)).groups.find((g) => g.id === groupId);
      expect(whole).toMatchObject({ size: 1, withheld: false, meetings: [{ location: 'Apartment 4B' }] });
      expect(whole?.members.map((m) => m.id)).toEqual([ids.owner, ids.member]);
      expect((await dashboard.execute(viewer)).groups).toEqual([whole]);
      expect((await page.execute({ actingUserId: viewer, groupId })).group).toEqual(whole);
    }
  });

  it('starts 5 groups a day in a course by the clock, and refuses a full group and a 21st meeting', async () => {
    for (let i = 0; i < 5; i += 1) await create.execute({ actingUserId: ids.owner, courseId, name: `G${i}`, description: 'x' });
    await expect(create.execute({ actingUserId: ids.owner, courseId, name: 'G5', description: 'x' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 24 * 3600,
    });
    clock += 24 * 3600 * 1000;
    const next = await create.execute({ actingUserId: ids.owner, courseId, name: 'Next day', description: 'x' });
    const limited = await update.execute({ actingUserId: ids.owner, groupId: next.id, name: 'Pair', description: 'x', maxMembers: 2 });
    expect(limited).toMatchObject({ maxMembers: 2, size: 0 });
    await expect(
      update.execute({ actingUserId: ids.owner, groupId: next.id, name: 'Pair', description: 'x', maxMembers: 1 }),
    ).rejects.toMatchObject({ field: 'maxMembers' });
    await join.execute({ actingUserId: ids.member, groupId: next.id });
    await expect(join.execute({ actingUserId: ids.classmate, groupId: next.id })).rejects.toMatchObject({
      code: 'GROUP_FULL',
      kind: 'conflict',
    });
    for (let i = 0; i < 20; i += 1)
      await schedule.execute({ actingUserId: ids.owner, groupId: next.id, day: 'Monday', time: '10:00', location: `R${i}` });
    await expect(
      schedule.execute({ actingUserId: ids.owner, groupId: next.id, day: 'Monday', time: '10:00', location: 'R20' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_MEETINGS' });
  });

  it('gives the course page the first page of groups, the student’s own first, and the next pages to course members only', async () => {
    const others: number[] = [];
    for (let i = 0; i < COURSE_GROUPS_PAGE_SIZE + 2; i += 1) {
      // A student starts at most 5 groups a day in a course: a day passes every 5.
      if (i > 0 && i % 5 === 0) clock += 24 * 3600 * 1000;
      others.push((await create.execute({ actingUserId: ids.classmate, courseId, name: `G${i}`, description: 'x' })).id);
    }
    const own = await create.execute({ actingUserId: ids.member, courseId, name: 'Mine', description: 'x' });
    const first = await coursePage.execute(ids.member, courseId);
    expect(first.groups.map((g) => g.id)).toEqual([own.id, ...others.slice(0, COURSE_GROUPS_PAGE_SIZE - 1)]);
    expect(first.memberGroupIds).toEqual([own.id]);
    expect(first.nextGroups).not.toBeNull();
    expect((await coursePage.execute(ids.outsider, courseId)).nextGroups).toBeNull();

    const next = await listCourseGroups.execute({ actingUserId: ids.member, courseId, after: first.nextGroups });
    expect(next).toEqual({ groups: expect.any(Array), next: null, memberGroupIds: [own.id] });
    expect(next.groups.map((g) => g.id)).toEqual(others.slice(COURSE_GROUPS_PAGE_SIZE - 1));
    await expect(listCourseGroups.execute({ actingUserId: ids.outsider, courseId, after: null })).rejects.toMatchObject({
      code: 'NOT_COURSE_MEMBER',
    });
    await expect(listCourseGroups.execute({ actingUserId: ids.member, courseId: CourseId(999), after: null })).rejects.toMatchObject({
      code: 'COURSE_NOT_FOUND',
    });
  });
});
