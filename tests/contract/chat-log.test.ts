import type { Knex } from 'knex';
import { describe } from 'vitest';
import { UserId } from '@domain/ids';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { KnexChatLog } from '@adapters/postgres/knex-chat-log';
import { insertUser } from '@tests/support/chat-fixtures';
import { redisChatLogWorld } from '@tests/support/redis-worlds';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '@tests/support/use-adapters';
import { chatLogContract, type ChatLogWorld } from './chat-log.contract';

// Nothing is volatile or separately archived in these two: the log is its own archive.
const durable = { settle: async () => {}, loseVolatileData: async () => {}, replayArchiving: async () => {} };

describe('InMemoryChatLog', () => {
  let users = 0;
  chatLogContract(async () => ({
    log: new InMemoryChatLog(),
    addUser: async (name) => ({ id: UserId((users += 1)), username: name }),
    ...durable,
  }));
});

const knexWorld = (db: () => Knex) => async (): Promise<ChatLogWorld> => ({
  log: new KnexChatLog(db()),
  addUser: (name) => insertUser(db(), name),
  ...durable,
});

describe('KnexChatLog on PGlite', () => {
  chatLogContract(knexWorld(usePglite()));
});

describe.skipIf(!hasPostgres())('KnexChatLog on Postgres', () => {
  chatLogContract(knexWorld(usePostgres()));
});

describe.skipIf(!hasRedis() || !hasPostgres())('RedisStreamChatLog with its Postgres archive (streams trimmed to 5)', () => {
  chatLogContract(redisChatLogWorld(usePostgres(), useRedis()));
});
