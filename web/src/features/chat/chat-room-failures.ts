// What the chat room's store says when the server refuses a message or a
// change to one, and the client's own check of a message's text (the rule the
// server applies), kept apart from the store that uses them.
import { checkMessageText } from '@domain/chat/chat-message';
import { NetworkError } from '@web/lib/api-client';
import { isApiError, isNotAuthenticated, messageForStudent } from '@web/lib/api-error';

/** What was done to a message, as the failure's sentence says it. */
export type MessageAction = 'edited' | 'deleted' | 'reacted to';

/** Refusals that mean the student can no longer use this room. */
export const ACCESS_LOST = ['NOT_COURSE_MEMBER', 'NOT_GROUP_MEMBER', 'COURSE_NOT_FOUND', 'STUDY_GROUP_NOT_FOUND'] as const;

export function actionFailure(error: unknown, what: MessageAction): string {
  if (isNotAuthenticated(error)) return `Your session ended. Log in again; the message was not ${what}.`;
  if (isApiError(error, 'RATE_LIMITED')) return 'You are changing messages too quickly. Wait a few seconds and try again.';
  if (isApiError(error, 'EDIT_WINDOW_CLOSED', 'NOT_MESSAGE_AUTHOR', 'MESSAGE_NOT_FOUND', 'INVALID_TEXT', 'TOO_MANY_EDITS'))
    return messageForStudent(error, `The message was not ${what}.`);
  if (isApiError(error, 'VALIDATION_FAILED')) return 'Messages can be 1 to 2,000 characters long.';
  if (error instanceof NetworkError) return `Could not reach Study Swamp. The message was not ${what}; try again.`;
  return `The message was not ${what}. Please try again.`;
}

/** The checked text, or the rule's sentence; the same rule the server applies, counting code points. */
export function checkedText(draft: string): { text: string } | { problem: string } {
  try {
    return { text: checkMessageText(draft) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
