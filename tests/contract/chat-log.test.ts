import type { Knex } from 'knex';
import { describe } from 'vitest';
import { InMemoryChatLog } from '../fakes/in-memory-chat-log';
import { KnexChatArchive } from '../../adapters/postgres/knex-chat-archive';
import { KnexChatLog } from '../../adapters/postgres/knex-chat-log';
import { ARCHIVE_GROUP, ChatStreamKeys } from '../../adapters/redis/chat-stream-keys';
import { RedisChatArchiveProjector } from '../../adapters/redis/redis-chat-archive-projector';
import { RedisStreamChatLog } from '../../adapters/redis/redis-stream-chat-log';
import { insertUser, keysUnder } from '../support/chat-fixtures';
import { clearRedisPrefix } from '../support/test-services';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '../support/use-adapters';
import { chatLogContract, type ChatLogWorld } from './chat-log.contract';

// Nothing is volatile or separately archived in these two: the log is its own archive.
const durable = { settle: async () => {}, loseVolatileData: async () => {}, replayArchiving: async () => {} };

describe('InMemoryChatLog', () => {
  let users = 0;
  chatLogContract(async () => ({
    log: new InMemoryChatLog(),
    addUser: async (name) => ({ id: (users += 1), username: name }),
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
  const db = usePostgres();
  const redis = useRedis();
  chatLogContract(async () => {
    const { redis: client, prefix } = redis();
    const archive = new KnexChatArchive(db());
    const projector = new RedisChatArchiveProjector(client, prefix, archive, { retention: 5, consumer: 'contract' });
    const keys = new ChatStreamKeys(prefix);
    return {
      log: new RedisStreamChatLog(client, prefix, archive),
      addUser: (name) => insertUser(db(), name),
      settle: async () => void (await projector.drain()),
      loseVolatileData: () => clearRedisPrefix(prefix),
      replayArchiving: async () => {
        for (const key of await keysUnder(client, `${prefix}chat:room:*`)) {
          await client.xgroup('SETID', key, ARCHIVE_GROUP, '0');
          await client.sadd(keys.pendingRooms, key.slice(`${prefix}chat:room:`.length));
        }
      },
    };
  });
});
