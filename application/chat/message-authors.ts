// Every message a read answers carries its author's names as they are now
// (firstName, lastName), so the room shows a student who has left it by their
// name, not their username; a message whose author deleted their account
// stays in its room, shown as "Former member". Resolved when messages are read
// (never by rewriting history: the Redis streams and the archive keep what
// was posted). Only a read that returns messages asks, and only about their
// authors. Names are all it adds: a reader learns nothing else of an author
// who is no longer in the room.
import type { ChatMessage } from '@domain/chat/chat-message';
import { displayName } from '@domain/user/display-name';
import type { UserId } from '@domain/ids';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { AuthorRecord } from '@application/ports/user-repository';

export async function withAuthors(authors: MessageAuthors, messages: ChatMessage[]): Promise<ChatMessage[]> {
  if (messages.length === 0) return messages;
  const ids = new Set<UserId>();
  for (const message of messages) {
    ids.add(message.userId);
    if (message.quote?.userId !== undefined) ids.add(message.quote.userId);
    for (const reaction of message.reactions ?? []) for (const id of reaction.userIds) ids.add(id);
  }
  const known = await authors.among([...ids]);
  return messages.map((message) => {
    const named = withNames(known, message);
    if (message.quote?.userId !== undefined) named.quote = withNames(known, message.quote);
    if (message.reactions)
      named.reactions = message.reactions.map((reaction) => ({ ...reaction, names: reaction.userIds.map((id) => nameOf(known.get(id))) }));
    return named;
  });
}

/** The message's (or quote's) author named as they are now. */
function withNames<T extends { userId?: UserId; username?: string; firstName?: string; lastName?: string; formerMember?: boolean }>(
  known: ReadonlyMap<UserId, AuthorRecord>,
  item: T,
): T {
  const author = item.userId === undefined ? undefined : known.get(item.userId);
  if (!author) return { ...item };
  if (author.deleted) return { ...item, username: '', formerMember: true };
  return { ...item, firstName: author.firstName, lastName: author.lastName };
}

/** A reacting student's name as the room shows it. */
function nameOf(author: AuthorRecord | undefined): string {
  if (!author || author.deleted) return 'Former member';
  return displayName({ firstName: author.firstName, lastName: author.lastName, username: '' }) || 'A student';
}
