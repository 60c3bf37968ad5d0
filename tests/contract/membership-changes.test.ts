// A join or a leave reaches the cached room access of every app server and wakes
// the student's waiting polls there: in one process directly, across
// processes through Redis pub/sub on each process's one subscriber connection.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { studentTopic } from '@application/ports/chat-signals';
import type { ChatRoomAccess, RoomAccess } from '@application/ports/chat-room-access';
import { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import { LocalMembershipChanges } from '@adapters/chat/local-membership-changes';
import { SignalHub } from '@adapters/chat/signal-hub';
import { RedisMembershipChanges } from '@adapters/redis/redis-membership-changes';
import { RedisSubscriber } from '@adapters/redis/redis-subscriber';
import type { ChatRoom } from '@domain/chat/chat-room';
import { UserId } from '@domain/ids';
import { killConnectionNamed } from '@tests/support/chat-fixtures';
import { hasRedis, useRedis } from '@tests/support/use-adapters';

/** The database both servers read: a set of "user:room" memberships. */
class SharedMemberships implements ChatRoomAccess {
  readonly members = new Set<string>();
  async check(userId: number, room: ChatRoom): Promise<RoomAccess> {
    return this.members.has(`${userId}:${room.kind}:${room.id}`) ? 'member' : 'not-member';
  }
}

const room: ChatRoom = { kind: 'group', id: 5 };
const WAIT = { timeoutMs: 10_000 };

describe('LocalMembershipChanges', () => {
  it('drops the cached membership at once and wakes the student’s waits', async () => {
    const db = new SharedMemberships();
    const cache = new CachedChatRoomAccess(db, 600_000);
    const hub = new SignalHub();
    db.members.add('1:group:5');
    expect(await cache.check(UserId(1), room)).toBe('member');
    db.members.delete('1:group:5');
    expect(await cache.check(UserId(1), room)).toBe('member'); // cached, as intended
    const waiting = hub.watch([studentTopic(UserId(1))]);
    const other = hub.watch([studentTopic(UserId(2))]);
    await new LocalMembershipChanges(cache, hub).left(UserId(1), room);
    expect(await cache.check(UserId(1), room)).toBe('not-member');
    expect(await waiting.next(WAIT)).toBe('signal');
    expect(await other.next({ timeoutMs: 1 })).toBe('timeout');
    waiting.close();
    other.close();
  });

  it('drops a remembered refusal at once when the student joins, and wakes their waits', async () => {
    const db = new SharedMemberships();
    const cache = new CachedChatRoomAccess(db, 600_000);
    const hub = new SignalHub();
    expect(await cache.check(UserId(1), room, { recent: true })).toBe('not-member');
    db.members.add('1:group:5');
    expect(await cache.check(UserId(1), room, { recent: true })).toBe('not-member'); // remembered, as intended
    const waiting = hub.watch([studentTopic(UserId(1))]);
    await new LocalMembershipChanges(cache, hub).joined(UserId(1), room);
    expect(await cache.check(UserId(1), room, { recent: true })).toBe('member');
    expect(await waiting.next(WAIT)).toBe('signal');
    waiting.close();
  });
});

describe.skipIf(!hasRedis())('RedisMembershipChanges', () => {
  const redis = useRedis();
  const subscribers: RedisSubscriber[] = [];
  afterAll(async () => {
    for (const subscriber of subscribers) await subscriber.stop();
  });

  it('drops the cached membership on every server, the announcing one at once, and wakes the student’s waits there', async () => {
    const { redis: client, prefix } = redis();
    const db = new SharedMemberships();
    const servers = [0, 1, 2].map(() => {
      const cache = new CachedChatRoomAccess(db, 600_000);
      const hub = new SignalHub();
      const subscriber = new RedisSubscriber(client);
      subscribers.push(subscriber);
      return { cache, hub, subscriber, changes: new RedisMembershipChanges(client, prefix, subscriber, cache, hub) };
    });
    for (const server of servers) await server.subscriber.start();

    db.members.add('9:group:5');
    db.members.add('8:group:5');
    for (const server of servers) expect(await server.cache.check(UserId(9), room)).toBe('member');
    for (const server of servers) expect(await server.cache.check(UserId(8), room)).toBe('member');
    db.members.delete('9:group:5');
    const waits = servers.map((server) => server.hub.watch([studentTopic(UserId(9))]));

    await servers[0].changes.left(UserId(9), room);
    expect(await servers[0].cache.check(UserId(9), room)).toBe('not-member');
    // The others hear it through Redis.
    for (const [i, server] of servers.entries()) {
      expect(await waits[i].next(WAIT)).toBe('signal');
      expect(await server.cache.check(UserId(9), room)).toBe('not-member');
      // Only that student and room are forgotten.
      expect(await server.cache.check(UserId(8), room)).toBe('member');
      waits[i].close();
    }
  });

  it('drops a remembered refusal on every server when the student joins on one', async () => {
    const { redis: client, prefix } = redis();
    const db = new SharedMemberships();
    const servers = [0, 1].map(() => {
      const cache = new CachedChatRoomAccess(db, 600_000);
      const subscriber = new RedisSubscriber(client);
      subscribers.push(subscriber);
      return { cache, subscriber, changes: new RedisMembershipChanges(client, prefix, subscriber, cache, new SignalHub()) };
    });
    for (const server of servers) await server.subscriber.start();
    for (const server of servers) expect(await server.cache.check(UserId(7), room, { recent: true })).toBe('not-member');
    db.members.add('7:group:5');
    expect(await servers[1].cache.check(UserId(7), room, { recent: true })).toBe('not-member'); // remembered, as intended
    await servers[0].changes.joined(UserId(7), room);
    expect(await servers[0].cache.check(UserId(7), room, { recent: true })).toBe('member');
    await vi.waitFor(async () => expect(await servers[1].cache.check(UserId(7), room, { recent: true })).toBe('member'), {
      timeout: 10_000,
      interval: 10,
    });
  });

  it('forgets every remembered membership when its subscriber reconnects (leaves may have been missed)', async () => {
    const { redis: client, prefix } = redis();
    const db = new SharedMemberships();
    const cache = new CachedChatRoomAccess(db, 600_000);
    const name = `${prefix.replace(/\W/g, '-')}reconnecting`;
    const subscriber = new RedisSubscriber(client, undefined, name);
    subscribers.push(subscriber);
    new RedisMembershipChanges(client, prefix, subscriber, cache, new SignalHub());
    await subscriber.start();
    db.members.add('4:group:5');
    expect(await cache.check(UserId(4), room)).toBe('member');
    db.members.delete('4:group:5');
    expect(await cache.check(UserId(4), room)).toBe('member');
    // Cut the subscriber's connection from the server side; ioredis reconnects.
    await killConnectionNamed(client, name);
    const answer = await vi.waitFor(
      async () => {
        const access = await cache.check(UserId(4), room);
        expect(access).toBe('not-member');
        return access;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(answer).toBe('not-member');
    await vi.waitFor(() => expect(subscriber.isLive).toBe(true), { timeout: 10_000, interval: 25 });
  });
});
