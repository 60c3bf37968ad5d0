// With Redis, a section room's stream may still hold entries the archive
// lacks when the upgrade of issue 24 merges the section rooms in Postgres.
// The projector's one-time step, before its first round, archives them and
// merges again, so the course room's history (the stream log reads past a
// stream from the archive) holds everything: entries whose ids collide
// across sections, a changed message whose state the migration already
// moved, read markers; the section streams and their dead letters are gone,
// the marker is set, two projectors starting at once do it once, a projector
// finding another at it waits, and a second run does nothing.
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKnex } from '@adapters/database/create-knex';
import { migrationSource } from '@adapters/database/migration-source';
import * as chatRepliesAndReactions from '@migrations/20261208000000_chat_replies_and_reactions';
import { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ChatArchiveQueue } from '@adapters/redis/chat-archive-queue';
import { ARCHIVE_GROUP, ChatStreamKeys, roomMember, streamFields, type StreamMessage } from '@adapters/redis/chat-stream-keys';
import { RedisChatArchiveProjector } from '@adapters/redis/redis-chat-archive-projector';
import { RedisStreamChatLog } from '@adapters/redis/redis-stream-chat-log';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId } from '@domain/chat/message-id';
import { UserId } from '@domain/ids';
import { insertUser } from '@tests/support/chat-fixtures';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

const MIGRATION = '20261130100000_course_chat_rooms';
// Before the upgrade.
const T = 1_763_000_000_000;
const id = (ms: number, seq: number) => `${ms}-${seq}`;

describe.skipIf(!hasRedis() || !hasPostgres())('section chat streams merged into course rooms by the projector', () => {
  const prefix = uniqueRedisPrefix();
  const keys = new ChatStreamKeys(prefix);
  let redis: Redis;
  let testDb: TestDatabase;
  let db: Knex;
  let archive: KnexChatArchive;
  let log: RedisStreamChatLog;
  const users = {
    alice: { id: 0, username: '' },
    bob: { id: 0, username: '' },
    carol: { id: 0, username: '' },
    dave: { id: 0, username: '' },
  };
  const section = { s1: 0, s2: 0, s3: 0 };
  const course = { K: 0, L: 0 };
  const room = (id: number): ChatRoom => ({ kind: 'course', id });
  const projector = (consumer: string) =>
    new RedisChatArchiveProjector(redis, prefix, archive, { retention: 100, consumer, idleDelayMs: 20 });
  let s3Posts: ChatMessage[] = [];
  let historyBeforeTheStep: string[] = [];
  let changeEvent = '';

  /** An entry as the append script writes it, at a chosen id (so two sections can share one), with the room's group and queue mark. */
  async function add(target: ChatRoom, ms: number, user: keyof typeof users, message: string): Promise<void> {
    const key = keys.stream(target);
    const fields: Omit<StreamMessage, 'id'> = { userId: users[user].id, username: users[user].username, message };
    await redis.xadd(key, id(ms, 0), ...streamFields(fields).map(String));
    await redis.xgroup('CREATE', key, ARCHIVE_GROUP, '0').catch(() => {});
    await new ChatArchiveQueue(redis, keys).mark(target, { ms, seq: 0 });
  }

  beforeAll(async () => {
    redis = new Redis(redisUrl());
    testDb = await createTestDatabase();
    db = createKnex({ kind: 'postgres', url: testDb.url });
    const before = (await migrationSource.getMigrations([])).filter((name) => name < MIGRATION);
    for (let i = 0; i < before.length; i++) await db.migrate.up({ migrationSource });
    // The archive code of today writes the reply columns of a later migration: an operator's upgrade runs
    // every migration before that code starts, so the old schema here gets them (and only them) first.
    await chatRepliesAndReactions.up(db);
    archive = new KnexChatArchive(db);
    log = new RedisStreamChatLog(redis, prefix, archive);
    for (const name of Object.keys(users) as (keyof typeof users)[]) users[name] = await insertUser(db, name);
    for (const [name, sections] of [
      ['K', ['s1', 's2']],
      ['L', ['s3']],
    ] as const) {
      const [group] = await db('catalog_courses')
        .insert({ term: 'Spring 2026', term_rank: 20261, course_number: `COP350${name === 'K' ? 2 : 3}`, name: `Course ${name}` })
        .returning('id');
      course[name] = group.id;
      for (const s of sections) {
        const [row] = await db('courses')
          .insert({
            term: 'Spring 2026',
            class_number: 20_000 + Object.values(section).filter(Boolean).length,
            course_number: `COP350${name === 'K' ? 2 : 3}`,
            name: `Course ${name}`,
            course_group_id: group.id,
          })
          .returning('id');
        section[s] = row.id;
      }
    }
    const s1 = room(section.s1);
    const s2 = room(section.s2);
    const s3 = room(section.s3);

    // Written and archived before the upgrade (the streams keep them: nothing is trimmed at 100).
    await add(s1, T, 'alice', 's1 first');
    await add(s1, T + 1, 'bob', 's1 typo');
    await add(s1, T + 40, 'dave', 's1 archived in the millisecond of s2’s changed message');
    await add(s2, T, 'carol', 's2 first');
    await projector('before-the-upgrade').drain();

    // Not archived yet when the upgrade comes.
    await add(s1, T + 50, 'alice', 's1 unarchived');
    await add(s2, T + 40, 'carol', 's2 as posted');
    await add(s2, T + 50, 'bob', 's2 unarchived');
    // A change made before changes archived their message: its state in Postgres, the message only in the stream.
    await db('chat_message_edits').insert({
      room_type: 'course',
      room_id: section.s2,
      target_ms: T + 40,
      target_seq: 0,
      message: 's2 edited, its state in Postgres',
      edited_at: new Date(T + 45),
      event_ms: T + 40,
      event_seq: 0,
      edit_count: 1,
    });
    // A change the way it is made now: its message archived, its own entry still in the stream.
    const typo: ChatMessage = {
      id: id(T + 1, 0),
      userId: UserId(users.bob.id),
      username: users.bob.username,
      message: 's1 typo',
      time: new Date(T + 1),
    };
    changeEvent = (await log.change(s1, { ...typo, message: 's1 fixed', editedAt: new Date() })).event!;
    s3Posts = [
      (await log.append(s3, { userId: UserId(users.dave.id), username: users.dave.username, message: 's3 one' })).message,
      (await log.append(s3, { userId: UserId(users.dave.id), username: users.dave.username, message: 's3 two' })).message,
    ];
    // An entry the archive refused, kept for an operator.
    await redis.xadd(
      keys.deadLetters(s1),
      '*',
      'id',
      id(T + 3, 0),
      'error',
      'SQLSTATE 22001: value too long',
      'attempts',
      '3',
      'field:m',
      'x',
    );
    await db('chat_read_markers').insert([
      { user_id: users.alice.id, room_type: 'course', room_id: section.s1, read_ms: T + 1, read_seq: 0 },
      { user_id: users.alice.id, room_type: 'course', room_id: section.s2, read_ms: T + 50, read_seq: 0 },
      { user_id: users.bob.id, room_type: 'course', room_id: section.s2, read_ms: T, read_seq: 0 },
    ]);

    await db.migrate.up({ migrationSource });
    historyBeforeTheStep = (await log.latest(room(course.K), 50)).map((m) => m.message);

    // Two app servers start at once; each projector runs the step before its first round.
    const [one, two] = [projector('one'), projector('two')];
    one.start();
    two.start();
    await vi.waitFor(async () => expect(await redis.exists(keys.sectionRoomsMerged)).toBe(1), { timeout: 20_000, interval: 50 });
    await Promise.all([one.stop(), two.stop()]);
  });

  afterAll(async () => {
    await clearRedisPrefix(prefix);
    redis?.disconnect();
    await db?.destroy();
    await testDb?.drop();
  });

  it('held only the archived part of the sections’ history in the course room before the step', () => {
    expect(historyBeforeTheStep).toEqual(['s1 first', 's2 first', 's1 fixed', 's1 archived in the millisecond of s2’s changed message']);
  });

  it('answers the course room’s whole history in time order through the stream log, each message once and in its current state', async () => {
    const latest = await log.latest(room(course.K), 50);
    expect(latest.map((m) => [m.id, m.userId, m.message, m.editedAt !== undefined])).toEqual([
      [id(T, 0), users.alice.id, 's1 first', false],
      // s2's T-0 was s1's.
      [id(T, 1), users.carol.id, 's2 first', false],
      [id(T + 1, 0), users.bob.id, 's1 fixed', true],
      [id(T + 40, 0), users.dave.id, 's1 archived in the millisecond of s2’s changed message', false],
      // Where the migration put its state, with its state's text.
      [id(T + 40, 1), users.carol.id, 's2 edited, its state in Postgres', true],
      // Alice's marker held s2's T+50-0 for it; s1's, archived later, comes after.
      [id(T + 50, 0), users.bob.id, 's2 unarchived', false],
      [id(T + 50, 1), users.alice.id, 's1 unarchived', false],
    ]);
    expect((await log.before(room(course.K), { ms: T + 50, seq: 1 }, 3)).map((m) => m.id)).toEqual([
      id(T + 40, 0),
      id(T + 40, 1),
      id(T + 50, 0),
    ]);
    expect((await log.before(room(course.K), { ms: T + 1, seq: 0 }, 5)).map((m) => m.message)).toEqual(['s1 first', 's2 first']);
    // A poll from the start: each changed message once, at its latest change.
    const polled = await log.after(room(course.K), { ms: 0, seq: 0 }, 50);
    expect(polled.filter((m) => m.event).map((m) => [m.id, m.event])).toEqual([
      [id(T + 40, 1), id(T + 40, 1)],
      [id(T + 1, 0), changeEvent],
    ]);
    expect(polled.filter((m) => !m.event)).toHaveLength(5);
    expect((await log.latest(room(course.L), 50)).map((m) => [m.id, m.message])).toEqual(s3Posts.map((m) => [m.id, m.message]));
  });

  it('leaves nothing under a section’s id, in Postgres or Redis, and keeps each student’s latest marker', async () => {
    const sections = Object.values(section);
    for (const table of ['chat_messages', 'chat_message_edits', 'chat_read_markers'])
      expect(Number((await db(table).where({ room_type: 'course' }).whereIn('room_id', sections).count({ n: '*' }))[0].n), table).toBe(0);
    for (const s of sections) {
      expect(await redis.exists(keys.stream(room(s)), keys.deadLetters(room(s))), `section ${s}`).toBe(0);
      expect(await redis.zscore(keys.archiveQueue, roomMember(room(s)))).toBeNull();
    }
    // The section's dead letter is the course room's now, with where it came from.
    const dead = await redis.xrange(keys.deadLetters(room(course.K)), '-', '+');
    expect(dead.map(([, fields]) => fields)).toEqual([
      [
        'id',
        id(T + 3, 0),
        'error',
        'SQLSTATE 22001: value too long',
        'attempts',
        '3',
        'field:m',
        'x',
        'section',
        roomMember(room(section.s1)),
      ],
    ]);
    const markers = await db('chat_read_markers')
      .where({ room_type: 'course', room_id: course.K })
      .orderBy('user_id')
      .select('user_id', 'read_ms', 'read_seq');
    expect(markers.map((m) => [m.user_id, id(Number(m.read_ms), m.read_seq)])).toEqual([
      [users.alice.id, id(T + 50, 0)],
      [users.bob.id, id(T, 1)],
    ]);
    expect(await redis.exists(keys.sectionMergeLock)).toBe(0);
  });

  it('does nothing the second time', async () => {
    const snapshot = async () => ({
      messages: await db('chat_messages').orderBy('id').select('*'),
      edits: await db('chat_message_edits').orderBy(['room_id', 'target_ms', 'target_seq']).select('*'),
      markers: await db('chat_read_markers').orderBy(['user_id', 'room_id']).select('*'),
    });
    const before = await snapshot();
    expect(await projector('again').mergeSectionRooms()).toEqual({ streams: 0, stored: 0, deadLetters: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('holds a projector’s rounds while another server merges, then merges itself once the other is gone', async () => {
    // Another deployment of the same database (its own prefix): its lock is held by a server that died mid-step.
    const otherPrefix = uniqueRedisPrefix();
    const other = new ChatStreamKeys(otherPrefix);
    try {
      await redis.set(other.sectionMergeLock, 'a server that died', 'PX', 1_500);
      const s3 = room(section.s3);
      const late = new RedisStreamChatLog(redis, otherPrefix, archive);
      const posted = (await late.append(s3, { userId: UserId(users.dave.id), username: users.dave.username, message: 's3 late' })).message;
      const waiting = new RedisChatArchiveProjector(redis, otherPrefix, archive, { retention: 100, consumer: 'waiting', idleDelayMs: 20 });
      waiting.start();
      await new Promise((resolve) => setTimeout(resolve, 500));
      // No round ran: the section entry is neither archived under the section nor merged.
      expect(await redis.exists(other.sectionRoomsMerged)).toBe(0);
      expect(await archive.find(s3, parseMessageId(posted.id)!)).toBeNull();
      await vi.waitFor(async () => expect(await redis.exists(other.sectionRoomsMerged)).toBe(1), { timeout: 10_000, interval: 50 });
      await waiting.stop();
      expect(await redis.exists(other.stream(s3))).toBe(0);
      expect((await log.latest(room(course.L), 50)).map((m) => m.message)).toEqual(['s3 one', 's3 two', 's3 late']);
      expect((await archive.latest(room(course.L), 1)).map((m) => m.id)).toEqual([posted.id]);
    } finally {
      await clearRedisPrefix(otherPrefix);
    }
  });
});
