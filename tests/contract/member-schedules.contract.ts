// One behaviour for every MemberSchedules adapter: a group's members each with
// their class meetings of the group's course's term only, their other groups'
// meetings (not this group's) and their busy grid; and a student's own grid,
// saved and read back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MemberSchedules } from '@application/ports/member-schedules';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import { StudyGroupId, type CourseId, type UserId } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import type { CatalogStore } from '@tests/support/catalog-store';
import { storeStudent } from '@tests/support/stored-student';
import { weeklyPlan } from '@tests/support/meeting-plans';

export interface MemberSchedulesWorld {
  users: UserRepository;
  catalog: CatalogStore;
  membership: CourseMembership;
  groups: StudyGroupRepository;
  schedules: MemberSchedules;
}

const MWF = { days: ['M', 'W', 'F'], begin: '9:35 AM', end: '10:25 AM', building: 'CSE', room: 'E220' };
const TR = { days: ['T', 'R'], begin: '1:55 PM', end: '3:50 PM', building: 'LIT', room: '101' };
const SPRING = { days: ['M'], begin: '6:15 PM', end: '7:05 PM', building: 'NEB', room: '100' };

export function memberSchedulesContract(makeWorld: () => Promise<MemberSchedulesWorld>) {
  describe('MemberSchedules contract', () => {
    let world: MemberSchedulesWorld;
    let sections: { fallA: CourseId; fallB: CourseId; spring: CourseId; courseA: CourseId; courseB: CourseId };
    let made = 0;

    const student = async (): Promise<UserId> => {
      made += 1;
      return (await storeStudent(world.users, `sched${made}_${Date.now() % 100000}`, { firstName: `First${made}`, year: '3' })).id;
    };
    let day = 0;
    const nextDay = () => new Date(Date.UTC(2025, 0, 1) + (day += 1) * 2 * 86_400_000);

    beforeAll(async () => {
      world = await makeWorld();
      await world.catalog.upsert([
        sectionEntry({ courseNumber: 'SCH1000', name: 'Schedules A', classNumber: 41001, meetTimes: [MWF] }),
        sectionEntry({ courseNumber: 'SCH2000', name: 'Schedules B', classNumber: 41002, meetTimes: [TR] }),
        sectionEntry({ courseNumber: 'SCH3000', name: 'Schedules Spring', classNumber: 41003, term: 'Spring 2026', meetTimes: [SPRING] }),
      ]);
      const [fallA] = await world.catalog.findByClassNumbers('Fall 2025', [41001]);
      const [fallB] = await world.catalog.findByClassNumbers('Fall 2025', [41002]);
      const [spring] = await world.catalog.findByClassNumbers('Spring 2026', [41003]);
      sections = { fallA: fallA.id, fallB: fallB.id, spring: spring.id, courseA: fallA.courseId, courseB: fallB.courseId };
    });

    it('answers a student who never saved a grid with no stretches and no preferred hours', async () => {
      expect(await world.schedules.busyTimesOf(await student())).toEqual({ busy: [], preferred: null });
    });

    it('saves a grid, reads it back by day and start, and replaces it whole on the next save', async () => {
      const me = await student();
      const other = await student();
      await world.schedules.saveBusyTimes(me, {
        busy: [
          { day: 3, start: 600, end: 660 },
          { day: 1, start: 1200, end: 1440 },
        ],
        preferred: { start: 540, end: 1260 },
      });
      await world.schedules.saveBusyTimes(other, { busy: [{ day: 0, start: 0, end: 60 }], preferred: null });
      expect(await world.schedules.busyTimesOf(me)).toEqual({
        busy: [
          { day: 1, start: 1200, end: 1440 },
          { day: 3, start: 600, end: 660 },
        ],
        preferred: { start: 540, end: 1260 },
      });
      await world.schedules.saveBusyTimes(me, { busy: [{ day: 5, start: 900, end: 960 }], preferred: { start: 600, end: 780 } });
      expect(await world.schedules.busyTimesOf(me)).toEqual({
        busy: [{ day: 5, start: 900, end: 960 }],
        preferred: { start: 600, end: 780 },
      });
      await world.schedules.saveBusyTimes(me, { busy: [], preferred: null });
      expect(await world.schedules.busyTimesOf(me)).toEqual({ busy: [], preferred: null });
      // Another student's grid is their own.
      expect(await world.schedules.busyTimesOf(other)).toEqual({ busy: [{ day: 0, start: 0, end: 60 }], preferred: null });
    });

    it("reads every member's classes of the group's term, other groups' meetings and grid, for the whole group", async () => {
      const owner = await student();
      const member = await student();
      const quiet = await student();
      const outsider = await student();
      await world.membership.joinSections(owner, [sections.fallA, sections.spring]);
      await world.membership.joinSections(member, [sections.fallA, sections.fallB]);
      await world.membership.joinCourse(quiet, sections.courseA);
      await world.membership.joinSections(outsider, [sections.fallB]);
      const group = await world.groups.create(
        { courseId: sections.courseA, ownerId: owner, name: 'Find a time', description: '', isPublic: true },
        nextDay(),
      );
      await world.groups.addMember(group.id, member);
      await world.groups.addMember(group.id, quiet);
      await world.groups.addMeeting(group.id, weeklyPlan({ day: 'Monday', time: '19:00:00', location: 'Library' }));
      // The member's other group meets on Thursdays; the outsider's busy grid is not the group's business.
      const other = await world.groups.create(
        { courseId: sections.courseB, ownerId: member, name: 'Other', description: '', isPublic: true },
        nextDay(),
      );
      await world.groups.addMeeting(
        other.id,
        weeklyPlan({ day: 'Thursday', time: '18:30:00', location: 'Marston' }, { lengthMinutes: 90 }),
      );
      // Not busy: a single dated meeting, and a series that ended before the day asked about.
      await world.groups.addMeeting(
        other.id,
        weeklyPlan({ day: 'Friday', time: '10:00:00', location: 'x' }, { kind: 'once', startDate: '2026-09-04', endDate: '2026-09-04' }),
      );
      await world.groups.addMeeting(
        other.id,
        weeklyPlan({ day: 'Tuesday', time: '10:00:00', location: 'x' }, { startDate: '2026-08-01', endDate: '2026-08-31' }),
      );
      await world.schedules.saveBusyTimes(member, { busy: [{ day: 6, start: 600, end: 720 }], preferred: { start: 600, end: 1200 } });
      await world.schedules.saveBusyTimes(outsider, { busy: [{ day: 2, start: 0, end: 60 }], preferred: null });

      const records = await world.schedules.schedulesOf(group.id, '2026-09-01');
      const byId = new Map(records.map((r) => [r.userId, r]));
      expect([...byId.keys()].sort((a, b) => a - b)).toEqual([owner, member, quiet].sort((a, b) => a - b));
      const ownerRecord = byId.get(owner);
      // Fall only: the spring section is another term's.
      expect(ownerRecord?.classMeetings.map((m) => ({ days: m.days, begin: m.begin, end: m.end }))).toEqual([
        { days: MWF.days, begin: MWF.begin, end: MWF.end },
      ]);
      expect(ownerRecord?.otherMeetings).toEqual([]);
      expect(ownerRecord?.busy).toEqual([]);
      expect(ownerRecord?.preferred).toBeNull();
      const memberRecord = byId.get(member);
      expect(memberRecord?.classMeetings.map((m) => m.begin).sort()).toEqual([MWF.begin, TR.begin].sort());
      expect(memberRecord?.otherMeetings).toEqual([{ day: 'Thursday', time: '18:30:00', lengthMinutes: 90 }]);
      expect(memberRecord?.busy).toEqual([{ day: 6, start: 600, end: 720 }]);
      expect(memberRecord?.preferred).toEqual({ start: 600, end: 1200 });
      expect(byId.get(quiet)).toEqual({ userId: quiet, classMeetings: [], otherMeetings: [], busy: [], preferred: null });
    });

    it('answers no records for a group that does not exist', async () => {
      expect(await world.schedules.schedulesOf(StudyGroupId(2_000_000_000), '2026-09-01')).toEqual([]);
    });
  });
}
