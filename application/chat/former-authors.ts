// Messages whose author deleted their account stay in their room, shown as
// "Former member": resolved when messages are read (never by rewriting
// history: the Redis streams and the archive keep what was posted). Only a
// read that returns messages asks, and only about their authors.
import type { ChatMessage } from '@domain/chat/chat-message';
import type { FormerMembers } from '@application/ports/former-members';

export async function withFormerMembers(formerMembers: FormerMembers, messages: ChatMessage[]): Promise<ChatMessage[]> {
  if (messages.length === 0) return messages;
  const gone = await formerMembers.among([...new Set(messages.map((message) => message.userId))]);
  if (gone.size === 0) return messages;
  return messages.map((message) => (gone.has(message.userId) ? { ...message, username: '', formerMember: true } : message));
}
