// One behaviour for every StudyGroupRepository adapter: groups with their owner
// as first member, join order, a course's groups page by page (the student's
// own first), the owner hand-over and deletion (also under concurrent
// leaves), leaving a course's groups, and meetings.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseGroupsPosition, StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import { toCourseQuery } from '@domain/course/course-search';
import { DomainError } from '@domain/errors';
import { StudyGroupId, type CourseId } from '@domain/ids';
import { CREATION_WINDOW_MS, GROUP_QUOTAS } from '@domain/study-group/group-quotas';
import type { StudyGroup } from '@domain/study-group/study-group';
import type { User } from '@domain/user/user';
import { sectionEntry } from '@tests/support/catalog-entries';
import { CATALOG_FIXTURE } from './course-catalog.contract';
import type { CatalogStore } from '@tests/support/catalog-store';
import { weeklyPlan } from '@tests/support/meeting-plans';

export interface StudyGroupWorld {
  groups: StudyGroupRepository;
  catalog: CatalogStore;
  users: UserRepository;
}

export function studyGroupRepositoryContract(makeWorld: () => Promise<StudyGroupWorld>) {
  describe('StudyGroupRepository contract', () => {
    let world: StudyGroupWorld;
    let courseIds: CourseId[];
    const students: User[] = [];
    let made = 0;

    const student = async () => {
      made += 1;
      const username = `s${made}_${Date.now() % 100000}`;
      const result = await world.users.create({
        firstName: `First${made}`,
        lastName: 'Gator',
        username,
        email: `${username}@ufl.edu`,
        major: 'Zoology',
        year: '3',
        bio: `Bio of ${username}`,
        passwordHash: 'x',
      });
      if (!result.created) throw new Error('user not created');
      students.push(result.user);
      return result.user;
    };

    // Each start a day after the last, so that no test meets the daily limit but the one about it.
    let day = 0;
    const nextDay = () => new Date(Date.UTC(2025, 0, 1) + (day += 1) * CREATION_WINDOW_MS);
    const newGroup = (owner: User, courseId = courseIds[0], name = 'Exam prep', at = nextDay()) =>
      world.groups.create({ courseId, ownerId: owner.id, name, description: 'Weekly problem sets', isPublic: true }, at);

    /** The refusal's code, or null when the call went through. */
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof DomainError ? error.code : error),
      );
    const count = (outcomes: unknown[], outcome: unknown) => outcomes.filter((o) => o === outcome).length;

    const memberIds = (group: StudyGroup | null) => group?.members.map((m) => m.id);

    /** A group with these members, joined in this order (the first is the owner). */
    const groupOf = async (...people: User[]) => {
      const group = await newGroup(people[0]);
      for (const person of people.slice(1)) expect(await world.groups.addMember(group.id, person.id)).toBe(true);
      return group.id;
    };

    let freshCourses = 0;
    /** A course of its own, with no groups yet. */
    const freshCourse = async () => {
      freshCourses += 1;
      const classNumber = 90_000 + freshCourses;
      await world.catalog.upsert([sectionEntry({ courseNumber: `PAG${1000 + freshCourses}`, name: 'Paging', classNumber })]);
      // Groups belong to the course (the section's).
      return (await world.catalog.findByClassNumbers('Fall 2025', [classNumber]))[0].courseId;
    };

    /** Every page of the course's groups for the student, `limit` at a time; `between` runs after each page. */
    const pageThrough = async (
      courseId: CourseId,
      viewer: User,
      limit: number,
      between: (page: number) => Promise<void> = async () => {},
    ) => {
      const pages: StudyGroup[][] = [];
      let after: CourseGroupsPosition | null = null;
      do {
        const page = await world.groups.listCourseGroups({ courseId, viewerId: viewer.id, after, limit });
        expect(page.groups.length, `page ${pages.length + 1}`).toBeLessThanOrEqual(limit);
        pages.push(page.groups);
        after = page.next;
        if (after) expect(page.groups, `page ${pages.length} is full when another follows`).toHaveLength(limit);
        await between(pages.length);
      } while (after && pages.length < 100);
      return pages;
    };
    const names = (pages: StudyGroup[][]) => pages.map((page) => page.map((g) => g.name));

    beforeAll(async () => {
      world = await makeWorld();
      await world.catalog.upsert(CATALOG_FIXTURE.slice(0, 5));
      // The courses (cards) of the fixture's first sections: groups belong to courses.
      courseIds = (await world.catalog.search(toCourseQuery({}), 1)).courses.map((c) => c.id);
    });

    it('creates a public group whose owner is its first member, with the owner’s public profile', async () => {
      const owner = await student();
      const group = await newGroup(owner);
      expect(group).toEqual({
        id: expect.any(Number),
        courseId: courseIds[0],
        name: 'Exam prep',
        description: 'Weekly problem sets',
        isPublic: true,
        maxMembers: 50,
        owner: {
          id: owner.id,
          username: owner.username,
          firstName: owner.firstName,
          lastName: 'Gator',
          major: 'Zoology',
          year: '3',
          bio: owner.bio,
          verified: false,
        },
        members: [group.owner],
        meetings: [],
      });
      expect(JSON.stringify(group)).not.toMatch(/email|password/i);
      expect(await world.groups.findById(group.id)).toEqual(group);
      expect(await world.groups.findById(StudyGroupId(9_999_999))).toBeNull();
    });

    it('adds members idempotently, in join order, and not to a group that is gone', async () => {
      const [owner, a, b] = [await student(), await student(), await student()];
      const groupId = await groupOf(owner, b, a);
      expect(await world.groups.addMember(groupId, b.id)).toBe(true);
      expect(memberIds(await world.groups.findById(groupId))).toEqual([owner.id, b.id, a.id]);
      expect(await world.groups.addMember(StudyGroupId(9_999_999), a.id)).toBe(false);
    });

    it('lists a student’s groups in the order joined', async () => {
      const [owner, other] = [await student(), await student()];
      const first = await newGroup(owner, courseIds[1], 'First');
      const second = await newGroup(other, courseIds[1], 'Second');
      const elsewhere = await newGroup(other, courseIds[2], 'Elsewhere');
      await world.groups.addMember(elsewhere.id, owner.id);
      await world.groups.addMember(second.id, owner.id);
      expect((await world.groups.listByMember(owner.id)).map((g) => g.id)).toEqual([first.id, elsewhere.id, second.id]);
      expect(await world.groups.listByMember((await student()).id)).toEqual([]);
    });

    it('pages a course’s groups: the student’s own first, most recently joined first, then the others oldest first', async () => {
      const courseId = await freshCourse();
      const [viewer, other] = [await student(), await student()];
      const made: Record<string, StudyGroupId> = {};
      for (const name of ['O1', 'O2', 'O3', 'O4', 'O5']) made[name] = (await newGroup(other, courseId, name)).id;
      made.Mine = (await newGroup(viewer, courseId, 'Mine')).id;
      await world.groups.addMember(made.O4, viewer.id);
      await world.groups.addMember(made.O2, viewer.id);
      await newGroup(viewer, courseIds[2], 'Another course');

      expect(names(await pageThrough(courseId, viewer, 2))).toEqual([
        ['O2', 'O4'],
        ['Mine', 'O1'],
        ['O3', 'O5'],
      ]);
      expect(names(await pageThrough(courseId, viewer, 3))).toEqual([
        ['O2', 'O4', 'Mine'],
        ['O1', 'O3', 'O5'],
      ]);
      expect(names(await pageThrough(courseId, viewer, 10))).toEqual([['O2', 'O4', 'Mine', 'O1', 'O3', 'O5']]);
      // Someone outside every group: the course's groups oldest first.
      expect(names(await pageThrough(courseId, await student(), 4))).toEqual([
        ['O1', 'O2', 'O3', 'O4'],
        ['O5', 'Mine'],
      ]);

      const first = await world.groups.listCourseGroups({ courseId, viewerId: viewer.id, after: null, limit: 2 });
      expect(first.memberGroupIds).toEqual([made.O2, made.O4, made.Mine]);
      // Each group as findById reads it: members, owner and meetings.
      expect(first.groups).toEqual([await world.groups.findById(made.O2), await world.groups.findById(made.O4)]);
      const empty = await world.groups.listCourseGroups({ courseId: await freshCourse(), viewerId: viewer.id, after: null, limit: 2 });
      expect(empty).toEqual({ groups: [], next: null, memberGroupIds: [] });
    });

    it('lists every group once while groups are created and deleted between pages', async () => {
      const courseId = await freshCourse();
      const [viewer, other, late] = [await student(), await student(), await student()];
      const ids: StudyGroupId[] = [];
      for (let i = 0; i < 9; i += 1) ids.push((await newGroup(other, courseId, `G${i}`)).id);
      for (let i = 0; i < 3; i += 1) ids.push((await newGroup(viewer, courseId, `Mine${i}`)).id);
      const created: StudyGroupId[] = [];
      const pages = await pageThrough(courseId, viewer, 4, async (page) => {
        // After the first page a group it listed goes (G0), after the others one not yet listed (G8, G7, ...); others make new ones.
        const [gone] = ids.splice(page === 1 ? 0 : 9 - page, 1);
        expect(await world.groups.removeMember(gone, other.id)).toMatchObject({ groupDeleted: true });
        created.push((await newGroup(late, courseId, `New${page}`)).id);
      });
      const listed = pages.flat().map((g) => g.id);
      expect(new Set(listed).size, 'no group twice').toBe(listed.length);
      // Every group that stayed from the start to the end is listed; new ones made before the end are too.
      expect(listed).toEqual(expect.arrayContaining(ids));
      expect(listed).toEqual(expect.arrayContaining(created.slice(0, 2)));
      expect(listed.slice(0, 3).map((id) => pages.flat().find((g) => g.id === id)!.name)).toEqual(['Mine2', 'Mine1', 'Mine0']);
    });

    it('pages the student’s own groups too when they fill more than a page, and ends on a full last page', async () => {
      const courseId = await freshCourse();
      const [viewer, other] = [await student(), await student()];
      for (const name of ['A', 'B', 'C', 'D', 'E']) await newGroup(viewer, courseId, name);
      expect(names(await pageThrough(courseId, viewer, 2))).toEqual([['E', 'D'], ['C', 'B'], ['A']]);
      // Five of the student's own and nothing else: a page of exactly five says no page follows.
      expect((await world.groups.listCourseGroups({ courseId, viewerId: viewer.id, after: null, limit: 5 })).next).toBeNull();
      await newGroup(other, courseId, 'F');
      expect(names(await pageThrough(courseId, viewer, 5))).toEqual([['E', 'D', 'C', 'B', 'A'], ['F']]);
      expect(names(await pageThrough(courseId, viewer, 6))).toEqual([['E', 'D', 'C', 'B', 'A', 'F']]);
    });

    it('lets a member leave, idempotently, keeping the owner', async () => {
      const [owner, member] = [await student(), await student()];
      const groupId = await groupOf(owner, member);
      expect(await world.groups.removeMember(groupId, member.id)).toEqual({ wasMember: true, ownerId: owner.id, groupDeleted: false });
      expect(await world.groups.removeMember(groupId, member.id)).toEqual({ wasMember: false, ownerId: owner.id, groupDeleted: false });
      const group = await world.groups.findById(groupId);
      expect(memberIds(group)).toEqual([owner.id]);
      expect(group?.owner.id).toBe(owner.id);
      expect(await world.groups.removeMember(StudyGroupId(9_999_999), member.id)).toBeNull();
    });

    it('hands an owner’s group to the longest-standing member', async () => {
      const [owner, early, late] = [await student(), await student(), await student()];
      const groupId = await groupOf(owner, early, late);
      expect(await world.groups.removeMember(groupId, owner.id)).toEqual({ wasMember: true, ownerId: early.id, groupDeleted: false });
      const group = await world.groups.findById(groupId);
      expect(group?.owner.id).toBe(early.id);
      expect(memberIds(group)).toEqual([early.id, late.id]);
    });

    it('deletes a group, with its meetings, when its owner leaves alone', async () => {
      const owner = await student();
      const groupId = await groupOf(owner);
      const meeting = await world.groups.addMeeting(groupId, weeklyPlan({ day: 'Monday', time: '18:30:00', location: 'Marston' }));
      expect(await world.groups.removeMember(groupId, owner.id)).toEqual({ wasMember: true, ownerId: null, groupDeleted: true });
      expect(await world.groups.findById(groupId)).toBeNull();
      expect(await world.groups.listByMember(owner.id)).toEqual([]);
      expect(await world.groups.deleteMeeting(groupId, meeting!.id)).toBe(false);
    });

    it('never leaves a group without an owner when members leave at the same time', async () => {
      for (let round = 0; round < 5; round += 1) {
        const [owner, second, third] = [await student(), await student(), await student()];
        const groupId = await groupOf(owner, second, third);
        await Promise.all([world.groups.removeMember(groupId, owner.id), world.groups.removeMember(groupId, second.id)]);
        const group = await world.groups.findById(groupId);
        expect(group?.owner.id).toBe(third.id);
        expect(memberIds(group)).toEqual([third.id]);

        const [pairOwner, pairMember] = [await student(), await student()];
        const pairId = await groupOf(pairOwner, pairMember);
        await Promise.all([world.groups.removeMember(pairId, pairOwner.id), world.groups.removeMember(pairId, pairMember.id)]);
        expect(await world.groups.findById(pairId)).toBeNull();
      }
    });

    it('takes a student out of every group of one course under the same rules', async () => {
      const [leaver, friend] = [await student(), await student()];
      const owned = await newGroup(leaver, courseIds[2], 'Owned with a friend');
      await world.groups.addMember(owned.id, friend.id);
      const alone = await newGroup(leaver, courseIds[2], 'Alone');
      const joined = await newGroup(friend, courseIds[2], 'Joined');
      await world.groups.addMember(joined.id, leaver.id);
      const otherCourse = await newGroup(leaver, courseIds[1], 'Other course');

      const outcomes = await world.groups.removeMemberFromCourseGroups(leaver.id, courseIds[2]);
      expect(outcomes).toEqual([
        { groupId: owned.id, wasMember: true, ownerId: friend.id, groupDeleted: false },
        { groupId: alone.id, wasMember: true, ownerId: null, groupDeleted: true },
        { groupId: joined.id, wasMember: true, ownerId: friend.id, groupDeleted: false },
      ]);
      expect((await world.groups.findById(owned.id))?.owner.id).toBe(friend.id);
      expect(await world.groups.findById(alone.id)).toBeNull();
      expect(memberIds(await world.groups.findById(joined.id))).toEqual([friend.id]);
      expect((await world.groups.listByMember(leaver.id)).map((g) => g.id)).toEqual([otherCourse.id]);
      expect(await world.groups.removeMemberFromCourseGroups(leaver.id, courseIds[2])).toEqual([]);
    });

    it('updates name, description and visibility', async () => {
      const group = await newGroup(await student());
      expect(await world.groups.update(group.id, { name: 'Renamed', description: 'New words', isPublic: false })).toBe(true);
      expect(await world.groups.findById(group.id)).toMatchObject({ name: 'Renamed', description: 'New words', isPublic: false });
      expect(await world.groups.update(StudyGroupId(9_999_999), { name: 'x', description: 'y', isPublic: true })).toBe(false);
    });

    it('keeps meetings ordered Sunday to Saturday, then by time, and only within their group', async () => {
      const group = await newGroup(await student());
      const other = await newGroup(await student());
      const add = (day: 'Sunday' | 'Monday' | 'Saturday', time: string) =>
        world.groups.addMeeting(group.id, weeklyPlan({ day, time, location: `${day} ${time}` }));
      const saturday = await add('Saturday', '09:00:00');
      const mondayLate = await add('Monday', '18:30:00');
      const mondayEarly = await add('Monday', '08:05:00');
      const sunday = await add('Sunday', '23:59:00');
      expect(mondayLate).toMatchObject({ id: expect.any(Number), day: 'Monday', time: '18:30:00', location: 'Monday 18:30:00' });
      expect((await world.groups.findById(group.id))?.meetings.map((m) => m!.id)).toEqual([
        sunday!.id,
        mondayEarly!.id,
        mondayLate!.id,
        saturday!.id,
      ]);
      expect(
        await world.groups.addMeeting(StudyGroupId(9_999_999), weeklyPlan({ day: 'Monday', time: '10:00:00', location: 'x' })),
      ).toBeNull();

      const moved = await world.groups.updateMeeting(
        group.id,
        saturday!.id,
        weeklyPlan({ day: 'Sunday', time: '07:00:00', location: 'Library West' }),
      );
      expect(moved).toEqual({
        ...weeklyPlan({ day: 'Sunday', time: '07:00:00', location: 'Library West' }),
        id: saturday!.id,
        cancelledDates: [],
      });
      expect((await world.groups.findById(group.id))?.meetings[0]).toEqual(moved);
      expect(
        await world.groups.updateMeeting(other.id, sunday!.id, weeklyPlan({ day: 'Friday', time: '10:00:00', location: 'x' })),
      ).toBeNull();
      expect(await world.groups.deleteMeeting(other.id, sunday!.id)).toBe(false);
      expect(await world.groups.deleteMeeting(group.id, sunday!.id)).toBe(true);
      expect(await world.groups.deleteMeeting(group.id, sunday!.id)).toBe(false);
      expect((await world.groups.findById(group.id))?.meetings.map((m) => m.id)).toEqual([saturday!.id, mondayEarly!.id, mondayLate!.id]);
      expect((await world.groups.findById(other.id))?.meetings).toEqual([]);
    });

    it('stores a plan as given: a single dated meeting with a title and length, and a series between two dates', async () => {
      const group = await newGroup(await student());
      const once = weeklyPlan(
        { day: 'Friday', time: '19:00:00', location: 'https://ufl.zoom.us/j/123' },
        { kind: 'once', title: 'Exam 1 review', lengthMinutes: 120, startDate: '2026-10-02', endDate: '2026-10-02' },
      );
      const series = weeklyPlan({ day: 'Tuesday', time: '19:30:00', location: 'Marston 101' }, { lengthMinutes: 90 });
      const single = await world.groups.addMeeting(group.id, once);
      const weekly = await world.groups.addMeeting(group.id, series);
      expect(single).toEqual({ ...once, id: single!.id, cancelledDates: [] });
      expect((await world.groups.findById(group.id))?.meetings).toEqual([weekly, single]);
    });

    it('cancels and restores single dates of a series, idempotently, and drops those a move makes no occurrence', async () => {
      const group = await newGroup(await student());
      const other = await newGroup(await student());
      const plan = weeklyPlan({ day: 'Tuesday', time: '19:00:00', location: 'Marston 101' });
      const meeting = (await world.groups.addMeeting(group.id, plan))!;
      expect((await world.groups.setOccurrenceCancelled(group.id, meeting.id, '2026-09-15', true))?.cancelledDates).toEqual(['2026-09-15']);
      await world.groups.setOccurrenceCancelled(group.id, meeting.id, '2026-09-01', true);
      expect((await world.groups.setOccurrenceCancelled(group.id, meeting.id, '2026-09-15', true))?.cancelledDates).toEqual([
        '2026-09-01',
        '2026-09-15',
      ]);
      expect((await world.groups.findById(group.id))?.meetings[0].cancelledDates).toEqual(['2026-09-01', '2026-09-15']);
      expect((await world.groups.setOccurrenceCancelled(group.id, meeting.id, '2026-09-01', false))?.cancelledDates).toEqual([
        '2026-09-15',
      ]);
      expect(await world.groups.setOccurrenceCancelled(other.id, meeting.id, '2026-09-22', true)).toBeNull();
      // Still Tuesdays, from September 8: the 15th stays cancelled. Then Wednesdays: no Tuesday is an occurrence.
      expect((await world.groups.updateMeeting(group.id, meeting.id, { ...plan, startDate: '2026-09-08' }))?.cancelledDates).toEqual([
        '2026-09-15',
      ]);
      const wednesdays = await world.groups.updateMeeting(group.id, meeting.id, { ...plan, day: 'Wednesday' });
      expect(wednesdays?.cancelledDates).toEqual([]);
      expect((await world.groups.findById(group.id))?.meetings[0].cancelledDates).toEqual([]);
    });

    it('keeps one answer per student for each date and one for the series, clears them, and reads a group’s from a date on', async () => {
      const owner = await student();
      const member = await student();
      const group = await newGroup(owner);
      const other = await newGroup(await student());
      await world.groups.addMember(group.id, member.id);
      const plan = weeklyPlan({ day: 'Tuesday', time: '19:00:00', location: 'Marston 101' });
      const meeting = (await world.groups.addMeeting(group.id, plan))!;
      const elsewhere = (await world.groups.addMeeting(other.id, plan))!;
      expect(await world.groups.answerMeeting(group.id, meeting.id, member.id, null, true)).toBe(true);
      expect(await world.groups.answerMeeting(group.id, meeting.id, member.id, null, false)).toBe(true);
      await world.groups.answerMeeting(group.id, meeting.id, member.id, '2026-09-08', true);
      await world.groups.answerMeeting(group.id, meeting.id, member.id, '2026-09-01', true);
      await world.groups.answerMeeting(group.id, meeting.id, owner.id, '2026-09-08', false);
      await world.groups.answerMeeting(other.id, elsewhere.id, owner.id, null, true);
      expect(await world.groups.answerMeeting(other.id, meeting.id, member.id, null, true)).toBe(false);
      const sorted = <T extends { userId: number; date: string | null }>(answers: T[]) =>
        [...answers].sort((a, b) => a.userId - b.userId || String(a.date).localeCompare(String(b.date)));
      expect(sorted(await world.groups.meetingAnswers([group.id], '2026-09-02'))).toEqual(
        sorted([
          { meetingId: meeting.id, userId: owner.id, date: '2026-09-08', going: false },
          { meetingId: meeting.id, userId: member.id, date: '2026-09-08', going: true },
          { meetingId: meeting.id, userId: member.id, date: null, going: false },
        ]),
      );
      expect(await world.groups.answerMeeting(group.id, meeting.id, member.id, '2026-09-08', null)).toBe(true);
      await world.groups.answerMeeting(group.id, meeting.id, owner.id, null, null);
      expect(sorted(await world.groups.meetingAnswers([group.id, other.id], '2026-09-02'))).toEqual(
        sorted([
          { meetingId: meeting.id, userId: owner.id, date: '2026-09-08', going: false },
          { meetingId: meeting.id, userId: member.id, date: null, going: false },
          { meetingId: elsewhere.id, userId: owner.id, date: null, going: true },
        ]),
      );
      expect(await world.groups.meetingAnswers([], '2026-09-02')).toEqual([]);
    });

    it('drops a student’s answers when they leave, and a meeting’s when it is deleted or moved off their dates', async () => {
      const owner = await student();
      const member = await student();
      const group = await newGroup(owner);
      await world.groups.addMember(group.id, member.id);
      const plan = weeklyPlan({ day: 'Tuesday', time: '19:00:00', location: 'Marston 101' });
      const meeting = (await world.groups.addMeeting(group.id, plan))!;
      const second = (await world.groups.addMeeting(group.id, plan))!;
      await world.groups.answerMeeting(group.id, meeting.id, member.id, null, true);
      await world.groups.answerMeeting(group.id, meeting.id, owner.id, '2026-09-08', true);
      await world.groups.answerMeeting(group.id, meeting.id, owner.id, null, true);
      await world.groups.answerMeeting(group.id, second.id, owner.id, null, true);
      await world.groups.removeMember(group.id, member.id);
      expect((await world.groups.meetingAnswers([group.id], '2026-01-01')).map((a) => a.userId)).not.toContain(member.id);
      await world.groups.updateMeeting(group.id, meeting.id, { ...plan, day: 'Thursday' });
      expect(await world.groups.meetingAnswers([group.id], '2026-01-01')).toEqual(
        expect.arrayContaining([{ meetingId: meeting.id, userId: owner.id, date: null, going: true }]),
      );
      expect((await world.groups.meetingAnswers([group.id], '2026-01-01')).filter((a) => a.date !== null)).toEqual([]);
      await world.groups.deleteMeeting(group.id, meeting.id);
      expect(await world.groups.meetingAnswers([group.id], '2026-01-01')).toEqual([
        { meetingId: second.id, userId: owner.id, date: null, going: true },
      ]);
    });

    describe('limits', () => {
      it(`starts ${GROUP_QUOTAS.createdPerCoursePerDay} groups in a course in 24 hours, counting deleted ones, then refuses with a wait`, async () => {
        const owner = await student();
        const start = nextDay();
        const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
        const made: StudyGroup[] = [];
        for (let i = 0; i < GROUP_QUOTAS.createdPerCoursePerDay; i += 1) made.push(await newGroup(owner, courseIds[0], `G${i}`, at(i)));
        await world.groups.removeMember(made[0].id, owner.id);
        const refused = await newGroup(owner, courseIds[0], 'Too soon', at(60)).catch(
          (error: DomainError & { retryAfterSeconds: number }) => error,
        );
        expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 23 * 3600 });
        expect((await world.groups.listByMember(owner.id)).map((g) => g.name)).toEqual(['G1', 'G2', 'G3', 'G4']);
        // Another course counts apart; 24 hours after the first start, one more fits, and only one.
        expect(await refusal(newGroup(owner, courseIds[1], 'Elsewhere', at(61)))).toBeNull();
        expect(await refusal(newGroup(owner, courseIds[0], 'Next day', at(24 * 60)))).toBeNull();
        expect(await refusal(newGroup(owner, courseIds[0], 'Still one too many', at(24 * 60)))).toBe('RATE_LIMITED');
      });

      it(`lets an owner own ${GROUP_QUOTAS.owned} groups, and be in ${GROUP_QUOTAS.joined}`, async () => {
        const [owner, other, joiner] = [await student(), await student(), await student()];
        for (let i = 0; i < GROUP_QUOTAS.owned; i += 1) await newGroup(owner, courseIds[i % 3], `Owned ${i}`);
        expect(await refusal(newGroup(owner))).toBe('TOO_MANY_OWNED_GROUPS');
        expect((await world.groups.listByMember(owner.id)).length).toBe(GROUP_QUOTAS.owned);

        const groups = [...(await world.groups.listByMember(owner.id))];
        for (let i = 0; groups.length <= GROUP_QUOTAS.joined; i += 1) groups.push(await newGroup(other, courseIds[i % 3], `Other ${i}`));
        for (const group of groups.slice(0, GROUP_QUOTAS.joined - 1)) expect(await world.groups.addMember(group.id, joiner.id)).toBe(true);
        expect(await refusal(newGroup(joiner))).toBeNull();
        expect(await refusal(world.groups.addMember(groups[GROUP_QUOTAS.joined].id, joiner.id))).toBe('TOO_MANY_GROUPS');
        expect(await refusal(newGroup(joiner))).toBe('TOO_MANY_GROUPS');
        expect(memberIds(await world.groups.findById(groups[GROUP_QUOTAS.joined].id))).toEqual([other.id]);
        // Joining a group one is in is no join.
        expect(await world.groups.addMember(groups[0].id, joiner.id)).toBe(true);
      });

      it('takes members up to the size limit, which cannot go below the members there are', async () => {
        const [owner, a, b, c] = [await student(), await student(), await student(), await student()];
        const group = await newGroup(owner);
        expect(group.maxMembers).toBe(GROUP_QUOTAS.members);
        expect(await world.groups.update(group.id, { name: 'Small', description: 'x', isPublic: true, maxMembers: 3 })).toBe(true);
        expect(await world.groups.addMember(group.id, a.id)).toBe(true);
        expect(await world.groups.addMember(group.id, b.id)).toBe(true);
        expect(await refusal(world.groups.addMember(group.id, c.id))).toBe('GROUP_FULL');
        expect(await refusal(world.groups.update(group.id, { name: 'Smaller', description: 'x', isPublic: false, maxMembers: 2 }))).toBe(
          'VALIDATION_FAILED',
        );
        expect(await world.groups.findById(group.id)).toMatchObject({ name: 'Small', isPublic: true, maxMembers: 3 });
        expect(await world.groups.update(group.id, { name: 'Kept', description: 'x', isPublic: true })).toBe(true);
        expect(await world.groups.findById(group.id)).toMatchObject({ name: 'Kept', maxMembers: 3 });
        expect(memberIds(await world.groups.findById(group.id))).toEqual([owner.id, a.id, b.id]);
      });

      it(`holds ${GROUP_QUOTAS.meetings} meetings`, async () => {
        const group = await newGroup(await student());
        for (let i = 0; i < GROUP_QUOTAS.meetings; i += 1)
          await world.groups.addMeeting(group.id, weeklyPlan({ day: 'Monday', time: '10:00:00', location: `Room ${i}` }));
        expect(
          await refusal(world.groups.addMeeting(group.id, weeklyPlan({ day: 'Monday', time: '10:00:00', location: 'One too many' }))),
        ).toBe('TOO_MANY_MEETINGS');
        expect((await world.groups.findById(group.id))?.meetings).toHaveLength(GROUP_QUOTAS.meetings);
      });

      it('lets no parallel burst past a limit', async () => {
        const at = nextDay();
        const starter = await student();
        const starts = await Promise.all(Array.from({ length: 8 }, (_, i) => refusal(newGroup(starter, courseIds[2], `Burst ${i}`, at))));
        expect([count(starts, null), count(starts, 'RATE_LIMITED')]).toEqual([5, 3]);
        expect(await world.groups.listByMember(starter.id)).toHaveLength(5);

        const owner = await student();
        const joiners = await Promise.all(Array.from({ length: 6 }, () => student()));
        const group = await newGroup(owner);
        await world.groups.update(group.id, { name: 'Four', description: 'x', isPublic: true, maxMembers: 4 });
        const joins = await Promise.all(joiners.map((joiner) => refusal(world.groups.addMember(group.id, joiner.id))));
        expect([count(joins, null), count(joins, 'GROUP_FULL')]).toEqual([3, 3]);
        expect((await world.groups.findById(group.id))?.members).toHaveLength(4);

        const meetings = await Promise.all(
          Array.from({ length: GROUP_QUOTAS.meetings + 4 }, (_, i) =>
            refusal(world.groups.addMeeting(group.id, weeklyPlan({ day: 'Friday', time: '09:00:00', location: `Burst ${i}` }))),
          ),
        );
        expect([count(meetings, null), count(meetings, 'TOO_MANY_MEETINGS')]).toEqual([GROUP_QUOTAS.meetings, 4]);
        expect((await world.groups.findById(group.id))?.meetings).toHaveLength(GROUP_QUOTAS.meetings);
      });
    });
  });
}
