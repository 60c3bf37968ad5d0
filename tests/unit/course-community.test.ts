// One community per course (issue 24): students in different sections of one
// course share its chat, its students and its groups; a section's id stands
// for its course; leaving the last section leaves the course; a course can be
// joined without a section. On the in-memory adapters (the contract suite
// holds the Knex ones to the same ports).
import { beforeEach, describe, expect, it } from 'vitest';
import { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { ResolveCourseRoom } from '@application/chat/resolve-course-room';
import { GetCoursePage } from '@application/courses/get-course-page';
import { GetDashboard } from '@application/courses/get-dashboard';
import { JoinCourse } from '@application/courses/join-course';
import { LeaveCourse } from '@application/courses/leave-course';
import { CreateStudyGroup } from '@application/study-groups/create-study-group';
import { JoinStudyGroup } from '@application/study-groups/join-study-group';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import type { Course } from '@domain/course/course';
import { CourseId, type UserId } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryGroupInvitations } from '@tests/fakes/in-memory-group-invitations';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { RecordingMembershipChanges } from '@tests/fakes/recording-membership-changes';
import { RecordingGroupChanges } from '@tests/fakes/recording-group-changes';

describe('one community per course', () => {
  let catalog: InMemoryCourseCatalog;
  let membership: InMemoryCourseMembership;
  let groups: InMemoryStudyGroupRepository;
  let changes: RecordingMembershipChanges;
  let join: JoinCourse;
  let leave: LeaveCourse;
  let page: GetCoursePage;
  let dashboard: GetDashboard;
  let createGroup: CreateStudyGroup;
  let joinGroup: JoinStudyGroup;
  let lecture: Course;
  let lab: Course;
  let other: Course;
  let ana: UserId;
  let ben: UserId;

  beforeEach(async () => {
    const users = new InMemoryUserRepository();
    catalog = new InMemoryCourseCatalog();
    await catalog.upsert([
      sectionEntry({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', classNumber: 11001, section: '1889' }),
      sectionEntry({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', classNumber: 11002, section: '1890' }),
      sectionEntry({ courseNumber: 'MAC2311', name: 'Analytic Geometry and Calculus 1', classNumber: 12001 }),
    ]);
    [lecture, lab] = await catalog.findByClassNumbers('Fall 2025', [11001, 11002]);
    [other] = await catalog.findByClassNumbers('Fall 2025', [12001]);
    membership = new InMemoryCourseMembership(catalog, users);
    groups = new InMemoryStudyGroupRepository(users);
    changes = new RecordingMembershipChanges();
    const verification = new EmailVerificationPolicy(users, 'optional');
    join = new JoinCourse(catalog, membership, verification, changes);
    leave = new LeaveCourse(catalog, membership, changes, groups, new RecordingGroupChanges());
    const invitations = new InMemoryGroupInvitations(groups, users);
    page = new GetCoursePage(catalog, membership, new InMemoryChatLog(), groups, new CachedMessageAuthors(users), invitations);
    dashboard = new GetDashboard(membership, groups, invitations);
    createGroup = new CreateStudyGroup(catalog, membership, groups, verification, changes, new RecordingGroupChanges(), () =>
      Date.UTC(2025, 9, 1),
    );
    joinGroup = new JoinStudyGroup(membership, groups, verification, changes, new RecordingGroupChanges());
    const make = async (username: string) => {
      const made = await users.create({
        firstName: username,
        lastName: 'Gator',
        username,
        email: `${username}@ufl.edu`,
        major: 'CS',
        year: '1',
        bio: '',
        passwordHash: 'x',
      });
      if (!made.created) throw new Error('not created');
      return made.user.id;
    };
    [ana, ben] = [await make('ana'), await make('ben')];
  });

  it('puts students of different sections in one course: one page, one student list, one room', async () => {
    expect(lab.courseId).toBe(lecture.courseId);
    expect(await join.execute({ actingUserId: ana, courseId: lecture.id })).toMatchObject({
      courseId: lecture.id,
      course: { id: lecture.courseId },
    });
    await join.execute({ actingUserId: ben, courseId: lab.id });
    // Either section's id and the course's own name the same page.
    for (const id of [lecture.id, lab.id, lecture.courseId]) {
      const view = await page.execute(ana, id);
      expect(view.course.course.id).toBe(lecture.courseId);
      expect(view.isMember).toBe(true);
      expect(view.members.map((m) => [m.username, m.sections.map((s) => s.section)])).toEqual([
        ['ana', ['1889']],
        ['ben', ['1890']],
      ]);
    }
    expect((await page.execute(ana, lecture.id)).course.sections.map((s) => s.id)).toEqual([lecture.id]);
    // Both joined the course's room, whichever section they named.
    expect(changes.joins.map((e) => e.room)).toEqual([
      { kind: 'course', id: lecture.courseId },
      { kind: 'course', id: lecture.courseId },
    ]);
    const rooms = new ResolveCourseRoom(catalog, () => 0);
    expect(await rooms.execute(lab.id)).toEqual({ kind: 'course', id: lecture.courseId });
    expect(await rooms.execute(lecture.courseId)).toEqual({ kind: 'course', id: lecture.courseId });
    expect(await rooms.execute(9_999_999)).toEqual({ kind: 'course', id: 9_999_999 });
  });

  it('lets a student of one section join a group started in another section', async () => {
    await join.execute({ actingUserId: ana, courseId: lecture.id });
    await join.execute({ actingUserId: ben, courseId: lab.id });
    const group = await createGroup.execute({ actingUserId: ana, courseId: lecture.id, name: 'Exam 1 prep', description: 'Sets' });
    expect(group.courseId).toBe(lecture.courseId);
    await joinGroup.execute({ actingUserId: ben, groupId: group.id });
    expect((await groups.findById(group.id))?.members.map((m) => m.id)).toEqual([ana, ben]);
    expect((await page.execute(ben, lab.id)).groups.map((g) => g.id)).toEqual([group.id]);
  });

  it('lists courses, not sections, on the dashboard', async () => {
    await join.execute({ actingUserId: ana, courseId: lecture.id });
    await join.execute({ actingUserId: ana, courseId: lab.id });
    await join.execute({ actingUserId: ana, courseId: other.courseId });
    const view = await dashboard.execute(ana);
    expect(view.courses.map((c) => [c.course.courseNumber, c.sections.map((s) => s.classNumber)])).toEqual([
      ['COP3502C', [11001, 11002]],
      ['MAC2311', []],
    ]);
  });

  it('keeps the course while another section is left, and leaves it (and its groups) with the last section', async () => {
    await join.execute({ actingUserId: ana, courseId: lecture.id });
    await join.execute({ actingUserId: ana, courseId: lab.id });
    await join.execute({ actingUserId: ben, courseId: lab.id });
    const group = await createGroup.execute({ actingUserId: ana, courseId: lab.id, name: 'Lab buddies', description: 'Labs' });
    await joinGroup.execute({ actingUserId: ben, groupId: group.id });

    expect(await leave.execute({ actingUserId: ana, courseId: lecture.id })).toMatchObject({ isMember: false, inCourse: true });
    expect(await membership.isMember(ana, lecture.courseId)).toBe(true);
    expect((await groups.findById(group.id))?.members.map((m) => m.id)).toEqual([ana, ben]);

    expect(await leave.execute({ actingUserId: ana, courseId: lab.id })).toMatchObject({ isMember: false, inCourse: false });
    expect(await membership.isMember(ana, lecture.courseId)).toBe(false);
    // Her group passed to Ben, who stays in the course.
    expect((await groups.findById(group.id))?.members.map((m) => m.id)).toEqual([ben]);
    expect(changes.told.filter((e) => e.userId === ana).map((e) => e.room)).toContainEqual({
      kind: 'course',
      id: lecture.courseId,
    });
  });

  it('joins a course without a section, and leaves it with the course id', async () => {
    await join.execute({ actingUserId: ana, courseId: other.courseId });
    expect(await membership.isMember(ana, other.courseId)).toBe(true);
    expect(await membership.sectionIdsIn(ana, other.courseId)).toEqual([]);
    // A section the student is not in: nothing changes.
    expect(await leave.execute({ actingUserId: ana, courseId: other.id })).toMatchObject({ inCourse: true });
    expect(await leave.execute({ actingUserId: ana, courseId: other.courseId })).toMatchObject({ inCourse: false });
    expect(await membership.isMember(ana, other.courseId)).toBe(false);
    await expect(join.execute({ actingUserId: ana, courseId: CourseId(9_999_999) })).rejects.toMatchObject({ code: 'COURSE_NOT_FOUND' });
  });
});
