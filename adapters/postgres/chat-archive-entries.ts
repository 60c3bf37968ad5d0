// What the chat archive holds and answers, shared by its Postgres tables
// (knex-chat-archive.ts) and the Redis stream log that falls back to it: an
// entry (a message, or an edit or delete of one), a changed message's state,
// and a log entry as the log answers it.
import type { ChatMessage } from '@domain/chat/chat-message';
import { summarizeReactions, type MessageReaction } from '@domain/chat/reactions';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, messageTime, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { UserId } from '@domain/ids';

type EntryKind = 'message' | 'edit' | 'delete';

export interface ArchivedEntry {
  room: ChatRoom;
  id: MessageId;
  /** The message's author (for an edit or delete: the changed message's). */
  userId: number;
  /** The text (for an edit or delete: the message's text after it). */
  message: string;
  /** Absent: a message. */
  change?: EntryChange;
  /** The client's id of the post (embedded mode only; unique per student and room). */
  clientMessageID?: string;
  /** The message it answers (a message, or an edit or delete of a reply: the reply's). */
  replyTo?: MessageId;
}

/** What an edit or delete entry holds beside the message's author and text: the message it changes and its state after it. */
export interface EntryChange {
  kind: Exclude<EntryKind, 'message'>;
  target: MessageId;
  editedAt: Date | null;
  deleted: boolean;
}

/** A changed message's state as chat_message_edits keeps it, with its author when the archive has the message's row. */
export interface ChangedMessage {
  id: MessageId;
  message: string;
  editedAt: Date | null;
  deleted: boolean;
  author: { userId: number; username: string } | null;
  reactions: MessageReaction[];
  /** The message it answers, when the archive holds the message's row and it is a reply. */
  replyTo: MessageId | null;
}

/** The message's latest change before the one being recorded (null: it had none). */
export interface PreviousChange {
  event: MessageId;
}

/** A log entry as the log answers it: a message as posted, or for an edit or delete the message's state after it, with `event`. */
export function entryToItem(entry: {
  id: MessageId;
  userId: number;
  username: string;
  message: string;
  change?: EntryChange;
  replyTo?: MessageId | null;
  reactions?: MessageReaction[];
}): ChatMessage {
  const { id, username, message, change } = entry;
  const userId = UserId(entry.userId);
  const reply = entry.replyTo ? { replyTo: formatMessageId(entry.replyTo) } : {};
  if (!change) return { id: formatMessageId(id), userId, username, message, time: messageTime(id), ...reply };
  const item = withState(
    { id: formatMessageId(change.target), userId, username, message, time: messageTime(change.target), ...reply },
    message,
    change.editedAt,
    change.deleted,
    entry.reactions,
  );
  return { ...item, event: formatMessageId(id) };
}

/** Reactions as chat_message_edits keeps them (jsonb; a driver may hand over the text), read defensively. */
export function reactionsFromColumn(value: unknown): MessageReaction[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  const rows: { emoji: string; userId: UserId }[] = [];
  for (const item of parsed as { emoji?: unknown; userIds?: unknown }[]) {
    if (typeof item?.emoji !== 'string' || !Array.isArray(item.userIds)) continue;
    for (const id of item.userIds) if (Number.isSafeInteger(id)) rows.push({ emoji: item.emoji, userId: UserId(id as number) });
  }
  return summarizeReactions(rows);
}

/** A message id kept as two columns (null when the first is). */
export function idFromColumns(ms: string | number | null | undefined, seq: number | null | undefined): MessageId | null {
  return ms === null || ms === undefined || seq === null || seq === undefined ? null : { ms: Number(ms), seq };
}

/** The change that brings a message to this state. */
export function changeTo(state: ChatMessage): EntryChange {
  return {
    kind: state.deleted ? 'delete' : 'edit',
    target: parseMessageId(state.id)!,
    editedAt: state.editedAt ?? null,
    deleted: state.deleted === true,
  };
}

/** A message with a state laid over it: the text, and the edit time and deletion when there are. */
export function withState(
  message: ChatMessage,
  text: string,
  editedAt: Date | string | null | undefined,
  deleted: boolean,
  reactions?: MessageReaction[],
): ChatMessage {
  const state: ChatMessage = { ...message, message: text };
  if (editedAt) state.editedAt = new Date(editedAt);
  if (deleted) state.deleted = true;
  if (reactions?.length && !deleted) state.reactions = reactions;
  else delete state.reactions;
  return state;
}
