import type { Knex } from 'knex';
import { sectionEntry } from '@tests/support/catalog-entries';
import { describe } from 'vitest';
import { KnexReadMarkers } from '@adapters/postgres/knex-read-markers';
import type { ChatRoom } from '@domain/chat/chat-room';
import { UserId } from '@domain/ids';
import { InMemoryReadMarkers } from '@tests/fakes/in-memory-read-markers';
import { insertUser } from '@tests/support/chat-fixtures';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { readMarkersContract, type ReadMarkersWorld } from './read-markers.contract';
import { knexCatalog } from '@tests/support/catalog-store';

describe('InMemoryReadMarkers', () => {
  readMarkersContract(async () => {
    const markers = new InMemoryReadMarkers();
    let ids = 0;
    return {
      markers,
      addStudent: async () => UserId((ids += 1)),
      joinNewCourse: async (userId, joinedAt) => {
        const room: ChatRoom = { kind: 'course', id: (ids += 1) };
        markers.joinRoom(userId, room, joinedAt);
        return room;
      },
      newGroup: async (ownerId, memberIds, joinedAt) => {
        const room: ChatRoom = { kind: 'group', id: (ids += 1) };
        for (const userId of [ownerId, ...memberIds]) markers.joinRoom(userId, room, joinedAt);
        return room;
      },
      leave: async (userId, room) => markers.leaveRoom(userId, room),
    };
  });
});

let classNumber = 70_000;
const knexWorld = (db: () => Knex) => async (): Promise<ReadMarkersWorld> => {
  const newCourse = async (): Promise<number> => {
    classNumber += 1;
    // Through the catalog, which files each section under its course.
    await knexCatalog(db()).upsert([sectionEntry({ courseNumber: `COP${classNumber}`, name: 'Programming 1', classNumber })]);
    // The course's id: its room's (the section's course, one per test since each section is of a new course).
    const { course_group_id: id } = await db()('courses').where({ term: 'Fall 2025', class_number: classNumber }).first('course_group_id');
    return id as number;
  };
  return {
    markers: new KnexReadMarkers(db()),
    addStudent: async () => (await insertUser(db(), 'reader')).id,
    joinNewCourse: async (userId, joinedAt) => {
      const courseId = await newCourse();
      await db()('course_members').insert({ course_id: courseId, user_id: userId, joined_at: joinedAt });
      return { kind: 'course', id: courseId };
    },
    newGroup: async (ownerId, memberIds, joinedAt) => {
      const [{ id }] = await db()('study_groups')
        .insert({ course_id: await newCourse(), owner_id: ownerId, name: 'Exam prep', description: 'Problem sets', created_at: joinedAt })
        .returning('id');
      await db()('study_group_members').insert(
        [ownerId, ...memberIds].map((userId) => ({ study_group_id: id, user_id: userId, joined_at: joinedAt })),
      );
      return { kind: 'group', id };
    },
    leave: async (userId, room) => {
      if (room.kind === 'course') await db()('course_members').where({ course_id: room.id, user_id: userId }).delete();
      else await db()('study_group_members').where({ study_group_id: room.id, user_id: userId }).delete();
    },
  };
};

describe('KnexReadMarkers on PGlite', () => {
  readMarkersContract(knexWorld(usePglite()));
});

describe.skipIf(!hasPostgres())('KnexReadMarkers on Postgres', () => {
  readMarkersContract(knexWorld(usePostgres()));
});
