// One behaviour for every ReadMarkers adapter: markers only move forward, and
// a student's rooms come with when they joined and where they read up to.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadMarkers } from '@application/ports/read-markers';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';

export interface ReadMarkersWorld {
  markers: ReadMarkers;
  addStudent(): Promise<UserId>;
  /** A new course the student joins at that time. */
  joinNewCourse(userId: UserId, joinedAt: Date): Promise<ChatRoom>;
  /** A new group of a new course, owned by the owner, the members joining at that time. */
  newGroup(ownerId: UserId, memberIds: UserId[], joinedAt: Date): Promise<ChatRoom>;
  leave(userId: UserId, room: ChatRoom): Promise<void>;
}

const at = (iso: string) => new Date(iso);

export function readMarkersContract(makeWorld: () => Promise<ReadMarkersWorld>) {
  describe('ReadMarkers contract', () => {
    let world: ReadMarkersWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });

    it('lists a student’s courses, then groups, in joining order, with when they joined and no marker yet', async () => {
      const [ana, ben] = [await world.addStudent(), await world.addStudent()];
      const first = await world.joinNewCourse(ana, at('2025-08-20T12:00:00Z'));
      const second = await world.joinNewCourse(ana, at('2025-08-21T12:00:00Z'));
      const owned = await world.newGroup(ana, [], at('2025-08-22T12:00:00Z'));
      const joined = await world.newGroup(ben, [ana], at('2025-08-23T12:00:00Z'));
      await world.joinNewCourse(ben, at('2025-08-24T12:00:00Z'));

      const rooms = await world.markers.roomsOf(ana);
      expect(rooms.map((r) => r.room)).toEqual([first, second, owned, joined]);
      expect(rooms.map((r) => r.lastRead)).toEqual([null, null, null, null]);
      expect(rooms[0].joinedAt.toISOString()).toBe('2025-08-20T12:00:00.000Z');
      expect(rooms[3].joinedAt.toISOString()).toBe('2025-08-23T12:00:00.000Z');
      expect((await world.markers.roomsOf(ben)).map((r) => r.room)).toEqual([expect.objectContaining({ kind: 'course' }), joined]);
      expect(await world.markers.roomsOf(await world.addStudent())).toEqual([]);
    });

    it('moves a marker forward only, and answers the stored one', async () => {
      const ana = await world.addStudent();
      const room = await world.joinNewCourse(ana, new Date());
      expect(await world.markers.mark(ana, room, { ms: 2_000, seq: 1 })).toEqual({ ms: 2_000, seq: 1 });
      expect(await world.markers.mark(ana, room, { ms: 2_000, seq: 3 })).toEqual({ ms: 2_000, seq: 3 });
      // A late report from an older tab changes nothing.
      expect(await world.markers.mark(ana, room, { ms: 1_999, seq: 9 })).toEqual({ ms: 2_000, seq: 3 });
      expect(await world.markers.mark(ana, room, { ms: 2_000, seq: 2 })).toEqual({ ms: 2_000, seq: 3 });
      expect((await world.markers.roomsOf(ana))[0].lastRead).toEqual({ ms: 2_000, seq: 3 });
    });

    it('keeps each student’s and each room’s marker apart, a course and a group with the same id included', async () => {
      const [ana, ben] = [await world.addStudent(), await world.addStudent()];
      const course = await world.joinNewCourse(ana, new Date());
      const group = await world.newGroup(ana, [ben], new Date());
      await world.markers.mark(ana, course, { ms: 10, seq: 0 });
      await world.markers.mark(ana, group, { ms: 20, seq: 0 });
      await world.markers.mark(ben, group, { ms: 30, seq: 0 });
      await world.markers.mark(ana, { kind: 'group', id: course.id }, { ms: 40, seq: 0 });
      expect((await world.markers.roomsOf(ana)).map((r) => r.lastRead)).toEqual([
        { ms: 10, seq: 0 },
        { ms: 20, seq: 0 },
      ]);
      expect((await world.markers.roomsOf(ben)).map((r) => r.lastRead)).toEqual([{ ms: 30, seq: 0 }]);
    });

    it('drops a room the student left from the list', async () => {
      const ana = await world.addStudent();
      const course = await world.joinNewCourse(ana, new Date());
      const group = await world.newGroup(await world.addStudent(), [ana], new Date());
      await world.leave(ana, group);
      expect((await world.markers.roomsOf(ana)).map((r) => r.room)).toEqual([course]);
    });
  });
}
