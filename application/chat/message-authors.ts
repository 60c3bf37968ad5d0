// Every message a read answers carries its author's names as they are now
// (firstName, lastName), so the room shows a student who has left it by their
// name, not their username; a message whose author deleted their account
// stays in its room, shown as "Former member". Resolved when messages are read
// (never by rewriting history: the Redis streams and the archive keep what
// was posted). Only a read that returns messages asks, and only about their
// authors. Names are all it adds: a reader learns nothing else of an author
// who is no longer in the room.
import type { ChatMessage } from '@domain/chat/chat-message';
import type { MessageAuthors } from '@application/ports/message-authors';

export async function withAuthors(authors: MessageAuthors, messages: ChatMessage[]): Promise<ChatMessage[]> {
  if (messages.length === 0) return messages;
  const known = await authors.among([...new Set(messages.map((message) => message.userId))]);
  return messages.map((message) => {
    const author = known.get(message.userId);
    if (!author) return message;
    if (author.deleted) return { ...message, username: '', formerMember: true };
    return { ...message, firstName: author.firstName, lastName: author.lastName };
  });
}
