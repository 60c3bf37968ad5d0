// One behaviour for every RoomNotificationState adapter: a room comes with
// its name, its page and its members (a group's owner among them) in joining
// order, each with where they read up to and what they were told of on the
// channel asked for; marks only move forward, per channel.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoomNotificationState } from '@application/ports/room-notification-state';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';

export interface RoomNotificationStateWorld {
  state: RoomNotificationState;
  addStudent(): Promise<{ id: UserId; username: string }>;
  /** A new course with this code; the students join it at those times, in that order. */
  newCourse(code: string, members: { id: UserId; joinedAt: Date }[]): Promise<ChatRoom>;
  /** A new group named so, made at `madeAt` by the owner (who is listed as a member or, `ownerListed` false, only as owner); the members join at those times. */
  newGroup(name: string, owner: UserId, madeAt: Date, members: { id: UserId; joinedAt: Date }[], ownerListed?: boolean): Promise<ChatRoom>;
  markRead(userId: UserId, room: ChatRoom, id: MessageId): Promise<void>;
  /** A room id nothing has. */
  missingId: number;
}

const at = (iso: string) => new Date(iso);

export function roomNotificationStateContract(makeWorld: () => Promise<RoomNotificationStateWorld>) {
  describe('RoomNotificationState contract', () => {
    let world: RoomNotificationStateWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });

    it("names a group's room and lists its owner and members in joining order, with their read markers", async () => {
      const [owner, ana, ben] = [await world.addStudent(), await world.addStudent(), await world.addStudent()];
      const room = await world.newGroup('Exam 1 Crammers', owner.id, at('2026-10-01T12:00:00Z'), [
        { id: ben.id, joinedAt: at('2026-10-03T12:00:00Z') },
        { id: ana.id, joinedAt: at('2026-10-02T12:00:00Z') },
      ]);
      await world.markRead(ana.id, room, { ms: 1_790_000_000_000, seq: 2 });
      const found = await world.state.readersOf(room, 'push');
      expect(found).toEqual({
        name: 'Exam 1 Crammers',
        url: `/study-group/${room.id}`,
        readers: [
          { userId: owner.id, username: owner.username, joinedAt: at('2026-10-01T12:00:00Z'), lastRead: null, notifiedThrough: null },
          {
            userId: ana.id,
            username: ana.username,
            joinedAt: at('2026-10-02T12:00:00Z'),
            lastRead: { ms: 1_790_000_000_000, seq: 2 },
            notifiedThrough: null,
          },
          { userId: ben.id, username: ben.username, joinedAt: at('2026-10-03T12:00:00Z'), lastRead: null, notifiedThrough: null },
        ],
      });
    });

    it('counts an owner who is not listed among the members as one (as chat access does)', async () => {
      const [owner, ana] = [await world.addStudent(), await world.addStudent()];
      const room = await world.newGroup(
        'Owner apart',
        owner.id,
        at('2026-10-01T12:00:00Z'),
        [{ id: ana.id, joinedAt: at('2026-10-02T12:00:00Z') }],
        false,
      );
      const found = await world.state.readersOf(room, 'push');
      expect(found?.readers.map((r) => [r.userId, r.joinedAt])).toEqual([
        [owner.id, at('2026-10-01T12:00:00Z')],
        [ana.id, at('2026-10-02T12:00:00Z')],
      ]);
    });

    it("names a course's room by its code and lists its students in joining order", async () => {
      const [ana, ben] = [await world.addStudent(), await world.addStudent()];
      const room = await world.newCourse('COP9901', [
        { id: ben.id, joinedAt: at('2026-09-01T12:00:00Z') },
        { id: ana.id, joinedAt: at('2026-09-02T12:00:00Z') },
      ]);
      const found = await world.state.readersOf(room, 'mail');
      expect(found).toMatchObject({ name: 'COP9901', url: `/course/${room.id}` });
      expect(found?.readers.map((r) => r.userId)).toEqual([ben.id, ana.id]);
    });

    it('moves a mark only forward, and keeps each channel apart', async () => {
      const [owner, ana] = [await world.addStudent(), await world.addStudent()];
      const room = await world.newGroup('Marks', owner.id, at('2026-10-01T12:00:00Z'), [
        { id: ana.id, joinedAt: at('2026-10-02T12:00:00Z') },
      ]);
      const mark = async (channel: 'push' | 'mail') =>
        (await world.state.readersOf(room, channel))?.readers.find((r) => r.userId === ana.id)?.notifiedThrough;
      await world.state.markNotified(ana.id, room, 'push', { ms: 2000, seq: 1 });
      await world.state.markNotified(ana.id, room, 'push', { ms: 1000, seq: 5 });
      expect(await mark('push')).toEqual({ ms: 2000, seq: 1 });
      await world.state.markNotified(ana.id, room, 'push', { ms: 2000, seq: 3 });
      expect(await mark('push')).toEqual({ ms: 2000, seq: 3 });
      expect(await mark('mail')).toBeNull();
      const owners = (await world.state.readersOf(room, 'push'))?.readers.find((r) => r.userId === owner.id);
      expect(owners?.notifiedThrough).toBeNull();
    });

    it('answers null for a room that is not there', async () => {
      expect(await world.state.readersOf({ kind: 'group', id: world.missingId }, 'push')).toBeNull();
      expect(await world.state.readersOf({ kind: 'course', id: world.missingId }, 'push')).toBeNull();
    });
  });
}
