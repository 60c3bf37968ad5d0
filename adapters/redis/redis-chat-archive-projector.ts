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
// This class runs the rounds; the consumer group's commands are in
// chat-archive-group.ts (their Lua scripts in chat-archive-scripts.ts), what
// becomes of an entry the archive refuses in chat-archive-refusals.ts.
import os from 'node:os';
import type { Logger } from 'pino';
import type { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ChatArchiveGroup } from './chat-archive-group';
import { ChatArchiveQueue } from './chat-archive-queue';
import { ChatArchiveRefusals } from './chat-archive-refusals';
import { distinctEntries, entryMs, type RoundEntry, type StorableEntry } from './chat-archive-round';
import { scrubEarlierChanges, type ChangeScrub } from './chat-change-scrub';
import { mergeSectionStreams, type SectionStreamMerge } from './chat-section-merge';
import { ChatStreamKeys, roomStreamKeys } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

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

interface ProjectorMetrics {
  /** Seconds between a message's posting and its archiving, per message. */
  chatArchived: { observe(seconds: number): void };
  chatDeadLetters: { inc(): void };
}

export class RedisChatArchiveProjector {
  private readonly keys: ChatStreamKeys;
  private readonly queue: ChatArchiveQueue;
  private readonly group: ChatArchiveGroup;
  private readonly refusals: ChatArchiveRefusals;
  private readonly rescanIntervalMs: number;
  private rescanAt = 0;
  private readonly roomsPerRound: number;
  private readonly claimIdleMs: number;
  private readonly idleDelayMs: number;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  // At start, after a failure or a refused entry, and every claimIdleMs: look at pending entries too.
  private recoverAt = 0;
  // The time (ms) of the oldest entry read and not yet archived; null when none is held.
  private holdingSince: number | null = null;
  private changesScrubbed = false;
  private sectionRoomsMerged = false;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly archive: KnexChatArchive,
    private readonly options: ProjectorOptions,
  ) {
    this.keys = new ChatStreamKeys(prefix);
    this.queue = new ChatArchiveQueue(redis, this.keys);
    this.rescanIntervalMs = options.rescanIntervalMs ?? 300_000;
    this.roomsPerRound = options.roomsPerRound ?? 50;
    this.claimIdleMs = options.claimIdleMs ?? 30_000;
    this.idleDelayMs = options.idleDelayMs ?? 200;
    this.group = new ChatArchiveGroup(redis, this.keys, {
      consumer: options.consumer ?? `${os.hostname()}-${process.pid}`,
      batchSize: options.batchSize ?? 500,
      claimIdleMs: this.claimIdleMs,
      logger: options.logger,
    });
    this.refusals = new ChatArchiveRefusals(archive, this.group, {
      maxAttempts: Math.max(1, options.maxAttempts ?? 3),
      deadLetterMaxLen: options.deadLetterMaxLen ?? 1_000,
      logger: options.logger,
      metrics: options.metrics,
    });
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
      for (const room of rooms) read.push(...(await this.group.readPending(room)));
      this.recoverAt = Date.now() + this.claimIdleMs;
    }
    read.push(...(await this.group.readNew(rooms)));
    const entries = distinctEntries(read);
    for (const entry of entries) this.holdingSince = Math.min(this.holdingSince ?? Infinity, entryMs(entry.id));

    let stored: StorableEntry[];
    try {
      const storable = await this.refusals.setAsideUnreadable(entries);
      const outcome = await this.refusals.storeSeparating(storable);
      stored = outcome.stored;
      await this.group.acknowledge(stored);
      this.refusals.forget(stored);
      const metrics = this.options.metrics;
      if (metrics) for (const entry of stored) metrics.chatArchived.observe(Math.max(0, Date.now() - entryMs(entry.id)) / 1000);
      if (await this.refusals.charge(outcome.refused)) this.recoverAt = 0;
      // Refused entries stay pending (or were dead-lettered): the oldest of those still held counts.
      const held = outcome.refused.filter((r) => this.refusals.holds(r.entry));
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
        const settled = await this.group.settle(room, this.options.retention);
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
          const newest = await this.group.needsArchiving(key);
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

  /**
   * The one-time move of the section rooms' streams into their courses'
   * rooms (chat-section-merge.ts; once per Redis: a marker key). Null while
   * another server does it: the loop runs it after the scrub, and no round
   * until it is done, by this projector or another.
   */
  async mergeSectionRooms(): Promise<SectionStreamMerge | null> {
    const done = await mergeSectionStreams(this.redis, this.keys, this.archive, this.options.logger);
    if (done) this.sectionRoomsMerged = true;
    return done;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      let archived = 0;
      try {
        if (!this.changesScrubbed) await this.scrubEarlierChanges();
        if (!this.sectionRoomsMerged) await this.mergeSectionRooms();
        // Another server is merging the section rooms: a round now would archive their entries under the section again.
        if (this.sectionRoomsMerged) archived = await this.projectOnce();
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
}
