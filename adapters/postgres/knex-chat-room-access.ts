// Room access in one query: does the course (or group) exist, and is the
// student in it? Checks of one room made at the same moment share one query
// (a message wakes a room's hundred waiters, and those whose membership the
// cache no longer holds all ask at once).
import type { Knex } from 'knex';
import type { ChatRoomAccess, RoomAccess } from '@application/ports/chat-room-access';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';

interface Asker {
  resolve(access: RoomAccess): void;
  reject(error: unknown): void;
}

interface Batch {
  room: ChatRoom;
  askers: Map<number, Asker[]>;
}

export class KnexChatRoomAccess implements ChatRoomAccess {
  private readonly batches = new Map<string, Batch>();

  constructor(private readonly db: Knex) {}

  check(userId: UserId, room: ChatRoom): Promise<RoomAccess> {
    const key = `${room.kind}:${room.id}`;
    let batch = this.batches.get(key);
    if (!batch) {
      const fresh: Batch = { room, askers: new Map() };
      this.batches.set(key, fresh);
      // After this turn's I/O: the checks it brought join the batch.
      setImmediate(() => {
        this.batches.delete(key);
        void this.answer(fresh);
      });
      batch = fresh;
    }
    const askers = batch.askers;
    return new Promise((resolve, reject) => {
      const list = askers.get(userId) ?? [];
      list.push({ resolve, reject });
      askers.set(userId, list);
    });
  }

  private async answer({ room, askers }: Batch): Promise<void> {
    try {
      const members = await this.members(room, [...askers.keys()]);
      for (const [userId, list] of askers) {
        const access: RoomAccess = members === null ? 'no-room' : members.has(userId) ? 'member' : 'not-member';
        for (const asker of list) asker.resolve(access);
      }
    } catch (error) {
      for (const list of askers.values()) for (const asker of list) asker.reject(error);
    }
  }

  /** Which of the students are in the room; null when there is no such room. */
  private async members(room: ChatRoom, userIds: number[]): Promise<Set<number> | null> {
    const users = `{${userIds.join(',')}}`;
    // The owner counts as a member whether or not the group feature also
    // lists them in study_group_members.
    const sql =
      room.kind === 'course'
        ? `select exists (select 1 from catalog_courses where id = ?) as room,
                  array(select user_id from course_members where course_id = ? and user_id = any(?::int[])) as members`
        : `select exists (select 1 from study_groups where id = ?) as room,
                  array(select user_id from study_group_members where study_group_id = ? and user_id = any(?::int[])
                        union select owner_id from study_groups where id = ? and owner_id = any(?::int[])) as members`;
    const bindings = room.kind === 'course' ? [room.id, room.id, users] : [room.id, room.id, users, room.id, users];
    const { rows } = await this.db.raw<{ rows: { room: boolean; members: number[] | string }[] }>(sql, bindings);
    if (!rows[0].room) return null;
    return new Set(parseIntArray(rows[0].members));
  }
}

/** An int[] as the driver hands it over: an array (pg), or its text form "{1,2}" where a driver leaves it as text. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
