// Replies read with the quote of the message each answers, as that message
// reads now (domain/chat/reply-quote.ts): looked up in the room's log on
// every read, so an edit shows in the quote and a deleted original is quoted
// as "Message deleted" with none of its text. Nothing of the quote is stored.
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId } from '@domain/chat/message-id';
import { quoteOf, type ReplyQuote } from '@domain/chat/reply-quote';
import type { ChatLog } from '@application/ports/chat-log';

/**
 * The messages with their quotes. `shared` lets reads that run at the same
 * time for the same entries (the waiters one message wakes) share each
 * lookup; a lookup is shared only while it is in flight.
 */
export async function withQuotes(log: ChatLog, room: ChatRoom, messages: ChatMessage[], shared?: SharedLookups): Promise<ChatMessage[]> {
  const wanted = [...new Set(messages.filter((m) => m.replyTo !== undefined && !m.deleted).map((m) => m.replyTo!))];
  if (wanted.length === 0) return messages;
  const batch = messages.map((m) => m.event ?? m.id).join(',');
  const found = await Promise.all(
    wanted.map((id) => {
      const parsed = parseMessageId(id);
      if (!parsed) return Promise.resolve(null);
      return shared ? shared.find(`${room.kind}:${room.id} ${id} ${batch}`, () => log.find(room, parsed)) : log.find(room, parsed);
    }),
  );
  const quotes = new Map<string, ReplyQuote>(
    wanted.map((id, i) => [id, found[i] ? quoteOf(found[i]) : { id, excerpt: '', deleted: true }]),
  );
  return messages.map((m) => (m.replyTo !== undefined && !m.deleted ? { ...m, quote: quotes.get(m.replyTo) } : m));
}

/** Lookups in flight, by key: a second asker of the same key gets the first one's answer. */
export class SharedLookups {
  private readonly inFlight = new Map<string, Promise<ChatMessage | null>>();

  find(key: string, look: () => Promise<ChatMessage | null>): Promise<ChatMessage | null> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = look().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
