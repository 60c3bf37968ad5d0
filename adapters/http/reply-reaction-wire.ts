// A message's reply (the id it answers and the quote of it as it reads now)
// and its reactions, as the wire carries them (contract/chat.ts).
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatMessage as WireMessage } from '@contract/chat';

export function addRepliesAndReactions(message: ChatMessage, wire: WireMessage): void {
  if (message.replyTo !== undefined) wire.replyTo = message.replyTo;
  if (message.quote) {
    const { quote } = message;
    wire.quote = { id: quote.id, excerpt: quote.excerpt };
    if (quote.userId !== undefined) wire.quote.user_id = quote.userId;
    if (quote.username !== undefined) wire.quote.username = quote.username;
    if (quote.firstName !== undefined) wire.quote.first_name = quote.firstName;
    if (quote.lastName !== undefined) wire.quote.last_name = quote.lastName;
    if (quote.formerMember) wire.quote.formerMember = true;
    if (quote.deleted) wire.quote.deleted = true;
  }
  if (message.reactions?.length)
    wire.reactions = message.reactions.map((reaction) => ({
      emoji: reaction.emoji,
      count: reaction.userIds.length,
      user_ids: [...reaction.userIds],
      names: reaction.names ?? [],
    }));
}
