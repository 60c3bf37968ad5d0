import { type Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { renameLegacyChatKeys } from '@adapters/redis/chat-archive-queue';
import { ARCHIVE_GROUP, ChatStreamKeys } from '@adapters/redis/chat-stream-keys';
import { hasPostgres, hasRedis, usePostgres, useRedis } from '@tests/support/use-adapters';
import { redisChatProjectorSuite } from './redis-chat-projector.suite';

describe.skipIf(!hasRedis() || !hasPostgres())('Redis chat streams and the archive projector', () => {
  redisChatProjectorSuite(usePostgres(), useRedis());
});

describe.skipIf(!hasRedis())('streams written before the keys carried hash tags', () => {
  const redis = useRedis();

  it('take their new names at start, with their entries, group and dead letters, and nothing else moves', async () => {
    const { redis: client, prefix } = redis();
    const single = client as Redis;
    const keys = new ChatStreamKeys(prefix);
    await single.xadd(`${prefix}chat:room:course:7`, '*', 'u', '1', 'n', 'old', 'm', 'before the upgrade');
    await single.xgroup('CREATE', `${prefix}chat:room:course:7`, ARCHIVE_GROUP, '0');
    await single.xadd(`${prefix}chat:dead:course:7`, '*', 'id', '1-0');
    await single.sadd(`${prefix}chat:rooms-to-archive`, 'course:7');
    await single.set(`${prefix}chat:room:not-a-room`, 'left alone');

    expect(await renameLegacyChatKeys(client, keys, prefix)).toBe(1);
    expect(await single.exists(`${prefix}chat:room:course:7`, `${prefix}chat:dead:course:7`, `${prefix}chat:rooms-to-archive`)).toBe(0);
    const [[, fields]] = await single.xrange(keys.stream({ kind: 'course', id: 7 }), '-', '+');
    expect(fields).toEqual(['u', '1', 'n', 'old', 'm', 'before the upgrade']);
    expect(await single.xlen(keys.deadLetters({ kind: 'course', id: 7 }))).toBe(1);
    expect(await single.get(`${prefix}chat:room:not-a-room`)).toBe('left alone');
    // Idempotent.
    expect(await renameLegacyChatKeys(client, keys, prefix)).toBe(0);
  });
});
