// The archive projector against what it cannot store: entries Postgres
// refuses (data errors), malformed entries, an unreachable Postgres, a failed
// acknowledgement, and the consumers that projector restarts leave behind.
// Bad entries are written straight into the streams with XADD, bypassing the
// HTTP edge and the ChatLog, because the projector must cope with whatever a
// stream holds. Over 300 lines: every case shares the FlakyArchive and parts() fixtures.
// A suite run on one Redis server (redis-chat-projector-faults.test.ts) and on
// a Redis Cluster (redis-cluster.test.ts).
import knex, { type Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppMetrics } from '@adapters/observability/app-metrics';
import type { ArchivedEntry } from '@adapters/postgres/chat-archive-entries';
import { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ChatArchiveQueue } from '@adapters/redis/chat-archive-queue';
import { ARCHIVE_GROUP, ChatStreamKeys } from '@adapters/redis/chat-stream-keys';
import { RedisChatArchiveProjector, type ProjectorOptions } from '@adapters/redis/redis-chat-archive-projector';
import { RedisStreamChatLog } from '@adapters/redis/redis-stream-chat-log';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';
import { insertUser } from '@tests/support/chat-fixtures';
import { afterTimePasses } from '@tests/support/test-clock';
import type { RedisConnection } from '@adapters/redis/redis-client';

/**
 * The real archive, except that its next `outages` store calls (those the
 * `during` test picks, every one by default) go to a Postgres that is not
 * there, so they fail as an outage really fails (ECONNREFUSED from pg).
 */
class FlakyArchive extends KnexChatArchive {
  outages = 0;
  during: (entries: ArchivedEntry[]) => boolean = () => true;
  beforeStore: (() => Promise<void>) | null = null;

  constructor(
    db: Knex,
    private readonly unreachable: Knex,
  ) {
    super(db);
  }

  override async store(entries: ArchivedEntry[], db?: Knex): Promise<number> {
    await this.beforeStore?.();
    if (this.outages > 0 && this.during(entries)) {
      this.outages -= 1;
      return super.store(entries, this.unreachable);
    }
    return super.store(entries, db);
  }
}

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const ERROR_LEVEL = 50;

/** A stream entry's field list as an object (the dead-letter entries are read this way). */
function fieldsOf(fields: string[]): Record<string, string> {
  const object: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) object[fields[i]] = fields[i + 1];
  return object;
}

export function redisChatProjectorFaultsSuite(db: () => Knex, redis: () => { redis: RedisConnection; prefix: string }): void {
  let author: { id: UserId; username: string };
  let unreachable: Knex;
  let roomId = 0;
  const room = (): ChatRoom => ({ kind: 'course', id: (roomId += 1) });

  beforeAll(async () => {
    author = await insertUser(db(), 'poster');
    // Port 1: nothing listens there, so every connection is refused at once.
    unreachable = knex({
      client: 'pg',
      connection: 'postgres://postgres@127.0.0.1:1/postgres',
      pool: { min: 0, max: 1 },
      log: { warn: () => {}, error: () => {}, debug: () => {}, deprecate: () => {} },
    });
  });

  afterAll(async () => {
    await unreachable?.destroy();
  });

  let tests = 0;

  function parts(options: Partial<ProjectorOptions> = {}) {
    // A prefix of each test's own under the file's (cleared with it), so a
    // room one test leaves wedged cannot fail the next test's projector.
    const { redis: client, prefix: filePrefix } = redis();
    const prefix = `${filePrefix}t${(tests += 1)}:`;
    const archive = new FlakyArchive(db(), unreachable);
    const log = new RedisStreamChatLog(client, prefix, archive);
    const keys = new ChatStreamKeys(prefix);
    const logs: LogLine[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
    const projector = (consumer = 'faults') =>
      new RedisChatArchiveProjector(client, prefix, archive, { retention: 2, consumer, batchSize: 4, logger, ...options });

    const deadLetters = async (target: ChatRoom) =>
      (await client.xrange(keys.deadLetters(target), '-', '+')).map(([, fields]) => fieldsOf(fields));
    const pendingCount = async (target: ChatRoom) => ((await client.xpending(keys.stream(target), ARCHIVE_GROUP)) as [number])[0];
    const streamIds = async (target: ChatRoom) => (await client.xrange(keys.stream(target), '-', '+')).map(([id]) => id);
    const queue = new ChatArchiveQueue(client, keys);
    const isMarked = (target: ChatRoom) => queue.has(target);
    /** Writes an entry into the room's stream as a hostile client of Redis would. */
    const inject = (target: ChatRoom, ...fields: string[]) => client.xadd(keys.stream(target), '*', ...fields) as Promise<string>;

    return { client, archive, log, keys, logs, projector, deadLetters, pendingCount, streamIds, isMarked, inject };
  }

  async function post(log: RedisStreamChatLog, target: ChatRoom, count: number, label: string): Promise<ChatMessage[]> {
    const stored = [];
    for (let i = 0; i < count; i += 1) {
      stored.push((await log.append(target, { userId: author.id, username: author.username, message: `${label}${i}` })).message);
    }
    return stored;
  }

  /** What the archive holds for the room, read through the archive itself. */
  async function archived(archive: KnexChatArchive, target: ChatRoom): Promise<string[]> {
    return (await archive.latest(target, 1_000)).map((m) => m.message);
  }

  const texts = (messages: ChatMessage[]) => messages.map((m) => m.message);

  const poisons = [
    { kind: 'a NUL byte', text: 'see you\u0000 at Marston', userId: () => String(author.id), error: /unsupported Unicode escape sequence/ },
    { kind: 'a text longer than the archive column', text: 'x'.repeat(2_001), userId: () => String(author.id), error: /too long/ },
    { kind: 'a user id beyond the archive column', text: 'hello', userId: () => '99999999999', error: /out of range/ },
  ];

  it.each(poisons)(
    'moves an entry with $kind to the dead-letter stream, counts it, and archives everything around it, in its room and others',
    async (poison) => {
      const metrics = new AppMetrics();
      const { client, archive, log, keys, logs, projector, deadLetters, pendingCount, streamIds, isMarked, inject } = parts({ metrics });
      const target = room();
      const other = room();
      const early = await post(log, target, 3, 'early-');
      const otherEarly = await post(log, other, 2, 'other-early-');
      const poisonId = await inject(target, 'u', poison.userId(), 'n', author.username, 'm', poison.text);
      const late = await post(log, target, 3, 'late-');
      const otherLate = await post(log, other, 2, 'other-late-');

      await projector().drain();
      // The app's metrics count it.
      expect(await metrics.registry.getSingleMetricAsString('studyswamp_chat_dead_letters_total')).toMatch(
        /^studyswamp_chat_dead_letters_total 1$/m,
      );

      // Every good message is archived, and the room reads as one history without the bad one.
      expect(await archived(archive, target)).toEqual(texts([...early, ...late]));
      expect(await archived(archive, other)).toEqual(texts([...otherEarly, ...otherLate]));
      expect(await log.latest(target, 50)).toEqual([...early, ...late]);

      // The bad entry is kept, with its reason and its attempts, in the room's dead-letter stream.
      const dead = await deadLetters(target);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({
        id: poisonId,
        attempts: '3',
        'field:u': poison.userId(),
        'field:n': author.username,
        'field:m': poison.text,
      });
      expect(dead[0].error).toMatch(poison.error);
      expect(await deadLetters(other)).toEqual([]);
      expect(logs).toContainEqual(expect.objectContaining({ level: ERROR_LEVEL, room: `course:${target.id}`, entryId: poisonId }));

      // Nothing is left pending, trimming went past it to the retention, and the room is done.
      expect(await pendingCount(target)).toBe(0);
      expect(await streamIds(target)).toEqual(late.slice(-2).map((m) => m.id));
      expect(await isMarked(target)).toBe(false);
      expect(await client.xlen(keys.stream(other))).toBe(2);
    },
  );

  it('archives a lone surrogate as Redis holds it (U+FFFD), so it blocks nothing', async () => {
    const { archive, log, projector, deadLetters, pendingCount, isMarked, inject } = parts();
    const target = room();
    const early = await post(log, target, 2, 'early-');
    // Redis keeps bytes: the client sends the lone surrogate as UTF-8's replacement character.
    await inject(target, 'u', String(author.id), 'n', author.username, 'm', 'lone \ud800 surrogate');
    const late = await post(log, target, 2, 'late-');

    await projector().drain();

    expect(await archived(archive, target)).toEqual([...texts(early), 'lone \ufffd surrogate', ...texts(late)]);
    expect(await deadLetters(target)).toEqual([]);
    expect(await pendingCount(target)).toBe(0);
    expect(await isMarked(target)).toBe(false);
  });

  it('dead-letters malformed entries at once, logs them, and archives the rest', async () => {
    const { archive, log, logs, projector, deadLetters, pendingCount, streamIds, isMarked, inject } = parts({
      batchSize: 50,
      retention: 100,
    });
    const target = room();
    const early = await post(log, target, 2, 'early-');
    const malformed = [
      ['n', author.username, 'm', 'no author'],
      ['u', 'abc', 'n', author.username, 'm', 'a name for an id'],
      ['u', '0x10', 'n', author.username, 'm', 'a hexadecimal id'],
      ['u', String(author.id), 'n', author.username],
    ];
    const malformedIds = [];
    for (const fields of malformed) malformedIds.push(await inject(target, ...fields));
    const late = await post(log, target, 2, 'late-');

    // One round: no second chance is needed to know that these cannot be stored.
    await projector().projectOnce();
    const dead = await deadLetters(target);
    expect(dead.map((d) => d.id)).toEqual(malformedIds);
    for (const [i, entry] of dead.entries()) {
      expect(entry.error).toMatch(/malformed/);
      expect(entry.attempts).toBe('0');
      const original = fieldsOf(malformed[i]);
      for (const [name, value] of Object.entries(original)) expect(entry[`field:${name}`]).toBe(value);
    }
    for (const id of malformedIds) {
      expect(logs).toContainEqual(expect.objectContaining({ level: ERROR_LEVEL, room: `course:${target.id}`, entryId: id }));
    }
    expect(await archived(archive, target)).toEqual(texts([...early, ...late]));
    expect(await pendingCount(target)).toBe(0);
    // Moved, not copied: the room's stream (nothing trimmed at this retention) no longer holds them.
    expect(await streamIds(target)).toEqual([...early, ...late].map((m) => m.id));

    await projector().drain();
    expect(await isMarked(target)).toBe(false);
  });

  it('counts nothing against an entry while Postgres is unreachable, acknowledges nothing, and catches up afterwards', async () => {
    const { client, archive, log, keys, projector, deadLetters, pendingCount, inject } = parts();
    const target = room();
    const early = await post(log, target, 3, 'early-');
    const poisonId = await inject(target, 'u', String(author.id), 'n', author.username, 'm', 'nul \u0000 here');
    const late = await post(log, target, 3, 'late-');

    // More failed rounds than an entry has attempts: none of them is the entry's fault.
    archive.outages = 5;
    const p = projector();
    expect(p.oldestHeldAgeMs()).toBe(0);
    for (let round = 0; round < 5; round += 1) await expect(p.projectOnce()).rejects.toThrow(/ECONNREFUSED/);
    // Its lag (the metrics' chat_projector_lag_seconds) is the age of the oldest entry it holds: the first one posted.
    const firstPostedMs = Number(early[0].id.split('-')[0]);
    const heldAt = Date.now();
    expect(heldAt).toBeGreaterThan(firstPostedMs);
    expect(p.oldestHeldAgeMs()).toBeGreaterThanOrEqual(heldAt - firstPostedMs);
    expect(await deadLetters(target)).toEqual([]);
    expect(await archived(archive, target)).toEqual([]);
    expect(await pendingCount(target)).toBe(7);
    expect(await client.xlen(keys.stream(target))).toBe(7);

    await p.drain();
    expect(await archived(archive, target)).toEqual(texts([...early, ...late]));
    const dead = await deadLetters(target);
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ id: poisonId, attempts: '3' });
    expect(await pendingCount(target)).toBe(0);
    expect(p.oldestHeldAgeMs()).toBe(0);
  });

  it('does not count an outage that strikes while it singles out a bad entry', async () => {
    const { archive, log, projector, deadLetters, pendingCount, inject } = parts();
    const target = room();
    const early = await post(log, target, 3, 'early-');
    const poisonId = await inject(target, 'u', String(author.id), 'n', author.username, 'm', 'nul \u0000 here');
    const late = await post(log, target, 3, 'late-');

    // Postgres goes away exactly when the bad entry is tried on its own.
    archive.outages = 5;
    archive.during = (entries) => entries.length === 1 && entries[0].message.includes('\u0000');
    const p = projector();
    for (let round = 0; round < 5; round += 1) await expect(p.projectOnce()).rejects.toThrow(/ECONNREFUSED/);
    expect(await deadLetters(target)).toEqual([]);
    expect(await pendingCount(target)).toBeGreaterThan(0);

    await p.drain();
    expect(await archived(archive, target)).toEqual(texts([...early, ...late]));
    expect(await deadLetters(target)).toEqual([expect.objectContaining({ id: poisonId, attempts: '3' })]);
    expect(await pendingCount(target)).toBe(0);
  });

  it('fails the round when an acknowledgement fails, rather than carrying on as if it worked', async () => {
    const { client, archive, log, keys, projector } = parts();
    const target = room();
    await post(log, target, 2, 'm');
    // Between the read and the XACK the room's key stops being a stream, so XACK answers WRONGTYPE.
    archive.beforeStore = async () => {
      archive.beforeStore = null;
      await client.del(keys.stream(target));
      await client.set(keys.stream(target), 'not a stream');
    };
    await expect(projector().projectOnce()).rejects.toThrow(/WRONGTYPE/);
    await client.del(keys.stream(target));
    await client.zrem(keys.archiveQueue, `course:${target.id}`);
  });

  it('removes the consumers that restarts left behind, but never one with pending entries', async () => {
    const claimIdleMs = 1_000;
    const { client, archive, log, keys, projector } = parts({ claimIdleMs });
    const target = room();
    const key = keys.stream(target);
    const stored = await post(log, target, 3, 'm');
    const consumerInfo = async () => ((await client.call('XINFO', 'CONSUMERS', key, ARCHIVE_GROUP)) as string[][]).map(fieldsOf);
    const consumers = async () => (await consumerInfo()).map((c) => c.name).sort();

    // Two projectors that exited cleanly, and one that read two entries and crashed.
    await client.xgroup('CREATECONSUMER', key, ARCHIVE_GROUP, 'exited-1');
    await client.xgroup('CREATECONSUMER', key, ARCHIVE_GROUP, 'exited-2');
    await client.xreadgroup('GROUP', ARCHIVE_GROUP, 'crashed', 'COUNT', 2, 'STREAMS', key, '>');
    // Idle times are kept on Redis's clock, which no test can move: wait until Redis says the three consumers and
    // the crashed one's entries have been idle past claimIdleMs. claimIdleMs stays a second because "just-started"
    // must not be that idle before the second pass below.
    await afterTimePasses(null, claimIdleMs, async () => {
      const idle = Object.fromEntries((await consumerInfo()).map((c) => [c.name, Number(c.idle)]));
      for (const name of ['exited-1', 'exited-2', 'crashed']) expect(idle[name], name).toBeGreaterThan(claimIdleMs);
      expect(await client.xpending(key, ARCHIVE_GROUP, 'IDLE', claimIdleMs, '-', '+', 10)).toHaveLength(2);
    });
    await client.xgroup('CREATECONSUMER', key, ARCHIVE_GROUP, 'just-started');

    await projector('survivor').projectOnce();
    // "crashed" still had its entries when it was looked at: it stays, and its entries are claimed and archived.
    expect(await consumers()).toEqual(['crashed', 'just-started', 'survivor']);
    expect(await archived(archive, target)).toEqual(texts(stored));

    // The next recovery pass (a new projector starts with one) finds it with nothing pending.
    await post(log, target, 1, 'later-');
    await projector('survivor').projectOnce();
    expect(await consumers()).toEqual(['just-started', 'survivor']);
  });
}
