// A departure reaches the cached room access of every app server: in one
// process directly, across processes through Redis pub/sub.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ChatRoomAccess, RoomAccess } from '../../application/ports/chat-room-access';
import { CachedChatRoomAccess } from '../../adapters/chat/cached-chat-room-access';
import { LocalMembershipChanges } from '../../adapters/chat/local-membership-changes';
import { RedisMembershipChanges } from '../../adapters/redis/redis-membership-changes';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { hasRedis, useRedis } from '../support/use-adapters';

/** The database both servers read: a set of "user:room" memberships. */
class SharedMemberships implements ChatRoomAccess {
  readonly members = new Set<string>();
  async check(userId: number, room: ChatRoom): Promise<RoomAccess> {
    return this.members.has(`${userId}:${room.kind}:${room.id}`) ? 'member' : 'not-member';
  }
}

const room: ChatRoom = { kind: 'group', id: 5 };

describe('LocalMembershipChanges', () => {
  it('drops the cached membership at once', async () => {
    const db = new SharedMemberships();
    const cache = new CachedChatRoomAccess(db, 600_000);
    db.members.add('1:group:5');
    expect(await cache.check(1, room)).toBe('member');
    db.members.delete('1:group:5');
    expect(await cache.check(1, room)).toBe('member'); // cached, as intended
    await new LocalMembershipChanges(cache).left(1, room);
    expect(await cache.check(1, room)).toBe('not-member');
  });
});

describe.skipIf(!hasRedis())('RedisMembershipChanges', () => {
  const redis = useRedis();
  const started: RedisMembershipChanges[] = [];
  afterAll(async () => {
    for (const changes of started) await changes.stop();
  });

  it('drops the cached membership on every server, the announcing one at once', async () => {
    const { redis: client, prefix } = redis();
    const db = new SharedMemberships();
    const servers = [0, 1, 2].map(() => {
      const cache = new CachedChatRoomAccess(db, 600_000);
      const changes = new RedisMembershipChanges(client, prefix, cache);
      started.push(changes);
      return { cache, changes };
    });
    for (const server of servers) await server.changes.start();

    db.members.add('9:group:5');
    db.members.add('8:group:5');
    for (const server of servers) expect(await server.cache.check(9, room)).toBe('member');
    for (const server of servers) expect(await server.cache.check(8, room)).toBe('member');
    db.members.delete('9:group:5');

    await servers[0].changes.left(9, room);
    expect(await servers[0].cache.check(9, room)).toBe('not-member');
    // The others hear it through Redis.
    for (const server of servers.slice(1)) {
      const answer = await vi.waitFor(
        async () => {
          const access = await server.cache.check(9, room);
          expect(access).not.toBe('member');
          return access;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(answer).toBe('not-member');
      // Only that student and room are forgotten.
      expect(await server.cache.check(8, room)).toBe('member');
    }
  });
});
