import type { Knex } from 'knex';
import { describe } from 'vitest';
import { KnexRoomNotificationState } from '@adapters/postgres/knex-room-notification-state';
import type { ChatRoom } from '@domain/chat/chat-room';
import { UserId } from '@domain/ids';
import { InMemoryRoomNotificationState } from '@tests/fakes/in-memory-room-notification-state';
import { knexCatalog } from '@tests/support/catalog-store';
import { sectionEntry } from '@tests/support/catalog-entries';
import { insertUser } from '@tests/support/chat-fixtures';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { roomNotificationStateContract, type RoomNotificationStateWorld } from './room-notification-state.contract';

describe('InMemoryRoomNotificationState', () => {
  roomNotificationStateContract(async () => {
    const state = new InMemoryRoomNotificationState();
    let ids = 0;
    const usernames = new Map<number, string>();
    const readers = (members: { id: UserId; joinedAt: Date }[]) =>
      [...members]
        .sort((a, b) => +a.joinedAt - +b.joinedAt)
        .map((m) => ({ userId: m.id, username: usernames.get(m.id)!, joinedAt: m.joinedAt }));
    return {
      state,
      missingId: 999_999,
      addStudent: async () => {
        const id = UserId((ids += 1));
        usernames.set(id, `student${id}`);
        return { id, username: `student${id}` };
      },
      newCourse: async (code, members) => {
        const room: ChatRoom = { kind: 'course', id: (ids += 1) };
        state.addRoom(room, code, readers(members));
        return room;
      },
      newGroup: async (name, owner, madeAt, members) => {
        const room: ChatRoom = { kind: 'group', id: (ids += 1) };
        state.addRoom(room, name, readers([{ id: owner, joinedAt: madeAt }, ...members]));
        return room;
      },
      markRead: async (userId, room, id) => state.markRead(userId, room, id),
    };
  });
});

let classNumber = 80_000;
const knexWorld = (db: () => Knex) => async (): Promise<RoomNotificationStateWorld> => {
  const newCourse = async (code: string): Promise<number> => {
    classNumber += 1;
    await knexCatalog(db()).upsert([sectionEntry({ courseNumber: code, name: `Course ${classNumber}`, classNumber })]);
    const { course_group_id: id } = await db()('courses').where({ term: 'Fall 2025', class_number: classNumber }).first('course_group_id');
    return id as number;
  };
  return {
    state: new KnexRoomNotificationState(db()),
    missingId: 999_999,
    addStudent: async () => insertUser(db(), 'notified'),
    newCourse: async (code, members) => {
      const courseId = await newCourse(code);
      for (const m of members) await db()('course_members').insert({ course_id: courseId, user_id: m.id, joined_at: m.joinedAt });
      return { kind: 'course', id: courseId };
    },
    newGroup: async (name, owner, madeAt, members, ownerListed = true) => {
      const [{ id }] = await db()('study_groups')
        .insert({ course_id: await newCourse(`GRP${classNumber}`), owner_id: owner, name, description: 'x', created_at: madeAt })
        .returning('id');
      const rows = [...(ownerListed ? [{ id: owner, joinedAt: madeAt }] : []), ...members];
      for (const m of rows) await db()('study_group_members').insert({ study_group_id: id, user_id: m.id, joined_at: m.joinedAt });
      return { kind: 'group', id };
    },
    markRead: async (userId, room, id) => {
      await db()('chat_read_markers').insert({
        user_id: userId,
        room_type: room.kind,
        room_id: room.id,
        read_ms: id.ms,
        read_seq: id.seq,
        updated_at: new Date(),
      });
    },
  };
};

describe('KnexRoomNotificationState on PGlite', () => {
  roomNotificationStateContract(knexWorld(usePglite()));
});

describe.skipIf(!hasPostgres())('KnexRoomNotificationState on Postgres', () => {
  roomNotificationStateContract(knexWorld(usePostgres()));
});
