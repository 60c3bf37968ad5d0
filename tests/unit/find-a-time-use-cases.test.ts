// Find a time's use cases on the in-memory adapters: who may ask, the meeting
// length, what feeds the proposals, and the rules a saved busy grid keeps.
import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryMemberSchedules } from '@tests/fakes/in-memory-member-schedules';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { FindMeetingTimes } from '@application/study-groups/find-meeting-times';
import { GetBusyTimes } from '@application/study-groups/get-busy-times';
import { SaveBusyTimes, type SaveBusyTimesCommand } from '@application/study-groups/save-busy-times';
import { DomainError } from '@domain/errors';
import { StudyGroupId, type CourseId, type StudyGroupId as GroupId, type UserId } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import { storeStudent } from '@tests/support/stored-student';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? { code: error.code, message: error.message } : error),
  );

describe('Find a time use cases', () => {
  let groups: InMemoryStudyGroupRepository;
  let schedules: InMemoryMemberSchedules;
  let find: FindMeetingTimes;
  let save: SaveBusyTimes;
  let ids: { owner: UserId; member: UserId; outsider: UserId };
  let groupId: GroupId;

  beforeEach(async () => {
    const users = new InMemoryUserRepository();
    const catalog = new InMemoryCourseCatalog();
    await catalog.upsert([
      sectionEntry({
        courseNumber: 'FAT1000',
        name: 'Find a time',
        classNumber: 51001,
        meetTimes: [{ days: ['M', 'T', 'W', 'R', 'F'], begin: '8:00 AM', end: '10:00 PM', building: '', room: '' }],
      }),
    ]);
    const [section] = await catalog.findByClassNumbers('Fall 2025', [51001]);
    const membership = new InMemoryCourseMembership(catalog, users);
    groups = new InMemoryStudyGroupRepository(users);
    schedules = new InMemoryMemberSchedules(groups, membership, catalog);
    const make = async (username: string) => (await storeStudent(users, username)).id;
    ids = { owner: await make('owner'), member: await make('member'), outsider: await make('outsider') };
    await membership.joinSections(ids.owner, [section.id]);
    const courseId: CourseId = section.courseId;
    const group = await groups.create({ courseId, ownerId: ids.owner, name: 'Group', description: '', isPublic: true }, new Date());
    await groups.addMember(group.id, ids.member);
    groupId = group.id;
    find = new FindMeetingTimes(groups, schedules);
    save = new SaveBusyTimes(schedules);
  });

  it('proposes slots that avoid a class taking every weekday from 8 AM to 10 PM, naming the member without a schedule', async () => {
    const found = await find.execute({ actingUserId: ids.member, groupId });
    expect(found.length).toBe(60);
    // The weekend first (everyone free, two a day at most), then a weekday slot the owner's class keeps them from.
    expect(found.proposals.map((p) => [p.day, p.busy])).toEqual([
      ...Array.from({ length: 4 }, () => [expect.stringMatching(/^(Saturday|Sunday)$/), []]),
      [expect.not.stringMatching(/^(Saturday|Sunday)$/), [ids.owner]],
    ]);
    expect(found.unknownSchedules).toEqual([ids.member]);
  });

  it('counts the busy grid: a member busy all weekend is busy in every proposal that is all free otherwise', async () => {
    await save.execute({
      actingUserId: ids.member,
      busy: [
        { day: 0, start: '00:00', end: '24:00' },
        { day: 6, start: '00:00', end: '24:00' },
      ],
    });
    const found = await find.execute({ actingUserId: ids.owner, groupId, length: 90 });
    expect(found.unknownSchedules).toEqual([]);
    for (const p of found.proposals) {
      expect(p.end - p.start).toBe(90);
      if (p.day === 'Saturday' || p.day === 'Sunday') expect(p.busy).toEqual([ids.member]);
    }
  });

  it('refuses a student outside the group (NOT_GROUP_MEMBER) and an unknown group (STUDY_GROUP_NOT_FOUND)', async () => {
    expect(await refusal(find.execute({ actingUserId: ids.outsider, groupId }))).toMatchObject({ code: 'NOT_GROUP_MEMBER' });
    expect(await refusal(find.execute({ actingUserId: ids.owner, groupId: StudyGroupId(999) }))).toMatchObject({
      code: 'STUDY_GROUP_NOT_FOUND',
    });
  });

  it.each([0, 15, 29, 45.5, 50, 195, 240, -60])('refuses a length of %s minutes', async (length) => {
    expect(await refusal(find.execute({ actingUserId: ids.owner, groupId, length }))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each([30, 45, 60, 90, 120, 180])('takes a length of %s minutes', async (length) => {
    expect((await find.execute({ actingUserId: ids.owner, groupId, length })).length).toBe(length);
  });

  const badGrids: [string, Omit<SaveBusyTimesCommand, 'actingUserId'>][] = [
    ['a day past Saturday', { busy: [{ day: 7, start: '10:00', end: '11:00' }] }],
    ['a negative day', { busy: [{ day: -1, start: '10:00', end: '11:00' }] }],
    ['a time off the 5-minute marks', { busy: [{ day: 1, start: '10:02', end: '11:00' }] }],
    ['a time past midnight', { busy: [{ day: 1, start: '23:00', end: '24:30' }] }],
    ['a time not HH:MM', { busy: [{ day: 1, start: '10am', end: '11:00' }] }],
    ['a stretch ending before it starts', { busy: [{ day: 1, start: '11:00', end: '10:00' }] }],
    ['an empty stretch', { busy: [{ day: 1, start: '11:00', end: '11:00' }] }],
    ['51 stretches', { busy: Array.from({ length: 51 }, (_, i) => ({ day: i % 7, start: '10:00', end: '10:05' })) }],
    ['preferred hours backwards', { busy: [], preferredStart: '20:00', preferredEnd: '09:00' }],
    ['preferred hours under 2 hours apart', { busy: [], preferredStart: '09:00', preferredEnd: '10:55' }],
    ['one end of the preferred hours only', { busy: [], preferredStart: '09:00' }],
  ];
  it.each(badGrids)('refuses %s (VALIDATION_FAILED) and keeps the grid saved before', async (_name, grid) => {
    await save.execute({ actingUserId: ids.owner, busy: [{ day: 2, start: '09:00', end: '10:00' }] });
    expect(await refusal(save.execute({ actingUserId: ids.owner, ...grid }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await new GetBusyTimes(schedules).execute({ actingUserId: ids.owner })).busy).toEqual([{ day: 2, start: 540, end: 600 }]);
  });

  it('saves 50 stretches and preferred hours exactly 2 hours apart, for the signed-in student only', async () => {
    const busy = Array.from({ length: 50 }, (_, i) => ({ day: i % 7, start: '10:00', end: '10:05' }));
    await save.execute({ actingUserId: ids.member, busy, preferredStart: '18:00', preferredEnd: '20:00' });
    const grid = await new GetBusyTimes(schedules).execute({ actingUserId: ids.member });
    expect(grid.busy).toHaveLength(50);
    expect(grid.preferred).toEqual({ start: 1080, end: 1200 });
    expect(await new GetBusyTimes(schedules).execute({ actingUserId: ids.owner })).toEqual({ busy: [], preferred: null });
  });
});
