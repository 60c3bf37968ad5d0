import type { Knex } from 'knex';
import { describe } from 'vitest';
import { StudyGroupId } from '@domain/ids';
import { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import { InMemoryChatRoomAccess } from '@tests/fakes/in-memory-chat-room-access';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { LocalMembershipChanges } from '@adapters/chat/local-membership-changes';
import { SignalHub } from '@adapters/chat/signal-hub';
import { NoOpMembershipChanges } from '@tests/fakes/no-op-membership-changes';
import { KnexChatRoomAccess } from '@adapters/postgres/knex-chat-room-access';
import { KnexCourseMembership } from '@adapters/postgres/knex-course-membership';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { chatRoomAccessContract, type RoomAccessWorld } from './chat-room-access.contract';
import { knexCatalog } from '@tests/support/catalog-store';

function inMemoryWorld(cached: boolean): RoomAccessWorld {
  const catalog = new InMemoryCourseCatalog();
  const users = new InMemoryUserRepository();
  const membership = new InMemoryCourseMembership(catalog, users);
  const store = new InMemoryChatRoomAccess(catalog, membership);
  let groups = 0;
  const cache = new CachedChatRoomAccess(store, 60_000);
  return {
    access: cached ? cache : store,
    changes: cached ? new LocalMembershipChanges(cache, new SignalHub()) : new NoOpMembershipChanges(),
    catalog,
    membership,
    users,
    addGroup: async (_courseId, ownerId) => {
      groups += 1;
      store.addGroup(groups, ownerId);
      return StudyGroupId(groups);
    },
    joinGroup: async (groupId, userId) => store.joinGroup(groupId, userId),
    leaveGroup: async (groupId, userId) => store.leaveGroup(groupId, userId),
  };
}

function knexWorld(db: Knex, cached: boolean): RoomAccessWorld {
  const store = new KnexChatRoomAccess(db);
  const cache = new CachedChatRoomAccess(store, 60_000);
  return {
    access: cached ? cache : store,
    changes: cached ? new LocalMembershipChanges(cache, new SignalHub()) : new NoOpMembershipChanges(),
    catalog: knexCatalog(db),
    membership: new KnexCourseMembership(db),
    users: new KnexUserRepository(db),
    addGroup: (courseId, ownerId) => insertStudyGroup(db, courseId, ownerId),
    joinGroup: async (groupId, userId) => void (await db('study_group_members').insert({ study_group_id: groupId, user_id: userId })),
    leaveGroup: async (groupId, userId) =>
      void (await db('study_group_members').where({ study_group_id: groupId, user_id: userId }).delete()),
  };
}

describe('InMemoryChatRoomAccess', () => {
  chatRoomAccessContract(async () => inMemoryWorld(false));
});

describe('CachedChatRoomAccess over the in-memory one, told of leaves', () => {
  chatRoomAccessContract(async () => inMemoryWorld(true));
});

describe('KnexChatRoomAccess on PGlite, plain and cached', () => {
  const db = usePglite();
  chatRoomAccessContract(async () => knexWorld(db(), false));
  chatRoomAccessContract(async () => knexWorld(db(), true));
});

describe.skipIf(!hasPostgres())('KnexChatRoomAccess on Postgres, plain and cached', () => {
  const db = usePostgres();
  chatRoomAccessContract(async () => knexWorld(db(), false));
  chatRoomAccessContract(async () => knexWorld(db(), true));
});
