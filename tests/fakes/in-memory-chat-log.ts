// Chat rooms as arrays, for unit tests; ids are made as Redis makes them.
import type { Clock } from '../../application/ports/clock';
import type { ChatLog, NewChatMessage } from '../../application/ports/chat-log';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { compareMessageIds, formatMessageId, messageTime, nextMessageId, type MessageId } from '../../domain/chat/message-id';

interface Entry {
  id: MessageId;
  message: ChatMessage;
}

export class InMemoryChatLog implements ChatLog {
  private readonly rooms = new Map<string, Entry[]>();

  constructor(private readonly now: Clock = () => Date.now()) {}

  async append(room: ChatRoom, message: NewChatMessage): Promise<ChatMessage> {
    const entries = this.entries(room);
    const id = nextMessageId(entries.at(-1)?.id ?? null, this.now());
    const stored: ChatMessage = { id: formatMessageId(id), ...message, time: messageTime(id) };
    entries.push({ id, message: stored });
    return { ...stored };
  }

  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    return copies(this.entries(room).slice(-limit));
  }

  async after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return copies(this.entries(room).filter((e) => compareMessageIds(e.id, cursor) > 0).slice(0, limit));
  }

  async before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return copies(this.entries(room).filter((e) => compareMessageIds(e.id, cursor) < 0).slice(-limit));
  }

  private entries(room: ChatRoom): Entry[] {
    const key = `${room.kind}:${room.id}`;
    let entries = this.rooms.get(key);
    if (!entries) {
      entries = [];
      this.rooms.set(key, entries);
    }
    return entries;
  }
}

function copies(entries: Entry[]): ChatMessage[] {
  return entries.map((e) => ({ ...e.message, time: new Date(e.message.time) }));
}
