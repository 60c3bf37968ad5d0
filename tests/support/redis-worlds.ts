// The Redis adapters' contract worlds, built the same way on one Redis server
// and on a Redis Cluster (tests/contract/redis-cluster.test.ts): the stream
// chat log with its archive and projector, and the chat signals of two app servers.
import type { Knex } from 'knex';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ARCHIVE_GROUP, ChatStreamKeys } from '@adapters/redis/chat-stream-keys';
import { RedisChatArchiveProjector } from '@adapters/redis/redis-chat-archive-projector';
import { RedisChatSignals } from '@adapters/redis/redis-chat-signals';
import type { RedisConnection } from '@adapters/redis/redis-client';
import { RedisStreamChatLog } from '@adapters/redis/redis-stream-chat-log';
import { RedisSubscriber } from '@adapters/redis/redis-subscriber';
import type { ChatLogWorld } from '@tests/contract/chat-log.contract';
import type { ChatSignalsWorld, SignalsServer } from '@tests/contract/chat-signals.contract';
import { insertUser, keysUnder } from './chat-fixtures';

export type RedisHandle = () => { redis: RedisConnection; prefix: string };

/** Deletes every key under the prefix, on every node of a cluster. */
export async function deleteKeysUnder(redis: RedisConnection, prefix: string): Promise<void> {
  // One key a command: on a cluster the keys live in different slots.
  for (const key of await keysUnder(redis, `${prefix}*`)) await redis.del(key);
}

/** RedisStreamChatLog with its Postgres archive, streams trimmed to 5. */
export function redisChatLogWorld(db: () => Knex, redis: RedisHandle) {
  return async (): Promise<ChatLogWorld> => {
    const { redis: client, prefix } = redis();
    const archive = new KnexChatArchive(db());
    const projector = new RedisChatArchiveProjector(client, prefix, archive, { retention: 5, consumer: 'contract' });
    const keys = new ChatStreamKeys(prefix);
    return {
      log: new RedisStreamChatLog(client, prefix, archive),
      addUser: (name) => insertUser(db(), name),
      settle: async () => void (await projector.drain()),
      loseVolatileData: () => deleteKeysUnder(client, prefix),
      replayArchiving: async () => {
        for (const key of await keysUnder(client, keys.streamPattern)) await client.xgroup('SETID', key, ARCHIVE_GROUP, '0');
        // Every stream now has undelivered entries: the rescan queues their rooms.
        await projector.rescan();
      },
    };
  };
}

/** Two app servers' RedisChatSignals, each with its one subscriber. */
export function redisSignalsWorld(redis: RedisHandle) {
  return async (): Promise<ChatSignalsWorld> => {
    const { redis: client, prefix } = redis();
    const subscribers: RedisSubscriber[] = [];
    const server = (): SignalsServer => {
      const hub = new SignalHub();
      const newest = new RoomNewest();
      const subscriber = new RedisSubscriber(client);
      subscribers.push(subscriber);
      return { signals: new RedisChatSignals(client, prefix, subscriber, hub, newest), hub, newest };
    };
    const servers: [SignalsServer, SignalsServer] = [server(), server()];
    for (const subscriber of subscribers) await subscriber.start();
    return {
      servers,
      close: async () => {
        for (const subscriber of subscribers) await subscriber.stop();
      },
    };
  };
}

/** One process's signals (the embedded mode). */
export function localSignalsWorld() {
  return async (): Promise<ChatSignalsWorld> => {
    const hub = new SignalHub();
    const newest = new RoomNewest();
    const server: SignalsServer = { signals: new LocalChatSignals(hub, newest), hub, newest };
    return { servers: [server, server], close: async () => {} };
  };
}
