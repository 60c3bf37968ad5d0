// A chat room's messages kept current: a poll every second with the cursor of
// the newest polled message (paused while the tab is hidden, caught up on
// return), older pages on request, and sending. Every answer is merged by id.
import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError } from '../../lib/api-client';
import { isApiError, messageForStudent } from '../../lib/api-error';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { EARLIER_PAGE_SIZE, fetchMessages, POLL_BATCH_LIMIT, sendMessage } from './api';
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import { FIRST_MESSAGE_ID } from '../../../../domain/chat/message-id';
import type { ChatRoom } from '../../../../domain/chat/chat-room';
import { mergeMessages } from './merge-messages';

/** Spec 9: the chat is polled every second. */
export const POLL_INTERVAL_MS = 1_000;


export interface ChatRoomState {
  messages: ChatMessage[];
  /** The room may hold messages older than the first one shown. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  earlierFailed: boolean;
  loadEarlier(): Promise<void>;
  /** Resolves to null once stored, or to a sentence saying why it was not. */
  send(text: string): Promise<string | null>;
}

/** Refusals that mean the student can no longer use this room: polling stops. */
const ACCESS_LOST = ['NOT_COURSE_MEMBER', 'NOT_GROUP_MEMBER', 'COURSE_NOT_FOUND', 'STUDY_GROUP_NOT_FOUND'] as const;

export function isAccessLost(error: unknown): boolean {
  return isApiError(error, ...ACCESS_LOST);
}

function sendFailure(error: unknown): string {
  if (isApiError(error, 'RATE_LIMITED')) return 'You are sending messages too quickly. Wait a few seconds and try again.';
  if (isApiError(error, 'INVALID_TEXT')) return messageForStudent(error, 'Your message contains characters that cannot be sent.');
  if (isApiError(error, 'VALIDATION_FAILED')) return 'Messages can be 1 to 2,000 characters long.';
  if (isApiError(error, 'NOT_COURSE_MEMBER') || isApiError(error, 'NOT_GROUP_MEMBER')) {
    return 'You are no longer a member here, so your message was not sent.';
  }
  if (error instanceof NetworkError) return 'Could not reach Study Swamp. Your message was not sent; try again.';
  return 'Your message was not sent. Please try again.';
}

/**
 * `onAccessLost` is called once when the server says the student may no longer
 * use the room (removed from the group, left the course elsewhere): polling
 * stops there rather than asking for a 403 every second.
 */
export function useChatRoom(room: ChatRoom, userId: number, initialMessages: ChatMessage[], onAccessLost?: () => void): ChatRoomState {
  const [messages, setMessages] = useState(initialMessages);
  const [hasEarlier, setHasEarlier] = useState(initialMessages.length >= EARLIER_PAGE_SIZE);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierFailed, setEarlierFailed] = useState(false);
  const signOutWhenExpired = useSignOutWhenExpired();
  // Only polls move the cursor: a sent message's id would skip messages
  // others posted just before it, which the next poll still has to bring.
  const pollCursor = useRef(initialMessages.at(-1)?.id ?? FIRST_MESSAGE_ID);
  const messagesRef = useRef(messages);
  const onAccessLostRef = useRef(onAccessLost);
  useEffect(() => {
    messagesRef.current = messages;
    onAccessLostRef.current = onAccessLost;
  });
  const { kind, id } = room;

  useEffect(() => {
    const target: ChatRoom = { kind, id };
    let stopped = false;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      if (!stopped && !document.hidden && timer === undefined) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };

    async function poll(): Promise<void> {
      timer = undefined;
      if (stopped || inFlight || document.hidden) return;
      inFlight = true;
      try {
        // A full answer means more are waiting (a tab back from the background): ask again at once.
        for (;;) {
          const batch = await fetchMessages(target, userId, { after: pollCursor.current });
          if (stopped) return;
          if (batch.length > 0) {
            pollCursor.current = batch[batch.length - 1].id;
            setMessages((current) => mergeMessages(current, batch));
          }
          if (batch.length < POLL_BATCH_LIMIT) break;
        }
      } catch (error) {
        if (stopped) return;
        if (signOutWhenExpired(error)) {
          stopped = true;
          return;
        }
        if (isAccessLost(error)) {
          stopped = true;
          onAccessLostRef.current?.();
          return;
        }
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
  }, [kind, id, userId, signOutWhenExpired]);

  const loadEarlier = useCallback(async () => {
    const oldest = messagesRef.current[0];
    if (!oldest) {
      setHasEarlier(false);
      return;
    }
    setLoadingEarlier(true);
    setEarlierFailed(false);
    try {
      const page = await fetchMessages({ kind, id }, userId, { before: oldest.id });
      setMessages((current) => mergeMessages(current, page));
      setHasEarlier(page.length >= EARLIER_PAGE_SIZE);
    } catch (error) {
      if (signOutWhenExpired(error)) return;
      console.error('Could not load earlier messages', error);
      setEarlierFailed(true);
    } finally {
      setLoadingEarlier(false);
    }
  }, [kind, id, userId, signOutWhenExpired]);

  const send = useCallback(
    async (text: string): Promise<string | null> => {
      try {
        const stored = await sendMessage({ kind, id }, userId, text);
        setMessages((current) => mergeMessages(current, [stored]));
        return null;
      } catch (error) {
        if (signOutWhenExpired(error)) return 'Your session ended. Log in again to send messages.';
        console.error('Could not send the message', error);
        if (isAccessLost(error)) onAccessLostRef.current?.();
        return sendFailure(error);
      }
    },
    [kind, id, userId, signOutWhenExpired],
  );

  return { messages, hasEarlier, loadingEarlier, earlierFailed, loadEarlier, send };
}
