// One chat room kept current, as a store of its own per open panel: a poll
// every second with the cursor of the newest polled message (paused while the
// tab is hidden, caught up on return), older pages on request, and sending.
// Every answer is merged by id. Not TanStack Query: the cursor poll is the
// product's design (spec 9), and a cache of "the latest 50" would fight it.
import { createStore } from 'zustand/vanilla';
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import { checkMessageText } from '../../../../domain/chat/chat-message';
import type { ChatRoom } from '../../../../domain/chat/chat-room';
import { FIRST_MESSAGE_ID } from '../../../../domain/chat/message-id';
import { NetworkError } from '../../lib/api-client';
import { isApiError, isNotAuthenticated, messageForStudent } from '../../lib/api-error';
import { useSessionStore } from '../../lib/session-store';
import { EARLIER_PAGE_SIZE, fetchMessages, POLL_BATCH_LIMIT, sendMessage } from './api';
import { mergeMessages } from './merge-messages';

/** Spec 9: the chat is polled every second. */
export const POLL_INTERVAL_MS = 1_000;

export interface ChatRoomState {
  messages: ChatMessage[];
  /** The room may hold messages older than the first one shown. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  earlierFailed: boolean;
  sending: boolean;
  /** Why the last message was not sent; empty once one is. */
  sendError: string;
  /** The server refused the room to this student (removed, or left elsewhere): polling has stopped for good. */
  accessLost: boolean;
  /** Starts polling; answers the function that stops it. */
  startPolling(): () => void;
  loadEarlier(): Promise<void>;
  /** Resolves to true once stored; otherwise `sendError` says why (nothing is said for a blank message). */
  send(draft: string): Promise<boolean>;
}

/** Refusals that mean the student can no longer use this room. */
const ACCESS_LOST = ['NOT_COURSE_MEMBER', 'NOT_GROUP_MEMBER', 'COURSE_NOT_FOUND', 'STUDY_GROUP_NOT_FOUND'] as const;

function sendFailure(error: unknown): string {
  if (isNotAuthenticated(error)) return 'Your session ended. Log in again to send messages.';
  if (isApiError(error, 'RATE_LIMITED')) return 'You are sending messages too quickly. Wait a few seconds and try again.';
  if (isApiError(error, 'INVALID_TEXT')) return messageForStudent(error, 'Your message contains characters that cannot be sent.');
  if (isApiError(error, 'VALIDATION_FAILED')) return 'Messages can be 1 to 2,000 characters long.';
  if (isApiError(error, 'NOT_COURSE_MEMBER', 'NOT_GROUP_MEMBER')) return 'You are no longer a member here, so your message was not sent.';
  if (error instanceof NetworkError) return 'Could not reach Study Swamp. Your message was not sent; try again.';
  return 'Your message was not sent. Please try again.';
}

/** The checked text, or the rule's sentence; the same rule the server applies, counting code points. */
function checkedText(draft: string): { text: string } | { problem: string } {
  try {
    return { text: checkMessageText(draft) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export function createChatRoomStore(room: ChatRoom, userId: number, initialMessages: ChatMessage[]) {
  // Only polls move the cursor: a sent message's id would skip messages
  // others posted just before it, which the next poll still has to bring.
  let pollCursor = initialMessages.at(-1)?.id ?? FIRST_MESSAGE_ID;

  return createStore<ChatRoomState>()((set, get) => {
    /** True when the refusal ends this room for the student (signed out, or no longer allowed in). */
    function endsRoom(error: unknown): boolean {
      if (isNotAuthenticated(error)) {
        useSessionStore.getState().signedOut();
        return true;
      }
      if (isApiError(error, ...ACCESS_LOST)) {
        set({ accessLost: true });
        return true;
      }
      return false;
    }

    return {
      messages: initialMessages,
      hasEarlier: initialMessages.length >= EARLIER_PAGE_SIZE,
      loadingEarlier: false,
      earlierFailed: false,
      sending: false,
      sendError: '',
      accessLost: false,

      startPolling() {
        let stopped = false;
        let inFlight = false;
        let timer: ReturnType<typeof setTimeout> | undefined;

        const schedule = () => {
          if (!stopped && !document.hidden && timer === undefined) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
        };

        async function poll(): Promise<void> {
          timer = undefined;
          if (stopped || inFlight || document.hidden || get().accessLost) return;
          inFlight = true;
          try {
            // A full answer means more are waiting (a tab back from the background): ask again at once.
            for (;;) {
              const batch = await fetchMessages(room, userId, { after: pollCursor });
              if (stopped) return;
              if (batch.length > 0) {
                pollCursor = batch[batch.length - 1].id;
                set((state) => ({ messages: mergeMessages(state.messages, batch) }));
              }
              if (batch.length < POLL_BATCH_LIMIT) break;
            }
          } catch (error) {
            if (stopped || endsRoom(error)) return;
            // Spec 8: a failed poll is logged, and polling goes on.
            console.error('response error', error);
          } finally {
            inFlight = false;
          }
          schedule();
        }

        function onVisibilityChange() {
          if (document.hidden) {
            clearTimeout(timer);
            timer = undefined;
          } else {
            void poll();
          }
        }

        document.addEventListener('visibilitychange', onVisibilityChange);
        schedule();
        return () => {
          stopped = true;
          clearTimeout(timer);
          document.removeEventListener('visibilitychange', onVisibilityChange);
        };
      },

      async loadEarlier() {
        const oldest = get().messages[0];
        if (!oldest) {
          set({ hasEarlier: false });
          return;
        }
        set({ loadingEarlier: true, earlierFailed: false });
        try {
          const page = await fetchMessages(room, userId, { before: oldest.id });
          set((state) => ({ messages: mergeMessages(state.messages, page), hasEarlier: page.length >= EARLIER_PAGE_SIZE }));
        } catch (error) {
          if (isNotAuthenticated(error)) {
            useSessionStore.getState().signedOut();
            return;
          }
          console.error('Could not load earlier messages', error);
          set({ earlierFailed: true });
        } finally {
          set({ loadingEarlier: false });
        }
      },

      async send(draft) {
        // Spec 5: empty messages are not sent.
        if (get().sending || draft.trim() === '') return false;
        const checked = checkedText(draft);
        if ('problem' in checked) {
          set({ sendError: checked.problem });
          return false;
        }
        set({ sending: true });
        try {
          const stored = await sendMessage(room, userId, checked.text);
          set((state) => ({ messages: mergeMessages(state.messages, [stored]), sending: false, sendError: '' }));
          return true;
        } catch (error) {
          console.error('Could not send the message', error);
          // The text stays with the caller, so nothing typed is lost.
          set({ sending: false, sendError: sendFailure(error) });
          endsRoom(error);
          return false;
        }
      },
    };
  });
}

export type ChatRoomStore = ReturnType<typeof createChatRoomStore>;
