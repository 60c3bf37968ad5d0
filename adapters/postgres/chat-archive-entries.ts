// What the chat archive holds and answers, shared by its Postgres tables
// (knex-chat-archive.ts) and the Redis stream log that falls back to it: an
// entry (a message, or an edit or delete of one), a changed message's state,
// and a log entry as the log answers it.
import type { ChatMessage } from '@domain/chat/chat-message';
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
}): ChatMessage {
  const { id, username, message, change } = entry;
  const userId = UserId(entry.userId);
  if (!change) return { id: formatMessageId(id), userId, username, message, time: messageTime(id) };
  const item = withState(
    { id: formatMessageId(change.target), userId, username, message, time: messageTime(change.target) },
    message,
    change.editedAt,
    change.deleted,
  );
  return { ...item, event: formatMessageId(id) };
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
export function withState(message: ChatMessage, text: string, editedAt: Date | string | null | undefined, deleted: boolean): ChatMessage {
  const state: ChatMessage = { ...message, message: text };
  if (editedAt) state.editedAt = new Date(editedAt);
  if (deleted) state.deleted = true;
  return state;
}
