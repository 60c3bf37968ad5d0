// The chat archive projector's commands on the rooms' consumer groups: one
// consumer reading a round's entries (new ones, its own still pending, and
// those a dead projector left), acknowledging them, moving one to its room's
// dead letters, and settling a room's stream after the round. What to do
// with the entries is the projector's (redis-chat-archive-projector.ts).
import type { Logger } from 'pino';
import type { ChatRoom } from '@domain/chat/chat-room';
import { roundEntries, type RoundEntry } from './chat-archive-round';
import { projectorScripts, type ProjectorScripts } from './chat-archive-scripts';
import { ARCHIVE_GROUP, entriesByStream, roomMember, type ChatStreamKeys, type StreamEntry } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

interface ChatArchiveGroupOptions {
  /** This projector's consumer name in the group. */
  consumer: string;
  /** Entries read per room per round. */
  batchSize: number;
  /** Pending entries idle this long belong to a dead projector and are claimed. */
  claimIdleMs: number;
  logger?: Logger;
}

export class ChatArchiveGroup {
  private readonly scripts: ProjectorScripts;

  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: ChatStreamKeys,
    private readonly options: ChatArchiveGroupOptions,
  ) {
    this.scripts = projectorScripts(redis);
  }

  /**
   * New entries of every room, one XREADGROUP per room issued together (the
   * auto-pipelining client sends them in one write per node; one command over
   * several rooms would span slots on a cluster); a room without the group gets one.
   */
  async readNew(rooms: ChatRoom[]): Promise<RoundEntry[]> {
    const { consumer, batchSize } = this.options;
    const read = await Promise.all(
      rooms.map(async (room) => {
        const key = this.keys.stream(room);
        try {
          const answer = entriesByStream(
            await this.redis.call('XREADGROUP', 'GROUP', ARCHIVE_GROUP, consumer, 'COUNT', batchSize, 'STREAMS', key, '>'),
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
  async readPending(room: ChatRoom): Promise<RoundEntry[]> {
    const { consumer, batchSize, claimIdleMs } = this.options;
    const key = this.keys.stream(room);
    try {
      const removed = (await this.scripts.pruneConsumers([key], [ARCHIVE_GROUP, consumer, claimIdleMs])) as string[];
      if (removed.length) this.options.logger?.info({ room: roomMember(room), consumers: removed }, 'removed idle chat archive consumers');
      const own = entriesByStream(
        await this.redis.call('XREADGROUP', 'GROUP', ARCHIVE_GROUP, consumer, 'COUNT', batchSize, 'STREAMS', key, '0'),
      );
      const [, claimed, deleted] = (await this.redis.call(
        'XAUTOCLAIM',
        key,
        ARCHIVE_GROUP,
        consumer,
        claimIdleMs,
        '0-0',
        'COUNT',
        batchSize,
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

  /** XACK per stream, issued together; a failed one fails the round (the entries stay pending). */
  async acknowledge(entries: RoundEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const idsByKey = new Map<string, string[]>();
    for (const entry of entries) {
      const ids = idsByKey.get(entry.key) ?? [];
      ids.push(entry.id);
      idsByKey.set(entry.key, ids);
    }
    await Promise.all([...idsByKey].map(([key, ids]) => this.redis.xack(key, ARCHIVE_GROUP, ...ids)));
  }

  /**
   * Moves an entry to its room's dead-letter stream (kept to about maxLen
   * entries) with the reason and the attempts: the copy, then the
   * acknowledgement and the removal from the room's stream, in one step.
   * Answers the dead-letter stream's key.
   */
  async deadLetter(entry: RoundEntry, reason: string, attempts: number, maxLen: number): Promise<string> {
    const deadLetters = this.keys.deadLetters(entry.room);
    // The original fields under "field:<name>", so they cannot clash with ours.
    const original: string[] = [];
    const fields = entry.fields ?? [];
    for (let i = 0; i + 1 < fields.length; i += 2) original.push(`field:${fields[i]}`, fields[i + 1]);
    await this.scripts.deadLetter(
      [entry.key, deadLetters],
      [ARCHIVE_GROUP, maxLen, entry.id, 'id', entry.id, 'error', reason, 'attempts', attempts, ...original],
    );
    return deadLetters;
  }

  /**
   * Trims a room's stream to the retention, never past what the archive
   * holds; answers the queue score up to which the room is archived when
   * nothing is left to archive, else -1 (the SETTLE script).
   */
  async settle(room: ChatRoom, retention: number): Promise<number> {
    const [, settled] = (await this.scripts.settle([this.keys.stream(room)], [ARCHIVE_GROUP, retention])) as [number, number];
    return settled;
  }

  /** The queue score of the stream's newest entry when it holds one the archive lacks, else -1. */
  async needsArchiving(key: string): Promise<number> {
    return (await this.scripts.needsArchiving([key], [ARCHIVE_GROUP])) as number;
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
