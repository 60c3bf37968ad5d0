// Copies every chat stream entry into the Postgres archive through a Redis
// consumer group, acknowledging an entry only once its row is written, and
// trims each stream to its retention but never past what the archive holds.
// It visits only the rooms the append script marked, never scans every stream.
// Crash-safe: unacknowledged entries stay pending; a restarted projector
// re-reads its own (XREADGROUP from 0) and claims those of a dead one (XAUTOCLAIM).
// No single entry can stop it: one Postgres refuses for a reason of its own is
// singled out of its batch, tried again for a few rounds, then moved to its
// room's dead-letter stream; an outage only delays the round, and costs no entry
// an attempt.
// Over 300 lines: one class owns the consumer group's whole cycle (read, store,
// acknowledge, recover, dead-letter), which shares its attempt counts and scripts.
import os from 'node:os';
import type { Logger } from 'pino';
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId } from '@domain/chat/message-id';
import type { ArchivedEntry, KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ChatArchiveQueue } from './chat-archive-queue';
import { scrubEarlierChanges, type ChangeScrub } from './chat-change-scrub';
import {
  ARCHIVE_GROUP,
  ChatStreamKeys,
  defineScript,
  entriesByStream,
  LUA_ID_HELPERS,
  readStreamEntry,
  roomMember,
  roomStreamKeys,
  type StreamEntry,
} from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

// XINFO answers each group or consumer as a flat list of field, value, ...: as a table.
const LUA_FIELDS_OF = `
local function fields_of(reply)
  local fields = {}
  for i = 1, #reply, 2 do fields[reply[i]] = reply[i + 1] end
  return fields
end
`;

// A stream id as the archive queue's score (archiveScore in chat-stream-keys.ts).
const LUA_SCORE_OF = `
local function score_of(id)
  local ms, seq = parse_id(id)
  return ms * 1000 + math.min(seq, 999)
end
`;

// After a room's entries are archived: trim its stream to the retention, never
// past the oldest entry still pending (or, with none pending, past the last
// one delivered, which is then archived). Answers { trimmed, settled }:
// settled is the queue score up to which the room is archived when nothing is
// left to archive (the queue then drops the room unless a newer entry was
// marked since), else -1. For a stream that is gone, the score of this
// moment on this node's clock, which any later XADD here exceeds.
const SETTLE = `${LUA_ID_HELPERS}${LUA_FIELDS_OF}${LUA_SCORE_OF}
if redis.call('EXISTS', KEYS[1]) == 0 then
  local now = redis.call('TIME')
  return { 0, (tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)) * 1000 - 1 }
end
local ok, groups = pcall(redis.call, 'XINFO', 'GROUPS', KEYS[1])
if not ok then return { 0, -1 } end
local pending, delivered
for _, reply in ipairs(groups) do
  local group = fields_of(reply)
  if group['name'] == ARGV[1] then pending, delivered = group['pending'], group['last-delivered-id'] end
end
if not delivered then return { 0, -1 } end

local archived_upto = delivered
if pending > 0 then archived_upto = redis.call('XPENDING', KEYS[1], ARGV[1])[2] end

local trimmed = 0
local excess = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[2])
if excess > 0 then
  local take = math.min(excess, 10000)
  local head = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', take + 1)
  local keep_from = head[#head][1]
  if id_less(archived_upto, keep_from) then keep_from = archived_upto end
  trimmed = redis.call('XTRIM', KEYS[1], 'MINID', keep_from)
end

local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if pending == 0 and (#last == 0 or not id_less(delivered, last[1][1])) then
  return { trimmed, score_of(delivered) }
end
return { trimmed, -1 }
`;

// The rescan's question for one stream: does it hold an entry the archive
// lacks (none delivered yet, some pending, or the group missing)? Answers
// the queue score of its newest entry if so, else -1.
const NEEDS_ARCHIVING = `${LUA_ID_HELPERS}${LUA_FIELDS_OF}${LUA_SCORE_OF}
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return -1 end
local newest = score_of(last[1][1])
local ok, groups = pcall(redis.call, 'XINFO', 'GROUPS', KEYS[1])
if not ok then return newest end
for _, reply in ipairs(groups) do
  local group = fields_of(reply)
  if group['name'] == ARGV[1] then
    if group['pending'] > 0 or id_less(group['last-delivered-id'], last[1][1]) then return newest end
    return -1
  end
end
return newest
`;

// Forgets the consumers that restarted projectors left in a room's group
// (each process has its own name, so every restart adds one): those other
// than ours with nothing pending and idle longer than ARGV[3]. Checked and
// removed in one atomic step, because XGROUP DELCONSUMER drops the pending
// entries of the consumer it removes, which would then never be archived.
const PRUNE_CONSUMERS = `${LUA_FIELDS_OF}
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return {} end
local removed = {}
for _, reply in ipairs(consumers) do
  local consumer = fields_of(reply)
  if consumer['name'] ~= ARGV[2] and consumer['pending'] == 0 and consumer['idle'] > tonumber(ARGV[3]) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], consumer['name'])
    removed[#removed + 1] = consumer['name']
  end
end
return removed
`;

// Moves an entry to its room's dead-letter stream: the copy first, and only
// if it was written (an error stops the script) the acknowledgement and the
// removal from the room's stream, so the entry is never in neither place.
const DEAD_LETTER = `
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', unpack(ARGV, 4))
redis.call('XACK', KEYS[1], ARGV[1], ARGV[3])
redis.call('XDEL', KEYS[1], ARGV[3])
return 1
`;

/** Entries whose failed attempts one projector remembers at most (it forgets them all past this). */
const MAX_REMEMBERED_FAILURES = 10_000;

export interface ProjectorOptions {
  /** About how many entries each room's stream keeps (CHAT_STREAM_RETENTION). */
  retention: number;
  /** This projector's consumer name in the group; unique per process by default. */
  consumer?: string;
  /** Entries read per room per round. */
  batchSize?: number;
  /** Rooms visited per round. */
  roomsPerRound?: number;
  /** Pending entries idle this long belong to a dead projector and are claimed. */
  claimIdleMs?: number;
  /** Pause when a round found nothing to do. */
  idleDelayMs?: number;
  /** Rounds in which an entry may fail for a reason of its own (a data error) before it is dead-lettered. */
  maxAttempts?: number;
  /** About how many entries each room's dead-letter stream keeps (XADD MAXLEN ~). */
  deadLetterMaxLen?: number;
  /** How often every stream is checked for entries whose room is not queued (a post whose mark was lost). */
  rescanIntervalMs?: number;
  logger?: Logger;
  /** Where the archive's delay and its dead letters are counted (the app's metrics). */
  metrics?: ProjectorMetrics;
}

export interface ProjectorMetrics {
  /** Seconds between a message's posting and its archiving, per message. */
  chatArchived: { observe(seconds: number): void };
  chatDeadLetters: { inc(): void };
}

/** One stream entry the round handles. */
interface RoundEntry {
  room: ChatRoom;
  key: string;
  id: string;
  /** null: the entry was deleted from the stream while pending. */
  fields: string[] | null;
  /** Its archive row; null when it is not a chat message the append script would write. */
  row: ArchivedEntry | null;
}

type StorableEntry = RoundEntry & { row: ArchivedEntry };

interface Refusal {
  entry: StorableEntry;
  error: unknown;
}

export class RedisChatArchiveProjector {
  private readonly keys: ChatStreamKeys;
  private readonly queue: ChatArchiveQueue;
  private readonly settleScript;
  private readonly needsArchivingScript;
  private readonly rescanIntervalMs: number;
  private rescanAt = 0;
  private readonly consumer: string;
  private readonly batchSize: number;
  private readonly roomsPerRound: number;
  private readonly claimIdleMs: number;
  private readonly idleDelayMs: number;
  private readonly maxAttempts: number;
  private readonly deadLetterMaxLen: number;
  private readonly pruneScript;
  private readonly deadLetterScript;
  // Failed attempts per entry ("stream key id"). In memory: a pending entry is
  // re-read only by the consumer that holds it, so its count lives there; a
  // projector that restarts or claims it counts afresh, still a bounded number.
  private readonly attempts = new Map<string, number>();
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  // At start, after a failure or a refused entry, and every claimIdleMs: look at pending entries too.
  private recoverAt = 0;
  // The time (ms) of the oldest entry read and not yet archived; null when none is held.
  private holdingSince: number | null = null;
  private changesScrubbed = false;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly archive: KnexChatArchive,
    private readonly options: ProjectorOptions,
  ) {
    this.keys = new ChatStreamKeys(prefix);
    this.queue = new ChatArchiveQueue(redis, this.keys);
    this.settleScript = defineScript(redis, 'studySwampChatSettleStream', SETTLE, 1);
    this.needsArchivingScript = defineScript(redis, 'studySwampChatNeedsArchiving', NEEDS_ARCHIVING, 1);
    this.rescanIntervalMs = options.rescanIntervalMs ?? 300_000;
    this.consumer = options.consumer ?? `${os.hostname()}-${process.pid}`;
    this.batchSize = options.batchSize ?? 500;
    this.roomsPerRound = options.roomsPerRound ?? 50;
    this.claimIdleMs = options.claimIdleMs ?? 30_000;
    this.idleDelayMs = options.idleDelayMs ?? 200;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.deadLetterMaxLen = options.deadLetterMaxLen ?? 1_000;
    this.pruneScript = defineScript(redis, 'studySwampChatPruneConsumers', PRUNE_CONSUMERS, 1);
    this.deadLetterScript = defineScript(redis, 'studySwampChatDeadLetter', DEAD_LETTER, 2);
  }

  /** Runs rounds in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop();
  }

  /** Finishes the round in progress (its rows written and acknowledged), then returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.running = null;
  }

  /** One round over up to roomsPerRound marked rooms; answers how many entries it archived. */
  async projectOnce(): Promise<number> {
    await this.rescanIfDue();
    const rooms = await this.queue.sample(this.roomsPerRound);
    if (rooms.length === 0) return 0;

    const read: RoundEntry[] = [];
    if (Date.now() >= this.recoverAt) {
      for (const room of rooms) read.push(...(await this.readPending(room)));
      this.recoverAt = Date.now() + this.claimIdleMs;
    }
    read.push(...(await this.readNew(rooms)));
    const entries = distinct(read);
    for (const entry of entries) this.holdingSince = Math.min(this.holdingSince ?? Infinity, entryMs(entry.id));

    let stored: StorableEntry[];
    try {
      const storable = await this.setAsideUnreadable(entries);
      const outcome = await this.storeSeparating(storable);
      stored = outcome.stored;
      await this.acknowledge(stored);
      const metrics = this.options.metrics;
      if (metrics) for (const entry of stored) metrics.chatArchived.observe(Math.max(0, Date.now() - entryMs(entry.id)) / 1000);
      await this.countRefusals(outcome.refused);
      // Refused entries stay pending (or were dead-lettered): the oldest of those still held counts.
      const held = outcome.refused.filter((r) => this.attempts.has(attemptKey(r.entry)));
      this.holdingSince = held.reduce<number | null>((oldest, r) => Math.min(oldest ?? Infinity, entryMs(r.entry.id)), null);
    } catch (error) {
      // An outage (or a Redis failure): what is not acknowledged stays pending
      // and the next round re-reads it; no entry is charged an attempt.
      this.recoverAt = 0;
      throw error;
    }
    // Issued together, so the auto-pipelining client sends them in one write (one per node on a cluster).
    await Promise.all(
      rooms.map(async (room) => {
        const [, settled] = (await this.settleScript([this.keys.stream(room)], [ARCHIVE_GROUP, this.options.retention])) as [number, number];
        if (settled >= 0) await this.queue.settle(room, settled);
      }),
    );
    return stored.length;
  }

  private async rescanIfDue(): Promise<void> {
    if (Date.now() < this.rescanAt) return;
    await this.rescan();
    this.rescanAt = Date.now() + this.rescanIntervalMs;
  }

  /**
   * Queues every room whose stream holds an entry the archive lacks: the net
   * under a post whose mark was lost (its process died between the XADD and
   * the mark). Walks the streams with SCAN on every node (every primary of a
   * cluster); runs at start and every rescanIntervalMs.
   */
  async rescan(): Promise<number> {
    let queued = 0;
    for await (const found of roomStreamKeys(this.redis, this.keys)) {
      await Promise.all(
        found.map(async (key) => {
          const room = this.keys.roomOfStream(key);
          if (!room) return;
          const newest = (await this.needsArchivingScript([key], [ARCHIVE_GROUP])) as number;
          if (newest < 0) return;
          await this.queue.markScore(room, newest);
          queued += 1;
        }),
      );
    }
    if (queued) this.options.logger?.info({ rooms: queued }, 'queued chat rooms the rescan found unarchived');
    return queued;
  }

  /** How long the oldest entry this projector read but could not archive yet has waited (0 when it holds none). */
  oldestHeldAgeMs(): number {
    return this.holdingSince === null ? 0 : Math.max(0, Date.now() - this.holdingSince);
  }

  /** Rounds until no room is marked (for tests, benchmarks and a clean hand-over). */
  async drain(maxRounds = 1_000): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round += 1) {
      await this.rescanIfDue();
      if ((await this.queue.size()) === 0) return total;
      total += await this.projectOnce();
    }
    throw new Error('The chat archive projector did not catch up');
  }

  /**
   * The one-time scrub of changes in streams written before a change took
   * its message's entry and earlier change out of the stream (once per
   * Redis: a marker key); the loop runs it first, until it succeeds.
   */
  async scrubEarlierChanges(): Promise<ChangeScrub> {
    const done = await scrubEarlierChanges(this.redis, this.keys, this.archive, this.options.logger);
    this.changesScrubbed = true;
    return done;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      let archived = 0;
      try {
        if (!this.changesScrubbed) await this.scrubEarlierChanges();
        archived = await this.projectOnce();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.options.logger?.error({ err: error }, 'chat archive projector round failed; retrying');
      }
      if (archived === 0 || failures > 0) await this.pause(failures ? Math.min(5_000, 250 * 2 ** failures) : this.idleDelayMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /**
   * New entries of every room, one XREADGROUP per room issued together (the
   * auto-pipelining client sends them in one write per node; one command over
   * several rooms would span slots on a cluster); a room without the group gets one.
   */
  private async readNew(rooms: ChatRoom[]): Promise<RoundEntry[]> {
    const read = await Promise.all(
      rooms.map(async (room) => {
        const key = this.keys.stream(room);
        try {
          const answer = entriesByStream(
            await this.redis.call('XREADGROUP', 'GROUP', ARCHIVE_GROUP, this.consumer, 'COUNT', this.batchSize, 'STREAMS', key, '>'),
          );
          return roundEntries(room, key, answer.get(key) ?? []);
        } catch (error) {
          if (!String((error as Error).message).startsWith('NOGROUP')) throw error;
          await this.ensureGroup(room);
          return [];
        }
      }),
    );
    return read.flat();
  }

  /**
   * The recovery pass over a room: forgets consumers that restarts left
   * behind, then re-reads this consumer's unacknowledged entries and claims
   * those a dead projector left idle. Pruning comes first, so a dead
   * projector's consumer is removed only on a later pass, once its entries
   * are claimed.
   */
  private async readPending(room: ChatRoom): Promise<RoundEntry[]> {
    const key = this.keys.stream(room);
    try {
      const removed = (await this.pruneScript([key], [ARCHIVE_GROUP, this.consumer, this.claimIdleMs])) as string[];
      if (removed.length) this.options.logger?.info({ room: roomMember(room), consumers: removed }, 'removed idle chat archive consumers');
      const own = entriesByStream(
        await this.redis.call('XREADGROUP', 'GROUP', ARCHIVE_GROUP, this.consumer, 'COUNT', this.batchSize, 'STREAMS', key, '0'),
      );
      const [, claimed, deleted] = (await this.redis.call(
        'XAUTOCLAIM', key, ARCHIVE_GROUP, this.consumer, this.claimIdleMs, '0-0', 'COUNT', this.batchSize,
      )) as [string, StreamEntry[], string[]?];
      // Entries that no longer exist cannot be archived; release them.
      if (deleted?.length) await this.redis.xack(key, ARCHIVE_GROUP, ...deleted);
      return [...roundEntries(room, key, own.get(key) ?? []), ...roundEntries(room, key, claimed)];
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOGROUP')) throw error;
      await this.ensureGroup(room);
      return [];
    }
  }

  /**
   * Deals at once with entries no retry can store: one deleted from the
   * stream while pending is released, one that is not a chat message
   * (missing fields, a user id that is not a number) is dead-lettered.
   * Answers the others.
   */
  private async setAsideUnreadable(entries: RoundEntry[]): Promise<StorableEntry[]> {
    const storable: StorableEntry[] = [];
    const gone: RoundEntry[] = [];
    for (const entry of entries) {
      if (entry.row) storable.push(entry as StorableEntry);
      else if (entry.fields === null) gone.push(entry);
      else await this.deadLetter(entry, 'malformed entry: a chat entry needs the fields u (a user id, digits), n and m (and for an edit or delete k, t and a well-formed a)', 0);
    }
    if (gone.length) {
      // Normal: a change takes its message's entry and its earlier change out of the stream (the change archived the message).
      this.options.logger?.debug({ entries: gone.map((e) => `${roomMember(e.room)} ${e.id}`) }, 'chat entries removed from the stream before they were archived');
      await this.acknowledge(gone);
    }
    return storable;
  }

  /**
   * Stores the entries in as few inserts as it can. When an insert fails for
   * a reason in the data (isEntryFault), it splits the entries, by room and
   * then in halves, until the entries Postgres refuses stand alone, and stores
   * everything else. Any other failure is an outage and ends the round.
   */
  private async storeSeparating(entries: StorableEntry[]): Promise<{ stored: StorableEntry[]; refused: Refusal[] }> {
    const stored: StorableEntry[] = [];
    const refused: Refusal[] = [];
    const store = async (part: StorableEntry[]): Promise<void> => {
      try {
        await this.archive.store(part.map((e) => e.row));
        stored.push(...part);
      } catch (error) {
        if (!isEntryFault(error)) throw error;
        if (part.length === 1) refused.push({ entry: part[0], error });
        else for (const piece of split(part)) await store(piece);
      }
    };
    if (entries.length) await store(entries);
    return { stored, refused };
  }

  /** XACK per stream, issued together; a failed one fails the round (the entries stay pending). */
  private async acknowledge(entries: RoundEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const idsByKey = new Map<string, string[]>();
    for (const entry of entries) {
      const ids = idsByKey.get(entry.key) ?? [];
      ids.push(entry.id);
      idsByKey.set(entry.key, ids);
    }
    await Promise.all([...idsByKey].map(([key, ids]) => this.redis.xack(key, ARCHIVE_GROUP, ...ids)));
    if (this.attempts.size) for (const entry of entries) this.attempts.delete(attemptKey(entry));
  }

  /**
   * Charges each refused entry an attempt; at maxAttempts it goes to the
   * dead-letter stream. Until then it stays pending, and the next round's
   * recovery pass re-reads it.
   */
  private async countRefusals(refused: Refusal[]): Promise<void> {
    for (const { entry, error } of refused) {
      const key = attemptKey(entry);
      const attempts = (this.attempts.get(key) ?? 0) + 1;
      const reason = describeFailure(error);
      if (attempts >= this.maxAttempts) {
        await this.deadLetter(entry, reason, attempts);
        continue;
      }
      if (this.attempts.size >= MAX_REMEMBERED_FAILURES) this.attempts.clear();
      this.attempts.set(key, attempts);
      this.recoverAt = 0;
      this.options.logger?.warn(
        { room: roomMember(entry.room), entryId: entry.id, attempts, error: reason },
        'the chat archive refused an entry; it stays pending and is tried again',
      );
    }
  }

  private async deadLetter(entry: RoundEntry, reason: string, attempts: number): Promise<void> {
    const deadLetters = this.keys.deadLetters(entry.room);
    // The original fields under "field:<name>", so they cannot clash with ours.
    const original: string[] = [];
    const fields = entry.fields ?? [];
    for (let i = 0; i + 1 < fields.length; i += 2) original.push(`field:${fields[i]}`, fields[i + 1]);
    await this.deadLetterScript(
      [entry.key, deadLetters],
      [ARCHIVE_GROUP, this.deadLetterMaxLen, entry.id, 'id', entry.id, 'error', reason, 'attempts', attempts, ...original],
    );
    this.attempts.delete(attemptKey(entry));
    this.options.metrics?.chatDeadLetters.inc();
    this.options.logger?.error(
      { room: roomMember(entry.room), entryId: entry.id, attempts, error: reason, deadLetters },
      'chat entry moved to the dead-letter stream; it is not archived',
    );
  }

  // A stream that lost its group is archived again from its start (the
  // archive ignores rows it has); a room whose stream is gone needs no visit
  // (the round's settle step takes it off the queue).
  private async ensureGroup(room: ChatRoom): Promise<void> {
    try {
      await this.redis.xgroup('CREATE', this.keys.stream(room), ARCHIVE_GROUP, '0');
    } catch (error) {
      const message = String((error as Error).message);
      if (message.startsWith('BUSYGROUP') || /requires the key to exist|no such key/i.test(message)) return;
      throw error;
    }
  }
}

/**
 * Whether Postgres refused the data itself, which storing the same entry
 * again cannot cure: SQLSTATE class 22 (data exception: a NUL character,
 * bad JSON text, a value out of range or too long), class 23 (integrity
 * constraint violation) or 54000 (a value too large). Anything else, and
 * above all an outage (connection refused, reset or terminated, a pool
 * acquire timeout, class 08, 53, 57P0x, an error with no SQLSTATE), is never
 * an entry's fault.
 */
export function isEntryFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && (/^2[23][0-9A-Z]{3}$/.test(code) || code === '54000');
}

/** The entries as the round handles them, each with its archive row when it is a chat message. */
function roundEntries(room: ChatRoom, key: string, entries: StreamEntry[]): RoundEntry[] {
  return entries.map((entry) => {
    const read = readStreamEntry(entry);
    const row = read ? { room, id: read.id, userId: read.userId, message: read.message, change: read.change } : null;
    return { room, key, id: entry[0], fields: entry[1], row };
  });
}

/** Each entry once: with claimIdleMs 0, XAUTOCLAIM also answers the entries this consumer just re-read. */
function distinct(entries: RoundEntry[]): RoundEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = attemptKey(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Smaller parts of a batch Postgres refused: one per room, or the room's batch in halves. */
function split<T extends RoundEntry>(entries: T[]): T[][] {
  const byRoom = new Map<string, T[]>();
  for (const entry of entries) {
    const part = byRoom.get(entry.key) ?? [];
    part.push(entry);
    byRoom.set(entry.key, part);
  }
  if (byRoom.size > 1) return [...byRoom.values()];
  const middle = Math.ceil(entries.length / 2);
  return [entries.slice(0, middle), entries.slice(middle)];
}

/** The millisecond a stream id stands for (the message's posting time). */
function entryMs(id: string): number {
  return parseMessageId(id)?.ms ?? Date.now();
}

function attemptKey(entry: RoundEntry): string {
  return `${entry.key} ${entry.id}`;
}

/** The reason kept with a dead letter: SQLSTATE, Postgres's message and detail on one line, bounded. */
function describeFailure(error: unknown): string {
  const { code, message, detail } = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown };
  let text = String(message ?? error);
  // Knex puts the statement in front ("insert into ... - <Postgres's message>"); the statement is always ours.
  if (/^\s*(insert|select|with|update|delete)\s/i.test(text) && text.includes(' - ')) text = text.slice(text.lastIndexOf(' - ') + 3);
  const parts = [typeof code === 'string' ? `SQLSTATE ${code}:` : '', text, typeof detail === 'string' ? `(${detail})` : ''];
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').slice(0, 2_000);
}
