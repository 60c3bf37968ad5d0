// One behaviour for every CalendarFeeds adapter: one address per student (a
// new one replaces the old, whose token stops working; turned off, none
// works), the token shown once and found again by its hash, the one read of
// a student's groups with their meetings (a group they left
// is gone), and the revisions of served events (a changed fingerprint goes
// one up, an unchanged one stays).
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeeds } from '@application/ports/calendar-feeds';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import { toCourseQuery } from '@domain/course/course-search';
import type { CourseId } from '@domain/ids';
import { CREATION_WINDOW_MS } from '@domain/study-group/group-quotas';
import type { User } from '@domain/user/user';
import type { CatalogStore } from '@tests/support/catalog-store';
import { storeStudent } from '@tests/support/stored-student';
import { CATALOG_FIXTURE } from './course-catalog.contract';
import { weeklyPlan } from '@tests/support/meeting-plans';

export interface CalendarFeedsWorld {
  feeds: CalendarFeeds;
  groups: StudyGroupRepository;
  catalog: CatalogStore;
  users: UserRepository;
}

export function calendarFeedsContract(makeWorld: () => Promise<CalendarFeedsWorld>) {
  describe('CalendarFeeds contract', () => {
    let world: CalendarFeedsWorld;
    let courseId: CourseId;
    let made = 0;
    let day = 0;
    const now = new Date(Date.UTC(2025, 9, 1, 12));
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const student = async (): Promise<User> => {
      made += 1;
      return storeStudent(world.users, `cal${made}_${Date.now() % 100000}`);
    };
    const groupOf = async (name: string, owner: User, ...members: User[]) => {
      const at = new Date(Date.UTC(2025, 0, 1) + (day += 1) * CREATION_WINDOW_MS);
      const group = await world.groups.create({ courseId, ownerId: owner.id, name, description: `${name} notes`, isPublic: true }, at);
      for (const member of members) await world.groups.addMember(group.id, member.id);
      return group.id;
    };

    beforeAll(async () => {
      world = await makeWorld();
      await world.catalog.upsert(CATALOG_FIXTURE.slice(0, 2));
      const course = (await world.catalog.search(toCourseQuery({}), 1)).courses[0];
      courseId = course.id;
    });

    it('keeps one address per student: its token is shown once and found again; a new one revokes the old', async () => {
      const [a, b] = [await student(), await student()];
      expect(await world.feeds.find(a.id)).toBeNull();
      const first = await world.feeds.create(a.id, now);
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.feed).toEqual({ userId: a.id, createdAt: now });
      expect(await world.feeds.find(a.id)).toEqual({ userId: a.id, createdAt: now });
      expect(await world.feeds.ownerOf(first.token)).toBe(a.id);
      expect(await world.feeds.ownerOf('A'.repeat(43))).toBeNull();

      const second = await world.feeds.create(a.id, later(5));
      expect(second.token).not.toBe(first.token);
      expect(await world.feeds.ownerOf(first.token)).toBeNull();
      expect(await world.feeds.ownerOf(second.token)).toBe(a.id);
      expect(await world.feeds.find(a.id)).toEqual({ userId: a.id, createdAt: later(5) });

      const other = await world.feeds.create(b.id, now);
      expect(await world.feeds.ownerOf(other.token)).toBe(b.id);
    });

    it('turns an address off: its token stops working, and turning off again says there was none', async () => {
      const a = await student();
      const { token } = await world.feeds.create(a.id, now);
      expect(await world.feeds.revoke(a.id)).toBe(true);
      expect(await world.feeds.ownerOf(token)).toBeNull();
      expect(await world.feeds.find(a.id)).toBeNull();
      expect(await world.feeds.revoke(a.id)).toBe(false);
    });

    it('reads every group the student is in with its meetings; a group they left is gone', async () => {
      const [owner, member] = [await student(), await student()];
      const study = await groupOf('Orgo crew', owner, member);
      const quiet = await groupOf('Quiet table', member);
      const elsewhere = await groupOf('Not theirs', owner);
      const monday = await world.groups.addMeeting(study, weeklyPlan({ day: 'Monday', time: '18:30:00', location: 'Library West' }));
      const friday = await world.groups.addMeeting(
        study,
        weeklyPlan({ day: 'Friday', time: '09:00:00', location: 'https://ufl.zoom.us/j/1' }),
      );
      await world.groups.addMeeting(elsewhere, weeklyPlan({ day: 'Tuesday', time: '10:00:00', location: 'Marston' }));

      const groups = await world.feeds.groupsOf(member.id);
      expect(groups).toEqual([
        {
          groupId: study,
          name: 'Orgo crew',
          description: 'Orgo crew notes',
          // The stored plans, whole: what the feed's events are written from.
          meetings: [monday, friday],
        },
        { groupId: quiet, name: 'Quiet table', description: 'Quiet table notes', meetings: [] },
      ]);

      await world.groups.removeMember(study, member.id);
      expect((await world.feeds.groupsOf(member.id)).map((g) => g.groupId)).toEqual([quiet]);
      expect(await world.feeds.groupsOf((await student()).id)).toEqual([]);
    });

    it('starts a served event at sequence 0, keeps it while unchanged and bumps it when its fingerprint changes', async () => {
      const owner = await student();
      const groupId = await groupOf('Revisions', owner);
      const m1 = (await world.groups.addMeeting(groupId, weeklyPlan({ day: 'Monday', time: '10:00:00', location: 'A' })))!.id;
      const m2 = (await world.groups.addMeeting(groupId, weeklyPlan({ day: 'Tuesday', time: '10:00:00', location: 'B' })))!.id;

      const first = await world.feeds.revise(
        [
          { meetingId: m1, fingerprint: 'one' },
          { meetingId: m2, fingerprint: 'two' },
        ],
        now,
      );
      expect(first).toEqual(
        new Map([
          [m1, { sequence: 0, modifiedAt: now }],
          [m2, { sequence: 0, modifiedAt: now }],
        ]),
      );
      const again = await world.feeds.revise(
        [
          { meetingId: m1, fingerprint: 'one' },
          { meetingId: m2, fingerprint: 'two, moved' },
        ],
        later(10),
      );
      expect(again.get(m1)).toEqual({ sequence: 0, modifiedAt: now });
      expect(again.get(m2)).toEqual({ sequence: 1, modifiedAt: later(10) });
      expect((await world.feeds.revise([{ meetingId: m2, fingerprint: 'two, moved' }], later(20))).get(m2)).toEqual({
        sequence: 1,
        modifiedAt: later(10),
      });
      expect(await world.feeds.revise([], now)).toEqual(new Map());
      // Two servings at once of the same change bump it once.
      await Promise.all([
        world.feeds.revise([{ meetingId: m1, fingerprint: 'one, renamed' }], later(30)),
        world.feeds.revise([{ meetingId: m1, fingerprint: 'one, renamed' }], later(30)),
      ]);
      expect((await world.feeds.revise([{ meetingId: m1, fingerprint: 'one, renamed' }], later(40))).get(m1)).toEqual({
        sequence: 1,
        modifiedAt: later(30),
      });
    });
  });
}
