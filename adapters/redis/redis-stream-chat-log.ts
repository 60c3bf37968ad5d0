// Chat on Redis Streams: one stream per room, XADD's id is the cursor, XRANGE
// and XREVRANGE read. Streams keep only recent history (the projector trims
// them once the archive has it), so reads that reach past a stream's first
// entry, or find no stream at all after Redis lost its data, continue in the
// Postgres archive: one continuous history, merged by id.
import type { Redis } from 'ioredis';
import type { ChatLog, NewChatMessage } from '../../application/ports/chat-log';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { compareMessageIds, formatMessageId, messageTime, parseMessageId, type MessageId } from '../../domain/chat/message-id';
import type { KnexChatArchive } from '../postgres/knex-chat-archive';
import { ARCHIVE_GROUP, ChatStreamKeys, defineScript, readStreamEntry, roomMember, type StreamEntry } from './chat-stream-keys';

// XADD and "this room needs archiving" in one round trip and one atomic step,
// so the projector can never miss a room. A new stream gets its consumer group
// at once, from its very first entry (also after Redis lost its data).
const APPEND = `
local fresh = redis.call('EXISTS', KEYS[1]) == 0
local id = redis.call('XADD', KEYS[1], '*', 'u', ARGV[3], 'n', ARGV[4], 'm', ARGV[5])
if fresh then redis.call('XGROUP', 'CREATE', KEYS[1], ARGV[2], '0') end
redis.call('SADD', KEYS[2], ARGV[1])
return id
`;

export interface RedisStreamChatLogOptions {
  /** How long to trust a remembered "newest archived id" for a room with no stream. */
  archiveMemoryMs?: number;
  now?: () => number;
}

interface RememberedNewest {
  id: MessageId | null;
  until: number;
}

const MAX_REMEMBERED_ROOMS = 10_000;

export class RedisStreamChatLog implements ChatLog {
  private readonly keys: ChatStreamKeys;
  private readonly appendScript;
  private readonly archiveMemoryMs: number;
  private readonly now: () => number;
  // A room without a stream cannot gain archived messages (the projector only
  // copies stream entries), so its newest archived id is safe to remember a
  // little while: idle polls of quiet rooms then cost no Postgres query.
  private readonly newestArchived = new Map<string, RememberedNewest>();

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly archive: KnexChatArchive,
    options: RedisStreamChatLogOptions = {},
  ) {
    this.keys = new ChatStreamKeys(prefix);
    this.appendScript = defineScript(redis, 'studySwampChatAppend', APPEND, 2);
    this.archiveMemoryMs = options.archiveMemoryMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async append(room: ChatRoom, message: NewChatMessage): Promise<ChatMessage> {
    const raw = (await this.appendScript(
      [this.keys.stream(room), this.keys.pendingRooms],
      [roomMember(room), ARCHIVE_GROUP, message.userId, message.username, message.message],
    )) as string;
    const id = parseMessageId(raw);
    if (!id) throw new Error(`Redis answered XADD with an unexpected id ${raw}`);
    return { id: formatMessageId(id), ...message, time: messageTime(id) };
  }

  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    const recent = toMessages(((await this.redis.xrevrange(this.keys.stream(room), '+', '-', 'COUNT', limit)) as StreamEntry[]).reverse());
    if (recent.length === limit) return recent;
    const older = recent.length
      ? await this.archive.before(room, parseMessageId(recent[0].id)!, limit - recent.length)
      : await this.archive.latest(room, limit);
    return [...older, ...recent];
  }

  async after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    // The hot path (every student, every second): one round trip for the new
    // entries and the stream's first id, which tells whether the archive must fill a gap.
    const key = this.keys.stream(room);
    const answers = await this.redis
      .pipeline()
      .xrange(key, `(${formatMessageId(cursor)}`, '+', 'COUNT', limit)
      .xrange(key, '-', '+', 'COUNT', 1)
      .exec();
    const [[rangeError, range], [firstError, first]] = answers as [[Error | null, StreamEntry[]], [Error | null, StreamEntry[]]];
    if (rangeError) throw rangeError;
    if (firstError) throw firstError;
    const fresh = toMessages(range);

    const firstId = first.length ? parseMessageId(first[0][0]) : null;
    if (firstId) {
      if (compareMessageIds(firstId, cursor) <= 0) return fresh;
      // The stream starts after the cursor: what lies between was trimmed (so
      // archived), or Redis lost it and the archive is all there is.
      const bridged = await this.archive.after(room, cursor, limit, firstId);
      return [...bridged, ...fresh].slice(0, limit);
    }

    // No stream: a room nobody has written to since Redis started, or one
    // whose stream Redis lost. Only the archive can hold anything newer.
    const newest = await this.newestArchivedId(room);
    if (!newest || compareMessageIds(newest, cursor) <= 0) return [];
    return this.archive.after(room, cursor, limit);
  }

  async before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    // Nothing comes before 0-0, and Redis refuses the exclusive range "(0-0"
    // (ERR invalid end ID for the interval) rather than answer it empty.
    if (cursor.ms === 0 && cursor.seq === 0) return [];
    const entries = (await this.redis.xrevrange(this.keys.stream(room), `(${formatMessageId(cursor)}`, '-', 'COUNT', limit)) as StreamEntry[];
    const recent = toMessages(entries.reverse());
    if (recent.length === limit) return recent;
    // Fewer than asked: the stream has nothing older, the archive may.
    const oldest = recent.length ? parseMessageId(recent[0].id)! : cursor;
    const older = await this.archive.before(room, oldest, limit - recent.length);
    return [...older, ...recent];
  }

  private async newestArchivedId(room: ChatRoom): Promise<MessageId | null> {
    const key = roomMember(room);
    const now = this.now();
    const remembered = this.newestArchived.get(key);
    if (remembered && remembered.until > now) return remembered.id;
    const id = await this.archive.newestId(room);
    if (this.newestArchived.size >= MAX_REMEMBERED_ROOMS) this.newestArchived.clear();
    this.newestArchived.set(key, { id, until: now + this.archiveMemoryMs });
    return id;
  }
}

function toMessages(entries: StreamEntry[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const entry of entries) {
    const read = readStreamEntry(entry);
    if (!read) continue;
    messages.push({ id: formatMessageId(read.id), userId: read.userId, username: read.username, message: read.message, time: messageTime(read.id) });
  }
  return messages;
}
