// Chat rooms as arrays, for unit tests; ids are made as Redis makes them.
// Edits and deletes are entries too, and each message's current state is kept
// beside them, as the real logs do; a change replaces its message's entry and
// its earlier change in the log, so a changed message is in it once.
import type { Clock } from '@application/ports/clock';
import {
  CLIENT_MESSAGE_ID_TTL_MS,
  type AppendedMessage,
  type ChatLog,
  type NewChatMessage,
  type ReactedMessage,
  type ReactionChange,
} from '@application/ports/chat-log';
import { TooManyEditsError } from '@domain/chat/chat-errors';
import { MAX_EDITS_PER_MESSAGE, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, formatMessageId, messageTime, nextMessageId, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { summarizeReactions, type ReactionEmoji } from '@domain/chat/reactions';
import type { UserId } from '@domain/ids';

interface Entry {
  id: MessageId;
  /** A message as posted, or an edit's or delete's item (with `event`). */
  item: ChatMessage;
}

interface Room {
  /** The log: messages never changed, and each changed message's latest change. */
  entries: Entry[];
  /** Every message as posted, by id (history reads lay `states` over them). */
  messages: Map<string, Entry>;
  /** Current states of changed messages, by id, with how many edits each had. */
  states: Map<string, { state: ChatMessage; edits: number }>;
  /** The newest id given, whatever the log still holds. */
  newest: MessageId | null;
  /** Client message ids ("userId clientMessageID") of posts, and the message each stored. */
  posted: Map<string, { id: MessageId; until: number }>;
  /** Reactions by message id, oldest first. */
  reactions: Map<string, { emoji: ReactionEmoji; userId: UserId }[]>;
}

export class InMemoryChatLog implements ChatLog {
  private readonly rooms = new Map<string, Room>();

  constructor(private readonly now: Clock = () => Date.now()) {}

  async append(room: ChatRoom, { clientMessageID, ...message }: NewChatMessage): Promise<AppendedMessage> {
    // Checked and written with no await between: a burst of retries stores once, as the real logs do.
    const posted = clientMessageID === undefined ? undefined : `${message.userId} ${clientMessageID}`;
    const known = posted === undefined ? undefined : this.room(room).posted.get(posted);
    if (known && known.until > this.now()) return { message: (await this.find(room, known.id))!, replayed: true };
    const id = this.nextId(room);
    const stored: ChatMessage = { id: formatMessageId(id), ...message, time: messageTime(id) };
    this.room(room).entries.push({ id, item: stored });
    this.room(room).messages.set(stored.id, { id, item: stored });
    if (posted !== undefined) this.room(room).posted.set(posted, { id, until: this.now() + CLIENT_MESSAGE_ID_TTL_MS });
    return { message: copy(stored), replayed: false };
  }

  async change(room: ChatRoom, changed: ChatMessage): Promise<ChatMessage> {
    const stored = this.room(room);
    const edits = (stored.states.get(changed.id)?.edits ?? 0) + (changed.deleted ? 0 : 1);
    if (edits > MAX_EDITS_PER_MESSAGE) throw new TooManyEditsError();
    // The reactions are the log's own: an edit keeps them, a delete takes them.
    if (changed.deleted) stored.reactions.delete(changed.id);
    return this.record(room, this.withReactions(room, changed), edits);
  }

  async react(room: ChatRoom, id: MessageId, reaction: ReactionChange): Promise<ReactedMessage | null> {
    const message = await this.find(room, id);
    if (!message || message.deleted) return null;
    const stored = this.room(room);
    const rows = stored.reactions.get(message.id) ?? [];
    const at = rows.findIndex((row) => row.userId === reaction.userId && row.emoji === reaction.emoji);
    if (at >= 0 === reaction.on) return { message, changed: false };
    if (reaction.on) rows.push({ emoji: reaction.emoji, userId: reaction.userId });
    else rows.splice(at, 1);
    stored.reactions.set(message.id, rows);
    const { event: _event, ...state } = message;
    return { message: this.record(room, this.withReactions(room, state), stored.states.get(message.id)?.edits ?? 0), changed: true };
  }

  async mostReacted(room: ChatRoom, since: Date, limit: number): Promise<ChatMessage[]> {
    const counted = [...this.room(room).reactions.entries()]
      .filter(([id, rows]) => rows.length > 0 && parseMessageId(id)!.ms >= since.getTime())
      .sort(([a, x], [b, y]) => y.length - x.length || compareMessageIds(parseMessageId(b)!, parseMessageId(a)!))
      .slice(0, limit);
    const found = await Promise.all(counted.map(([id]) => this.find(room, parseMessageId(id)!)));
    return found.filter((message): message is ChatMessage => message !== null && !message.deleted);
  }

  private record(room: ChatRoom, state: ChatMessage, edits: number): ChatMessage {
    const stored = this.room(room);
    const id = this.nextId(room);
    const item = { ...copy(state), event: formatMessageId(id) };
    stored.states.set(state.id, { state: copy(state), edits });
    stored.entries = stored.entries.filter((e) => e.item.id !== state.id);
    stored.entries.push({ id, item });
    return copy(item);
  }

  private withReactions(room: ChatRoom, message: ChatMessage): ChatMessage {
    const { reactions: _stale, ...state } = message;
    const reactions = summarizeReactions(this.room(room).reactions.get(message.id) ?? []);
    return reactions.length && !message.deleted ? { ...state, reactions } : state;
  }

  async find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null> {
    const entry = this.room(room).messages.get(formatMessageId(id));
    return entry ? this.current(room, entry.item) : null;
  }

  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    return this.messages(room).slice(-limit);
  }

  async after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return this.room(room)
      .entries.filter((e) => compareMessageIds(e.id, cursor) > 0)
      .slice(0, limit)
      .map((e) => copy(e.item));
  }

  async before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return this.messages(room, cursor).slice(-limit);
  }

  private messages(room: ChatRoom, before?: MessageId): ChatMessage[] {
    return [...this.room(room).messages.values()]
      .filter((e) => !before || compareMessageIds(e.id, before) < 0)
      .map((e) => this.current(room, e.item));
  }

  private current(room: ChatRoom, message: ChatMessage): ChatMessage {
    return copy(this.room(room).states.get(message.id)?.state ?? message);
  }

  private nextId(room: ChatRoom): MessageId {
    const stored = this.room(room);
    stored.newest = nextMessageId(stored.newest, this.now());
    return stored.newest;
  }

  private room(room: ChatRoom): Room {
    const key = `${room.kind}:${room.id}`;
    let found = this.rooms.get(key);
    if (!found)
      this.rooms.set(
        key,
        (found = { entries: [], messages: new Map(), states: new Map(), newest: null, posted: new Map(), reactions: new Map() }),
      );
    return found;
  }
}

function copy(message: ChatMessage): ChatMessage {
  const copied: ChatMessage = { ...message, time: new Date(message.time) };
  if (message.editedAt) copied.editedAt = new Date(message.editedAt);
  if (message.reactions) copied.reactions = message.reactions.map((r) => ({ emoji: r.emoji, userIds: [...r.userIds] }));
  return copied;
}
