// Copies every chat stream entry into the Postgres archive through a Redis
// consumer group, acknowledging an entry only once its row is written, and
// trims each stream to its retention but never past what the archive holds.
// It visits only the rooms the append script marked, never scans every stream.
// Crash-safe: unacknowledged entries stay pending; a restarted projector
// re-reads its own (XREADGROUP from 0) and claims those of a dead one (XAUTOCLAIM).
import os from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { ArchivedEntry, KnexChatArchive } from '../postgres/knex-chat-archive';
import {
  ARCHIVE_GROUP,
  ChatStreamKeys,
  defineScript,
  entriesByStream,
  LUA_ID_HELPERS,
  readStreamEntry,
  roomFromMember,
  roomMember,
  type StreamEntry,
} from './chat-stream-keys';

// After a room's entries are archived: trim its stream to the retention, never
// past the oldest entry still pending (or, with none pending, past the last
// one delivered, which is then archived), and stop visiting the room when it
// has nothing left to archive. Atomic with the append script, so a message
// added meanwhile keeps the room on the list.
const SETTLE = `${LUA_ID_HELPERS}
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SREM', KEYS[2], ARGV[1])
  return 0
end
local ok, groups = pcall(redis.call, 'XINFO', 'GROUPS', KEYS[1])
if not ok then return -1 end
local pending, delivered
for _, group in ipairs(groups) do
  local name, p, d
  for i = 1, #group, 2 do
    if group[i] == 'name' then name = group[i + 1]
    elseif group[i] == 'pending' then p = group[i + 1]
    elseif group[i] == 'last-delivered-id' then d = group[i + 1] end
  end
  if name == ARGV[2] then pending, delivered = p, d end
end
if not delivered then return -1 end

local archived_upto = delivered
if pending > 0 then archived_upto = redis.call('XPENDING', KEYS[1], ARGV[2])[2] end

local trimmed = 0
local excess = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then
  local take = math.min(excess, 10000)
  local head = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', take + 1)
  local keep_from = head[#head][1]
  if id_less(archived_upto, keep_from) then keep_from = archived_upto end
  trimmed = redis.call('XTRIM', KEYS[1], 'MINID', keep_from)
end

local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if pending == 0 and (#last == 0 or not id_less(delivered, last[1][1])) then
  redis.call('SREM', KEYS[2], ARGV[1])
end
return trimmed
`;

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
  logger?: Logger;
}

interface RoomBatch {
  room: ChatRoom;
  key: string;
  ids: string[];
  entries: ArchivedEntry[];
}

export class RedisChatArchiveProjector {
  private readonly keys: ChatStreamKeys;
  private readonly settleScript;
  private readonly consumer: string;
  private readonly batchSize: number;
  private readonly roomsPerRound: number;
  private readonly claimIdleMs: number;
  private readonly idleDelayMs: number;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  // At start, after a failure, and every claimIdleMs: look at pending entries too.
  private recoverAt = 0;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly archive: KnexChatArchive,
    private readonly options: ProjectorOptions,
  ) {
    this.keys = new ChatStreamKeys(prefix);
    this.settleScript = defineScript(redis, 'studySwampChatSettle', SETTLE, 2);
    this.consumer = options.consumer ?? `${os.hostname()}-${process.pid}`;
    this.batchSize = options.batchSize ?? 500;
    this.roomsPerRound = options.roomsPerRound ?? 50;
    this.claimIdleMs = options.claimIdleMs ?? 30_000;
    this.idleDelayMs = options.idleDelayMs ?? 200;
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
    const members = (await this.redis.srandmember(this.keys.pendingRooms, this.roomsPerRound)) as string[];
    const rooms = members.map((m) => roomFromMember(m)).filter((r): r is ChatRoom => r !== null);
    const stray = members.filter((m) => roomFromMember(m) === null);
    if (stray.length) await this.redis.srem(this.keys.pendingRooms, ...stray);
    if (rooms.length === 0) return 0;

    const batches: RoomBatch[] = [];
    if (Date.now() >= this.recoverAt) {
      for (const room of rooms) batches.push(...(await this.readPending(room)));
      this.recoverAt = Date.now() + this.claimIdleMs;
    }
    batches.push(...(await this.readNew(rooms)));

    const entries = batches.flatMap((b) => b.entries);
    try {
      await this.archive.store(entries);
    } catch (error) {
      // Nothing is acknowledged: the entries stay pending and the next round re-reads them.
      this.recoverAt = 0;
      throw error;
    }
    const acks = this.redis.pipeline();
    for (const b of batches) if (b.ids.length) acks.xack(b.key, ARCHIVE_GROUP, ...b.ids);
    await acks.exec();
    // Issued together, so the auto-pipelining client sends them in one write.
    await Promise.all(
      rooms.map((room) =>
        this.settleScript([this.keys.stream(room), this.keys.pendingRooms], [roomMember(room), ARCHIVE_GROUP, this.options.retention]),
      ),
    );
    return entries.length;
  }

  /** Rounds until no room is marked (for tests, benchmarks and a clean hand-over). */
  async drain(maxRounds = 1_000): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round += 1) {
      if ((await this.redis.scard(this.keys.pendingRooms)) === 0) return total;
      total += await this.projectOnce();
    }
    throw new Error('The chat archive projector did not catch up');
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      let archived = 0;
      try {
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

  /** New entries of every room in one XREADGROUP; a room without the group gets one. */
  private async readNew(rooms: ChatRoom[]): Promise<RoomBatch[]> {
    const keys = rooms.map((r) => this.keys.stream(r));
    let answer: Map<string, StreamEntry[]>;
    try {
      answer = entriesByStream(
        await this.redis.call('XREADGROUP', 'GROUP', ARCHIVE_GROUP, this.consumer, 'COUNT', this.batchSize, 'STREAMS', ...keys, ...keys.map(() => '>')),
      );
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOGROUP')) throw error;
      for (const room of rooms) await this.ensureGroup(room);
      return [];
    }
    return rooms.map((room, i) => this.batch(room, keys[i], answer.get(keys[i]) ?? []));
  }

  /** This consumer's unacknowledged entries, and those a dead projector left idle. */
  private async readPending(room: ChatRoom): Promise<RoomBatch[]> {
    const key = this.keys.stream(room);
    try {
      const own = entriesByStream(
        await this.redis.call('XREADGROUP', 'GROUP', ARCHIVE_GROUP, this.consumer, 'COUNT', this.batchSize, 'STREAMS', key, '0'),
      );
      const [, claimed, deleted] = (await this.redis.call(
        'XAUTOCLAIM', key, ARCHIVE_GROUP, this.consumer, this.claimIdleMs, '0-0', 'COUNT', this.batchSize,
      )) as [string, StreamEntry[], string[]?];
      // Entries that no longer exist cannot be archived; release them.
      if (deleted?.length) await this.redis.xack(key, ARCHIVE_GROUP, ...deleted);
      return [this.batch(room, key, own.get(key) ?? []), this.batch(room, key, claimed)];
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOGROUP')) throw error;
      await this.ensureGroup(room);
      return [];
    }
  }

  private batch(room: ChatRoom, key: string, entries: StreamEntry[]): RoomBatch {
    const ids: string[] = [];
    const archived: ArchivedEntry[] = [];
    for (const entry of entries) {
      ids.push(entry[0]);
      const read = readStreamEntry(entry);
      if (read) archived.push({ room, id: read.id, userId: read.userId, message: read.message });
    }
    return { room, key, ids, entries: archived };
  }

  // A stream that lost its group is archived again from its start (the
  // archive ignores rows it has); a room whose stream is gone needs no visit.
  private async ensureGroup(room: ChatRoom): Promise<void> {
    try {
      await this.redis.xgroup('CREATE', this.keys.stream(room), ARCHIVE_GROUP, '0');
    } catch (error) {
      const message = String((error as Error).message);
      if (message.startsWith('BUSYGROUP')) return;
      if (/requires the key to exist|no such key/i.test(message)) {
        await this.redis.srem(this.keys.pendingRooms, roomMember(room));
        return;
      }
      throw error;
    }
  }
}
