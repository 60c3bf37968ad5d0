// The Redis side of the chat beyond the ChatLog contract: the archive
// projector's consumer group, crash recovery, trimming that never outruns the
// archive, and the idle poll that leaves Postgres alone. A suite run on one
// Redis server (redis-chat-projector.test.ts) and on a Redis Cluster
// (redis-cluster.test.ts).
import type { Knex } from 'knex';
import { beforeAll, expect, it, vi } from 'vitest';
import type { ArchivedEntry } from '@adapters/postgres/chat-archive-entries';
import { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ChatArchiveQueue } from '@adapters/redis/chat-archive-queue';
import { ARCHIVE_GROUP, archiveScore, ChatStreamKeys, streamFields, type StreamMessage } from '@adapters/redis/chat-stream-keys';
import { RedisChatArchiveProjector } from '@adapters/redis/redis-chat-archive-projector';
import { RedisStreamChatLog } from '@adapters/redis/redis-stream-chat-log';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, parseMessageId, type MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';
import { insertUser } from '@tests/support/chat-fixtures';
import type { RedisConnection } from '@adapters/redis/redis-client';

/** An archive that fails on demand, after writing part of its batch, and counts reads. */
class UnreliableArchive extends KnexChatArchive {
  failNext: 'none' | 'before-writing' | 'halfway' = 'none';
  reads = 0;
  /** Runs once, between the projector's read of the entries and their insert. */
  beforeNextStore: (() => Promise<void>) | null = null;

  override async store(entries: ArchivedEntry[], db?: Knex): Promise<number> {
    const before = this.beforeNextStore;
    this.beforeNextStore = null;
    await before?.();
    const failure = this.failNext;
    this.failNext = 'none';
    if (failure === 'before-writing') throw new Error('archive unavailable');
    if (failure === 'halfway') {
      await super.store(entries.slice(0, Math.floor(entries.length / 2)), db);
      throw new Error('projector died mid-batch');
    }
    return super.store(entries, db);
  }

  override async after(...args: Parameters<KnexChatArchive['after']>) {
    this.reads += 1;
    return super.after(...args);
  }

  override async newestId(...args: Parameters<KnexChatArchive['newestId']>) {
    this.reads += 1;
    return super.newestId(...args);
  }
}

export function redisChatProjectorSuite(db: () => Knex, redis: () => { redis: RedisConnection; prefix: string }): void {
  let author: { id: UserId; username: string };
  let roomId = 0;
  const room = (): ChatRoom => ({ kind: 'course', id: (roomId += 1) });

  beforeAll(async () => {
    author = await insertUser(db(), 'poster');
  });

  function parts(retention = 5) {
    const { redis: client, prefix } = redis();
    const archive = new UnreliableArchive(db());
    const log = new RedisStreamChatLog(client, prefix, archive);
    const projector = (consumer: string, claimIdleMs = 30_000) =>
      new RedisChatArchiveProjector(client, prefix, archive, { retention, consumer, claimIdleMs, batchSize: 4 });
    const keys = new ChatStreamKeys(prefix);
    const queue = new ChatArchiveQueue(client, keys);
    return { client, archive, log, projector, keys, queue };
  }

  async function post(log: RedisStreamChatLog, target: ChatRoom, count: number) {
    const stored = [];
    for (let i = 0; i < count; i += 1)
      stored.push((await log.append(target, { userId: author.id, username: author.username, message: `n${i}` })).message);
    return stored;
  }

  async function archivedTexts(target: ChatRoom): Promise<string[]> {
    const rows = await db()('chat_messages')
      .where({ room_type: target.kind, room_id: target.id })
      .orderBy(['stream_ms', 'stream_seq'])
      .select('message');
    return rows.map((r) => r.message);
  }

  const expected = (count: number) => Array.from({ length: count }, (_, i) => `n${i}`);

  it('archives every entry, then trims the stream to its retention', async () => {
    const { client, log, projector, keys, queue } = parts(5);
    const target = room();
    await post(log, target, 12);
    expect(await client.xlen(keys.stream(target))).toBe(12);
    await projector('p1').drain();
    expect(await archivedTexts(target)).toEqual(expected(12));
    expect(await client.xlen(keys.stream(target))).toBe(5);
    expect(await queue.has(target)).toBe(false);
  });

  it('never trims what the archive does not have yet', async () => {
    const { client, archive, log, projector, keys, queue } = parts(3);
    const target = room();
    await post(log, target, 10);
    const p = projector('p2');
    archive.failNext = 'before-writing';
    await expect(p.projectOnce()).rejects.toThrow('archive unavailable');
    expect(await archivedTexts(target)).toEqual([]);
    expect(await client.xlen(keys.stream(target))).toBe(10);
    // The entries it read are pending, so they are not lost; the room stays on the list.
    expect(((await client.xpending(keys.stream(target), ARCHIVE_GROUP)) as [number])[0]).toBe(4);
    expect(await queue.has(target)).toBe(true);

    // The same projector re-reads its own pending entries on its next round.
    await p.drain();
    expect(await archivedTexts(target)).toEqual(expected(10));
    expect(await client.xlen(keys.stream(target))).toBe(3);
  });

  it('loses nothing and duplicates nothing when a projector dies mid-stream and another takes over', async () => {
    const { client, archive, log, projector, keys } = parts(5);
    const target = room();
    await post(log, target, 15);
    const dying = projector('dies');
    await dying.projectOnce(); // n0-n3 archived and acknowledged
    archive.failNext = 'halfway';
    await expect(dying.projectOnce()).rejects.toThrow('mid-batch'); // n4-n5 written, n4-n7 left pending
    expect(await archivedTexts(target)).toEqual(expected(6));
    expect(((await client.xpending(keys.stream(target), ARCHIVE_GROUP)) as [number])[0]).toBe(4);

    // A projector on another server goes on meanwhile. The dead one's entries are
    // not idle long enough to claim, so it archives the newer ones and trims, but
    // keeps everything from the oldest pending entry on.
    const live = projector('live');
    for (let round = 0; round < 3; round += 1) await live.projectOnce();
    expect(await archivedTexts(target)).toEqual([...expected(6), 'n8', 'n9', 'n10', 'n11', 'n12', 'n13', 'n14']);
    expect(await client.xlen(keys.stream(target))).toBe(11);

    // Once they are idle long enough, a projector claims them (XAUTOCLAIM) and finishes.
    const successor = projector('successor', 0);
    await successor.drain();
    expect(await archivedTexts(target)).toEqual(expected(15));
    expect(((await client.xpending(keys.stream(target), ARCHIVE_GROUP)) as [number])[0]).toBe(0);
    expect(await client.xlen(keys.stream(target))).toBe(5);
  });

  it('archives a stream from its start when its consumer group is gone', async () => {
    const { client, log, projector, keys, queue } = parts(100);
    const target = room();
    await post(log, target, 3);
    await projector('p3').drain();
    await client.xgroup('DESTROY', keys.stream(target), ARCHIVE_GROUP);
    await post(log, target, 2);
    await projector('p3').drain();
    await projector('p3').drain();
    expect(await archivedTexts(target)).toEqual(['n0', 'n1', 'n2', 'n0', 'n1']);
    expect(await queue.has(target)).toBe(false);
  });

  it('answers the idle poll of an active room from Redis alone', async () => {
    const { archive, log, projector } = parts(100);
    const target = room();
    const stored = await post(log, target, 3);
    await projector('p4').drain();
    archive.reads = 0;
    for (let i = 0; i < 5; i += 1) expect(await log.after(target, parseMessageId(stored[2].id)!, 500)).toEqual([]);
    expect(await log.after(target, parseMessageId(stored[0].id)!, 500)).toEqual(stored.slice(1));
    expect(archive.reads).toBe(0);
  });

  it('asks the archive about a room without a stream at most once in a while', async () => {
    const { archive, log } = parts(100);
    const quiet = room();
    archive.reads = 0;
    for (let i = 0; i < 5; i += 1) expect(await log.after(quiet, { ms: 0, seq: 0 }, 500)).toEqual([]);
    expect(archive.reads).toBe(1);
  });

  it('finds a room whose mark was lost (its process died between the XADD and the mark) on its rescan', async () => {
    const { log, projector, keys, queue, client } = parts(100);
    const target = room();
    await post(log, target, 3);
    await client.zrem(keys.archiveQueue, `${target.kind}:${target.id}`);
    expect(await queue.has(target)).toBe(false);
    // A new projector rescans before its first round.
    await projector('rescanner').drain();
    expect(await archivedTexts(target)).toEqual(expected(3));
    expect(await queue.has(target)).toBe(false);
  });

  it('keeps a room queued when an entry is marked after what the projector settled', async () => {
    const { log, queue } = parts(100);
    const target = room();
    const [first, second] = await post(log, target, 2);
    const score = (id: string) => archiveScore(parseMessageId(id)!);
    // Settled up to the first entry while the second was marked: the room stays.
    expect(await queue.settle(target, score(first.id))).toBe(false);
    expect(await queue.has(target)).toBe(true);
    expect(await queue.settle(target, score(second.id))).toBe(true);
    expect(await queue.has(target)).toBe(false);
  });

  it('takes a changed message’s entry and its earlier change out of the stream in the change’s step', async () => {
    const { client, log, keys } = parts(100);
    const target = room();
    const [kept, changed] = await post(log, target, 2);
    const first = await log.change(target, { ...changed, message: 'quokka fix', editedAt: new Date() });
    const second = await log.change(target, { ...changed, message: 'final', editedAt: new Date() });
    const stream = (await client.xrange(keys.stream(target), '-', '+')) as [string, string[]][];
    expect(stream.map(([id]) => id)).toEqual([kept.id, second.event]);
    expect(JSON.stringify(stream)).not.toMatch(/quokka|n1/);
    expect(first.event).not.toBe(second.event);
  });

  it('archives an entry it read before a change with the message’s current text, never the text it read', async () => {
    const { archive, log, projector } = parts(100);
    const target = room();
    const [message] = await post(log, target, 1);
    const edited = await log.change(target, { ...message, message: 'narwhal', editedAt: new Date() });
    // The projector has read the message and its edit; before it writes them, the author edits again.
    archive.beforeNextStore = async () => void (await log.change(target, { ...message, message: 'final', editedAt: new Date() }));
    await projector('racer').drain();
    const rows = await db()('chat_messages').where({ room_type: target.kind, room_id: target.id }).select('message');
    expect(rows.map((r: { message: string }) => r.message)).toEqual(['final', 'final', 'final']);
    expect(edited.message).toBe('narwhal');
  });

  it('scrubs streams written before changes took their messages out, once, archiving the changed messages first', async () => {
    const { client, archive, log, projector, keys } = parts(100);
    await client.del(keys.changesScrubbed);
    const target = room();
    const stream = keys.stream(target);
    // As the earlier code wrote them: messages as posted, every change after them, and the state of each in Postgres.
    const add = async (fields: Omit<StreamMessage, 'id'>) =>
      parseMessageId((await client.xadd(stream, '*', ...streamFields(fields).map(String)))!)!;
    const base = { userId: author.id, username: author.username };
    const deletedId = await add({ ...base, message: 'quokka secret' });
    const editedId = await add({ ...base, message: 'narwhal typo' });
    const keptId = await add({ ...base, message: 'kept' });
    const edit = (text: string, at: number) => ({
      ...base,
      message: text,
      change: { kind: 'edit' as const, target: editedId, editedAt: new Date(at), deleted: false },
    });
    const firstEdit = await add(edit('axolotl fix', 1_000));
    const lastEdit = await add(edit('final fix', 2_000));
    const deletion = await add({ ...base, message: '', change: { kind: 'delete', target: deletedId, editedAt: null, deleted: true } });
    const state = (target_: MessageId, message: string, event: MessageId, deleted: boolean) => ({
      room_type: target.kind,
      room_id: target.id,
      target_ms: target_.ms,
      target_seq: target_.seq,
      message,
      edited_at: deleted ? null : new Date(2_000).toISOString(),
      deleted_at: deleted ? new Date().toISOString() : null,
      event_ms: event.ms,
      event_seq: event.seq,
      edit_count: deleted ? 0 : 2,
    });
    await db()('chat_message_edits').insert([state(deletedId, '', deletion, true), state(editedId, 'final fix', lastEdit, false)]);
    void firstEdit;

    // The projector scrubs when it starts, before its rounds.
    const p = projector('scrubber');
    p.start();
    await vi.waitFor(async () => expect(await client.exists(keys.changesScrubbed)).toBe(1), { timeout: 10_000, interval: 20 });
    await p.stop();
    const left = (await client.xrange(stream, '-', '+')) as [string, string[]][];
    expect(left.map(([id]) => id)).toEqual([keptId, lastEdit, deletion].map(formatMessageId));
    expect(JSON.stringify(left)).not.toMatch(/quokka|narwhal|axolotl/);
    // The changed messages are archived, with the text they have now; no row holds an earlier one.
    expect(await archive.find(target, deletedId)).toMatchObject({ message: '', deleted: true });
    expect(await archive.find(target, editedId)).toMatchObject({ message: 'final fix' });
    expect(JSON.stringify(await db()('chat_messages').where({ room_type: target.kind, room_id: target.id }).select('message'))).not.toMatch(
      /quokka|narwhal|axolotl/,
    );
    // Every read of the room agrees.
    expect(JSON.stringify([await log.latest(target, 50), await log.after(target, { ms: 0, seq: 0 }, 500)])).not.toMatch(
      /quokka|narwhal|axolotl/,
    );
    expect((await log.latest(target, 50)).map((m) => [m.message, m.deleted ?? false])).toEqual([
      ['', true],
      ['final fix', false],
      ['kept', false],
    ]);
    // Once is enough: the marker makes the next start skip it.
    expect(await p.scrubEarlierChanges()).toEqual({ streams: 0, removed: 0 });
  });
}
