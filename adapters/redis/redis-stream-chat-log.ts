// Chat on Redis Streams: one stream per room, XADD's id is the cursor, XRANGE
// and XREVRANGE read. Streams keep only recent history (the projector trims
// them once the archive has it), so reads that reach past a stream's first
// entry, or find no stream at all after Redis lost its data, continue in the
// Postgres archive: one continuous history, merged by id. Edits and deletes
// are stream entries too (after their state is stored in Postgres), so a
// poller receives them in order. Stream entries cannot be rewritten, so a
// change takes the message's entry and its earlier change out of the stream
// in the step that adds the new one: the stream holds a changed message only
// as its latest change, in its current state. History reads skip changes and
// take the changed messages of the range they cover from Postgres.
import {
  CLIENT_MESSAGE_ID_TTL_MS,
  type AppendedMessage,
  type ChatLog,
  type NewChatMessage,
  type ReactedMessage,
  type ReactionChange,
} from '@application/ports/chat-log';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, formatMessageId, messageTime, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { changeTo, entryToItem, withState, type ChangedMessage } from '@adapters/postgres/chat-archive-entries';
import type { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { ChatArchiveQueue } from './chat-archive-queue';
import {
  ARCHIVE_GROUP,
  ChatStreamKeys,
  defineScript,
  readStreamEntry,
  roomMember,
  streamFields,
  type StreamEntry,
} from './chat-stream-keys';
import type { RedisConnection } from './redis-client';
import { APPEND, APPEND_ONCE, CHANGE } from './chat-stream-scripts';

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
  private readonly queue: ChatArchiveQueue;
  private readonly appendScript;
  private readonly appendOnceScript;
  private readonly changeScript;
  private readonly archiveMemoryMs: number;
  private readonly now: () => number;
  // A room without a stream cannot gain archived messages (the projector only
  // copies stream entries), so its newest archived id is safe to remember a
  // little while: idle polls of quiet rooms then cost no Postgres query.
  private readonly newestArchived = new Map<string, RememberedNewest>();

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    private readonly archive: KnexChatArchive,
    options: RedisStreamChatLogOptions = {},
  ) {
    this.keys = new ChatStreamKeys(prefix);
    this.queue = new ChatArchiveQueue(redis, this.keys);
    this.appendScript = defineScript(redis, 'studySwampChatAppendEntry', APPEND, 1);
    this.appendOnceScript = defineScript(redis, 'studySwampChatAppendOnce', APPEND_ONCE, 2);
    this.changeScript = defineScript(redis, 'studySwampChatChange', CHANGE, 1);
    this.archiveMemoryMs = options.archiveMemoryMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async append(room: ChatRoom, { clientMessageID, replyTo, ...message }: NewChatMessage): Promise<AppendedMessage> {
    const fields = streamFields({ ...message, replyTo: replyTo === undefined ? undefined : (parseMessageId(replyTo) ?? undefined) });
    const { id, replayed } =
      clientMessageID === undefined
        ? { id: await this.appendEntry(room, fields), replayed: false }
        : await this.appendOnce(room, this.keys.posted(room, message.userId, clientMessageID), fields);
    const asPosted: ChatMessage = {
      id: formatMessageId(id),
      ...message,
      time: messageTime(id),
      ...(replyTo === undefined ? {} : { replyTo }),
    };
    // A replay answers the message in its current state; as posted if it is gone (an entry the archive refused).
    if (replayed) return { message: (await this.find(room, id)) ?? asPosted, replayed };
    return { message: asPosted, replayed };
  }

  async change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage> {
    const recorded = await this.archive.recordState(room, { kind: state.deleted ? 'delete' : 'edit', state }, this.changeEntry(room));
    return recorded!.state;
  }

  async react(room: ChatRoom, id: MessageId, reaction: ReactionChange): Promise<ReactedMessage | null> {
    const message = await this.find(room, id);
    if (!message || message.deleted) return null;
    const recorded = await this.archive.recordState(room, { kind: 'react', message, reaction }, this.changeEntry(room));
    return recorded && { message: recorded.state, changed: recorded.changed };
  }

  async mostReacted(room: ChatRoom, since: Date, limit: number): Promise<ChatMessage[]> {
    const ids = await this.archive.mostReactedIds(room, since, limit);
    const found = await Promise.all(ids.map((id) => this.find(room, id)));
    return found.filter((message): message is ChatMessage => message !== null && !message.deleted);
  }

  /**
   * A change's entry. The state first (Postgres: it survives a Redis flush),
   * the entry while its row is locked, so two changes of a message reach the
   * stream in order, and each takes out the one before it.
   */
  private changeEntry(room: ChatRoom) {
    return async (_trx: unknown, previous: { event: MessageId } | null, state: ChatMessage): Promise<MessageId> => {
      const fields = streamFields({
        userId: state.userId,
        username: state.username,
        message: state.message,
        change: changeTo(state),
        replyTo: state.replyTo === undefined ? undefined : (parseMessageId(state.replyTo) ?? undefined),
        reactions: state.reactions,
      });
      const raw = (await this.changeScript(
        [this.keys.stream(room)],
        [ARCHIVE_GROUP, state.id, previous ? formatMessageId(previous.event) : '', ...fields],
      )) as string;
      const id = this.storedId(raw);
      await this.markForArchive(room, id);
      return id;
    };
  }

  async find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null> {
    const text = formatMessageId(id);
    const [entry] = (await this.redis.xrange(this.keys.stream(room), text, text)) as StreamEntry[];
    // Not in the stream: archived and trimmed, or taken out by a change whose state is still being committed.
    if (!entry) return (await this.archive.find(room, id)) ?? this.archive.findAfterWriters(room, id);
    const read = readStreamEntry(entry);
    if (!read || read.change) return null;
    // A message still in the stream was never changed, unless a change made before changes took it out.
    const [changed] = await this.archive.changedIn(room, id, { ms: id.ms, seq: id.seq + 1 }, 1);
    return changed ? withChange(entryToItem(read), changed) : entryToItem(read);
  }

  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    return this.history(room, null, limit);
  }

  async after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    // The hot path (every student, every second): the new entries and the
    // stream's first id, which tells whether the archive must fill a gap,
    // issued together so the auto-pipelining client sends them in one write
    // (with whatever other requests issue in the same tick).
    const key = this.keys.stream(room);
    const [range, first] = (await Promise.all([
      this.redis.xrange(key, `(${formatMessageId(cursor)}`, '+', 'COUNT', limit),
      this.redis.xrange(key, '-', '+', 'COUNT', 1),
    ])) as [StreamEntry[], StreamEntry[]];
    const fresh = toItems(range);

    const firstId = first.length ? parseMessageId(first[0][0]) : null;
    if (firstId) {
      // The room has a stream again: what was remembered of it without one no longer holds (its entries may be archived, then lost with Redis).
      if (this.newestArchived.size) this.newestArchived.delete(roomMember(room));
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
    return this.history(room, cursor, limit);
  }

  private async appendEntry(room: ChatRoom, fields: (string | number)[]): Promise<MessageId> {
    const id = this.storedId((await this.appendScript([this.keys.stream(room)], [ARCHIVE_GROUP, ...fields])) as string);
    await this.markForArchive(room, id);
    return id;
  }

  private async appendOnce(room: ChatRoom, posted: string, fields: (string | number)[]): Promise<{ id: MessageId; replayed: boolean }> {
    const [raw, replayed] = (await this.appendOnceScript(
      [this.keys.stream(room), posted],
      [ARCHIVE_GROUP, CLIENT_MESSAGE_ID_TTL_MS, ...fields],
    )) as [string, number];
    const id = this.storedId(raw);
    // A replay marks too: the first try's process may have died before its
    // mark (the retry a load balancer sends then), and a mark again is harmless.
    await this.markForArchive(room, id);
    return { id, replayed: replayed === 1 };
  }

  private storedId(raw: string): MessageId {
    const id = parseMessageId(raw);
    if (!id) throw new Error(`Redis answered XADD with an unexpected id ${raw}`);
    return id;
  }

  private async markForArchive(room: ChatRoom, id: MessageId): Promise<void> {
    // The entry is stored: a failed mark must not fail the post (the student
    // would send it again); the projector's rescan finds the room anyway.
    await this.queue.mark(room, id).catch(() => {});
  }

  /**
   * The newest `limit` messages older than the cursor (null: the newest of
   * all), in their current state: the stream read backwards, skipping edits
   * and deletes; the changed messages of the range it covered, from Postgres
   * (their entries are no longer in the stream); then, when the stream runs
   * out first, the archive before the stream's first entry (trimming never
   * removes an entry the archive lacks).
   */
  private async history(room: ChatRoom, cursor: MessageId | null, limit: number): Promise<ChatMessage[]> {
    const key = this.keys.stream(room);
    const recent: ChatMessage[] = [];
    let end = cursor ? `(${formatMessageId(cursor)}` : '+';
    let oldest: MessageId | null = null;
    for (;;) {
      const entries = (await this.redis.xrevrange(key, end, '-', 'COUNT', limit)) as StreamEntry[];
      for (const entry of entries) {
        const read = readStreamEntry(entry);
        if (read && !read.change && recent.length < limit) recent.push(entryToItem(read));
      }
      if (entries.length) oldest = parseMessageId(entries.at(-1)![0]);
      if (recent.length === limit || entries.length < limit) break;
      end = `(${entries.at(-1)![0]}`;
    }
    // Nothing older than the cursor in the stream: the archive has it all.
    if (!oldest) return cursor ? this.archive.before(room, cursor, limit) : this.archive.latest(room, limit);
    // The range the stream answered: from its oldest message read on a full
    // page, else from its first entry (the archive holds what lies below).
    const full = recent.length === limit;
    const from = full ? parseMessageId(recent.at(-1)!.id)! : oldest;
    const changed = await this.archive.changedIn(room, from, cursor, limit);
    const page = withChanges(recent.reverse(), changed).slice(-limit);
    if (full || page.length === limit) return page;
    return [...(await this.archive.before(room, oldest, limit - page.length)), ...page];
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

function toItems(entries: StreamEntry[]): ChatMessage[] {
  const items: ChatMessage[] = [];
  for (const entry of entries) {
    const read = readStreamEntry(entry);
    if (read) items.push(entryToItem(read));
  }
  return items;
}

/** A message read from the stream with the state a change gave it. */
function withChange(message: ChatMessage, change: ChangedMessage): ChatMessage {
  return withState(message, change.message, change.editedAt, change.deleted, change.reactions);
}

/**
 * The stream's messages (oldest first) with the changed messages of the same
 * range merged in by id, oldest first: each changed one in its current state,
 * with its author from the archive (one whose row the archive lacks can only
 * be a message the stream still holds).
 */
function withChanges(messages: ChatMessage[], changed: ChangedMessage[]): ChatMessage[] {
  if (changed.length === 0) return messages;
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const change of changed) {
    const id = formatMessageId(change.id);
    const shown = byId.get(id);
    if (shown) byId.set(id, withChange(shown, change));
    else if (change.author)
      byId.set(id, withChange(entryToItem({ id: change.id, ...change.author, message: change.message, replyTo: change.replyTo }), change));
  }
  return [...byId.values()].sort((a, b) => compareMessageIds(parseMessageId(a.id)!, parseMessageId(b.id)!));
}
