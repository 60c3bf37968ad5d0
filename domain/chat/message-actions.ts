// Who may change a message once it is posted: its author edits it for 24
// hours and deletes it any time; a study group's owner may delete any message
// of the group's chat. Course chats have no moderator.
import type { UserId } from '@domain/ids';
import { EditWindowClosedError, MessageNotFoundError, NotMessageAuthorError } from './chat-errors';
import { EDIT_WINDOW_MS, type ChatMessage } from './chat-message';

/** The message as it reads after its author's edit. */
export function editedMessage(message: ChatMessage | null, actingUserId: UserId, text: string, nowMs: number): ChatMessage {
  if (!message || message.deleted) throw new MessageNotFoundError();
  if (message.userId !== actingUserId) throw new NotMessageAuthorError('edit');
  if (nowMs - message.time.getTime() > EDIT_WINDOW_MS) throw new EditWindowClosedError();
  return { ...stateOf(message), message: text, editedAt: new Date(nowMs) };
}

/**
 * The message as it reads once deleted, or null when it already is (deleting
 * twice changes nothing). `moderates`: the acting student owns the group whose
 * chat holds it.
 */
export function deletedMessage(message: ChatMessage | null, actingUserId: UserId, moderates: boolean): ChatMessage | null {
  if (!message) throw new MessageNotFoundError();
  if (message.userId !== actingUserId && !moderates) throw new NotMessageAuthorError('delete');
  if (message.deleted) return null;
  return { ...stateOf(message), message: '', deleted: true };
}

/** The message itself, without the event an item read from a poll may carry. */
function stateOf(message: ChatMessage): ChatMessage {
  const { event: _event, ...state } = message;
  return state;
}
