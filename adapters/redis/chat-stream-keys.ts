// Where the chat lives in Redis, shared by the stream log and the archive
// projector: one stream per room, a consumer group on each, and a queue of the
// rooms the projector still has to visit. Every key of one room carries the
// room as its hash tag ({course:12}), so on Redis Cluster a script that
// touches a room's keys touches one slot; the queue is a key of its own and
// no command touches it together with a room.
import type { RedisConnection } from './redis-client';
import type { ChatRoom } from '@domain/chat/chat-room';
import { reactionsFromColumn, type EntryChange } from '@adapters/postgres/chat-archive-entries';
import type { MessageReaction } from '@domain/chat/reactions';
import { formatMessageId, parseMessageId, type MessageId } from '@domain/chat/message-id';

/** The consumer group every room's stream carries for the archive projector. */
export const ARCHIVE_GROUP = 'archive';

export class ChatStreamKeys {
  constructor(private readonly prefix: string) {}

  stream(room: ChatRoom): string {
    return `${this.prefix}chat:room:{${roomMember(room)}}`;
  }

  /** Entries of the room the archive could not take, kept for an operator with the reason. */
  deadLetters(room: ChatRoom): string {
    return `${this.prefix}chat:dead:{${roomMember(room)}}`;
  }

  /**
   * A student's post under its client message id: the stream id it stored,
   * kept for a day after the post (whatever trimming does to the entry).
   */
  posted(room: ChatRoom, userId: number, clientMessageID: string): string {
    return `${this.prefix}chat:posted:{${roomMember(room)}}:${userId}:${clientMessageID}`;
  }

  /** What SCAN matches to find every room's stream. */
  get streamPattern(): string {
    return `${this.prefix}chat:room:{*}`;
  }

  /** The room a stream key belongs to; null for a key that is not a room's stream. */
  roomOfStream(key: string): ChatRoom | null {
    const head = `${this.prefix}chat:room:{`;
    if (!key.startsWith(head) || !key.endsWith('}')) return null;
    return roomFromMember(key.slice(head.length, -1));
  }

  /**
   * The rooms with entries the projector has not archived and acknowledged
   * yet: a sorted set of rooms, each scored by its newest marked entry (see
   * archiveScore), so a room is taken off only when nothing newer was marked.
   */
  get archiveQueue(): string {
    return `${this.prefix}chat:archive-queue`;
  }

  /**
   * Set once the streams hold no change's earlier text: the one-time scrub
   * of streams written before a change took its message's entry and earlier
   * change out of the stream (see chat-change-scrub.ts).
   */
  get changesScrubbed(): string {
    return `${this.prefix}chat:changes-scrubbed`;
  }

  /**
   * Set once no stream is a section's room: the one-time step that archived
   * the section rooms' streams and merged them into their courses' rooms
   * (see chat-section-merge.ts).
   */
  get sectionRoomsMerged(): string {
    return `${this.prefix}chat:section-rooms-merged`;
  }

  /** Held (SET NX, with an expiry it renews) by the one server doing that step. */
  get sectionMergeLock(): string {
    return `${this.prefix}chat:section-rooms-merging`;
  }
}

/** Every room's stream key, a SCAN page at a time, on every primary of a cluster. */
export async function* roomStreamKeys(redis: RedisConnection, keys: ChatStreamKeys): AsyncGenerator<string[]> {
  const nodes = 'nodes' in redis && typeof redis.nodes === 'function' ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, found] = (await node.call('SCAN', cursor, 'MATCH', keys.streamPattern, 'COUNT', 500, 'TYPE', 'stream')) as [
        string,
        string[],
      ];
      cursor = next;
      yield found;
    } while (cursor !== '0');
  }
}

/**
 * A stream id as a sorted-set score that keeps its order: the millisecond
 * times 1,000 plus the sequence (capped at 999; milliseconds since the epoch
 * times 1,000 stay far below 2^53, where doubles are exact).
 */
export function archiveScore(id: MessageId): number {
  return id.ms * 1000 + Math.min(id.seq, 999);
}

export function roomMember(room: ChatRoom): string {
  return `${room.kind}:${room.id}`;
}

export function roomFromMember(member: string): ChatRoom | null {
  const match = /^(course|group):(\d+)$/.exec(member);
  return match ? { kind: match[1] as ChatRoom['kind'], id: Number(match[2]) } : null;
}

/** A stream entry as XRANGE answers it: [id, [field, value, ...]]. */
export type StreamEntry = [id: string, fields: string[] | null];

export interface StreamMessage {
  id: MessageId;
  userId: number;
  username: string;
  message: string;
  /** Set for an edit or a delete. */
  change?: EntryChange;
  /** The message it answers (a reply; on a change of a reply too). */
  replyTo?: MessageId;
  /** A change's reactions after it (the message's state). */
  reactions?: MessageReaction[];
}

/**
 * Reads the fields the append script writes: `u` (user id), `n` (username),
 * `m` (text), and for an edit or delete `k` (the kind), `t` (the message it
 * changes), `a` (when it was edited, epoch ms), `d` ("1": deleted) and `r`
 * (its reactions, JSON); `p` (the message a reply answers) on both. Null
 * for an entry that is not ours.
 */
export function readStreamEntry([rawId, fields]: StreamEntry): StreamMessage | null {
  const id = parseMessageId(rawId);
  if (!id || !fields) return null;
  const value = (name: string) => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  // Digits only: Number() would also read "", " 7", "0x10" and "1e3" as user ids.
  const rawUserId = value('u');
  const userId = rawUserId !== undefined && /^\d{1,16}$/.test(rawUserId) ? Number(rawUserId) : NaN;
  const username = value('n');
  const message = value('m');
  if (!Number.isSafeInteger(userId) || username === undefined || message === undefined) return null;
  const rawReply = value('p');
  const replyTo = rawReply === undefined ? undefined : (parseMessageId(rawReply) ?? undefined);
  const reply = replyTo ? { replyTo } : {};
  const kind = value('k');
  if (kind === undefined) return { id, userId, username, message, ...reply };
  const target = parseMessageId(value('t') ?? '');
  const editedAt = value('a');
  if ((kind !== 'edit' && kind !== 'delete') || !target || (editedAt !== undefined && !/^\d{1,16}$/.test(editedAt))) return null;
  return {
    id,
    userId,
    username,
    message,
    change: { kind, target, editedAt: editedAt === undefined ? null : new Date(Number(editedAt)), deleted: value('d') === '1' },
    ...reply,
    reactions: readReactions(value('r')),
  };
}

function readReactions(raw: string | undefined): MessageReaction[] {
  if (raw === undefined) return [];
  try {
    return reactionsFromColumn(JSON.parse(raw));
  } catch {
    return [];
  }
}

/** The fields of an entry, as the append script writes them. */
export function streamFields(entry: Omit<StreamMessage, 'id'>): (string | number)[] {
  const fields: (string | number)[] = ['u', entry.userId, 'n', entry.username, 'm', entry.message];
  if (entry.change) {
    fields.push('k', entry.change.kind, 't', formatMessageId(entry.change.target));
    if (entry.change.editedAt) fields.push('a', entry.change.editedAt.getTime());
    if (entry.change.deleted) fields.push('d', '1');
    if (entry.reactions?.length && !entry.change.deleted) fields.push('r', JSON.stringify(entry.reactions));
  }
  if (entry.replyTo) fields.push('p', formatMessageId(entry.replyTo));
  return fields;
}

/**
 * XREADGROUP's answer per stream key. Over RESP3 it is a map, which ioredis
 * hands over flattened ([key, entries, key, entries]); over RESP2 it is a list
 * of [key, entries] pairs. Both are read here.
 */
export function entriesByStream(answer: unknown): Map<string, StreamEntry[]> {
  const byKey = new Map<string, StreamEntry[]>();
  if (!Array.isArray(answer)) return byKey;
  if (typeof answer[0] === 'string') {
    for (let i = 0; i + 1 < answer.length; i += 2) byKey.set(answer[i] as string, answer[i + 1] as StreamEntry[]);
  } else {
    for (const [key, entries] of answer as [string, StreamEntry[]][]) byKey.set(key, entries);
  }
  return byKey;
}

export type ScriptCall = (keys: string[], args: (string | number)[]) => Promise<unknown>;

/** A Lua script run by EVALSHA (ioredis loads it again if the server forgot it). */
export function defineScript(redis: RedisConnection, name: string, lua: string, numberOfKeys: number): ScriptCall {
  const commands = redis as unknown as Record<string, ((...args: (string | number)[]) => Promise<unknown>) | undefined>;
  if (typeof commands[name] !== 'function') redis.defineCommand(name, { lua, numberOfKeys });
  return (keys, args) => commands[name]!(...keys, ...args);
}

// Stream ids compared in Lua: "ms-seq" with both parts numeric. Milliseconds
// since the epoch are far below 2^53, so Lua's doubles hold them exactly.
export const LUA_ID_HELPERS = `
local function parse_id(id)
  local dash = string.find(id, '-', 1, true)
  return tonumber(string.sub(id, 1, dash - 1)), tonumber(string.sub(id, dash + 1))
end
local function id_less(a, b)
  local am, as = parse_id(a)
  local bm, bs = parse_id(b)
  return am < bm or (am == bm and as < bs)
end
`;
