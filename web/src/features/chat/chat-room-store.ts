// One chat room kept current, as a store of its own per open panel: its poll
// (room-poll.ts) brings what is new after the cursor; also older pages on
// request, sending, editing and deleting, and reporting what the student has
// read (at most every 2 s). Every answer is merged by id. Messages sent wait
// in the room's outbox (lib/chat-outbox.ts), shown as pending, until
// outbox-sender.ts has them stored; while the server cannot be reached the
// store says it is reconnecting. Not TanStack Query: the cursor poll is the
// product's design (spec 9), and a cache of "the latest 50" would fight it.
import { createStore } from 'zustand/vanilla';
import type { ChatMessage } from '@contract/chat';
import { positionOf } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIdText, FIRST_MESSAGE_ID } from '@domain/chat/message-id';
import { NetworkError } from '@web/lib/api-client';
import { isApiError, isNotAuthenticated } from '@web/lib/api-error';
import { outboxKey, readOutbox, type OutboxEntry } from '@web/lib/chat-outbox';
import { deleteMessage, editMessage, EARLIER_PAGE_SIZE, fetchMessages, markRead, reactToMessage, sendMessage } from './api';
import { ACCESS_LOST, actionFailure, checkedText, type MessageAction } from './chat-room-failures';
import { mergeMessages } from './merge-messages';
import { discardMessage, queueMessage, retryMessage, startOutboxSender } from './outbox-sender';
import { pollRoom } from './room-poll';
import { lastReadOf, markedRead, refreshUnreadSoon } from './unread-store';

/** Read marks are reported at most this often. */
const MARK_INTERVAL_MS = 2_000;

export interface ChatRoomState {
  messages: ChatMessage[];
  /** The room may hold messages older than the first one shown. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  earlierFailed: boolean;
  /** Why the last message could not be sent as typed (too long); empty once one is. */
  sendError: string;
  /** Messages sent and not stored yet, oldest first: on their way, waiting for the connection, or refused (`failure`). */
  pending: readonly OutboxEntry[];
  /** The server cannot be reached (polls or sends fail): the chat says it is reconnecting. */
  reconnecting: boolean;
  /** Why the last edit or delete failed; empty once one succeeds. */
  actionError: string;
  /** The server refused the room to this student (removed, or left elsewhere): polling has stopped for good. */
  accessLost: boolean;
  /** Counts the times the poll said what the room's page shows of study groups changed (the page reads it again). */
  pageChanges: number;
  /** Starts polling; answers the function that stops it. */
  startPolling(): () => void;
  loadEarlier(): Promise<void>;
  /**
   * Resolves to true once the message is in the outbox (shown as pending, sent
   * in order as soon as the server can be reached); otherwise `sendError` says
   * why (nothing is said for a blank message).
   */
  send(draft: string): Promise<boolean>;
  /** Sends a refused message again. */
  retry(clientMessageID: string): void;
  /** Takes a refused message out of the outbox; answers its text (for the message box), or undefined. */
  discard(clientMessageID: string): string | undefined;
  /** The author's new text; resolves to true once stored, otherwise `actionError` says why. */
  edit(messageId: string, draft: string): Promise<boolean>;
  /** Resolves to true once deleted, otherwise `actionError` says why. */
  remove(messageId: string): Promise<boolean>;
  /** The student has seen the room up to this message (reported at most every 2 s). */
  read(messageId: string): void;
  /** The message the next send answers (Reply), or null. */
  replyingTo: ChatMessage | null;
  replyTo(message: ChatMessage | null): void;
  /** Sets or takes off the student's reaction; resolves to true once stored, otherwise `actionError` says why. */
  react(messageId: string, emoji: string, reacted: boolean): Promise<boolean>;
  /** Loads earlier pages until the message is among those shown; resolves to whether it is. */
  reveal(messageId: string): Promise<boolean>;
}

/** `onSessionEnded`: a call was refused because the student's session ended (the tab signs out). */
export function createChatRoomStore(room: ChatRoom, userId: number, initialMessages: ChatMessage[], onSessionEnded: () => void) {
  // Only polls move the cursor: a sent message's id would skip messages
  // others posted just before it, which the next poll still has to bring.
  let pollCursor = initialMessages.at(-1)?.id ?? FIRST_MESSAGE_ID;
  // Read marks: the newest one reported, the one waiting for its turn, and when the last went.
  let marked: string | null = null;
  let pendingMark: string | null = null;
  let lastMarkAt = -Infinity;
  let markTimer: ReturnType<typeof setTimeout> | undefined;
  const outbox = outboxKey(userId, room);
  // What cannot be reached: the poll, the sender. Either makes the chat say it is reconnecting.
  const down = { poll: false, send: false };
  // An edit's, a delete's or an earlier page's failure that came from the network: said until the server is back.
  let actionFromNetwork = false;
  let earlierFromNetwork = false;

  return createStore<ChatRoomState>()((set, get) => {
    /** The poll or the sender reached the server, or failed to. Back: the network's errors shown are cleared. */
    function reach(which: keyof typeof down, ok: boolean): void {
      down[which] = !ok;
      const reconnecting = down.poll || down.send;
      if (reconnecting === get().reconnecting) return;
      const cleared = reconnecting
        ? {}
        : { ...(actionFromNetwork && { actionError: '' }), ...(earlierFromNetwork && { earlierFailed: false }) };
      if (!reconnecting) actionFromNetwork = earlierFromNetwork = false;
      set({ reconnecting, ...cleared });
    }

    /** True when the refusal ends this room for the student (signed out, or no longer allowed in). */
    function endsRoom(error: unknown): boolean {
      if (isNotAuthenticated(error)) {
        onSessionEnded();
        return true;
      }
      if (isApiError(error, ...ACCESS_LOST)) {
        set({ accessLost: true });
        return true;
      }
      return false;
    }

    /** Merges a poll's items and moves the cursor; others' messages may change the unread marks. */
    function take(batch: ChatMessage[]): void {
      if (batch.length === 0) return;
      pollCursor = positionOf(batch[batch.length - 1]);
      // A poll that brings nothing new (the student's own message coming back) changes no state: no render.
      const shown = get().messages;
      const merged = mergeMessages(shown, batch);
      if (merged !== shown) set({ messages: merged });
      // Others' messages new to the list change the unread marks: posts, and
      // messages changed before this poll saw them (the log answers those as their change).
      if (batch.some((item) => item.user_id !== userId && (item.event === undefined || !shown.some((m) => m.id === item.id))))
        refreshUnreadSoon();
    }

    /** An edit, a delete or a reaction: the answer merged in, or `actionError` saying why not. */
    async function act(what: MessageAction, call: () => Promise<ChatMessage>): Promise<boolean> {
      try {
        const changed = await call();
        set((state) => ({ messages: mergeMessages(state.messages, [changed]), actionError: '' }));
        return true;
      } catch (error) {
        console.error(`The message could not be ${what}`, error);
        actionFromNetwork = error instanceof NetworkError;
        set({ actionError: actionFailure(error, what) });
        endsRoom(error);
        return false;
      }
    }

    function sendMark(): void {
      markTimer = undefined;
      const id = pendingMark;
      pendingMark = null;
      if (id === null || get().accessLost) return;
      lastMarkAt = Date.now();
      marked = id;
      markRead(room, id).then(
        (answer) => markedRead(room, answer.lastRead, get().messages.at(-1)?.id === id),
        (error: unknown) => {
          // A mark is a courtesy: the next one covers it. Only an ended session or room matters.
          if (!endsRoom(error)) console.error('Could not report the messages read', error);
        },
      );
    }

    return {
      messages: initialMessages,
      hasEarlier: initialMessages.length >= EARLIER_PAGE_SIZE,
      loadingEarlier: false,
      earlierFailed: false,
      sendError: '',
      pending: readOutbox(outbox),
      reconnecting: false,
      actionError: '',
      accessLost: false,
      pageChanges: 0,
      replyingTo: null,

      replyTo(message) {
        set({ replyingTo: message });
      },

      react(messageId, emoji, reacted) {
        return act('reacted to', () => reactToMessage(room, userId, messageId, emoji, reacted));
      },

      async reveal(messageId) {
        const shown = () => get().messages.some((m) => m.id === messageId);
        // Each page brings older messages; one older than the oldest shown is among them if the room still has it.
        while (!shown() && get().hasEarlier && !get().earlierFailed) {
          const oldest = get().messages[0];
          if (!oldest || compareMessageIdText(oldest.id, messageId) < 0) break;
          await get().loadEarlier();
        }
        return shown();
      },

      startPolling() {
        // The outbox is sent while the room is open (what a closed room holds goes when it opens again).
        const sender = startOutboxSender({
          key: outbox,
          post: (entry) => sendMessage(room, userId, entry.text, entry.clientMessageID, entry.replyTo),
          // Merged by id: a post the poll already brought (stored before its answer was lost) stays one.
          delivered: (stored) => set((state) => ({ messages: mergeMessages(state.messages, [stored]) })),
          reachable: (ok) => reach('send', ok),
          endsRoom: (error) => endsRoom(error),
          changed: (pending) => set({ pending }),
        });
        const stop = pollRoom({
          room,
          userId,
          cursor: () => pollCursor,
          take,
          lost: () => get().accessLost,
          endsRoom,
          pageChanged: () => set((state) => ({ pageChanges: state.pageChanges + 1 })),
          reachable: (ok) => {
            reach('poll', ok);
            // The server answers again: what waits in the outbox goes now, not after its back-off.
            if (ok) sender.kick();
          },
        });
        return () => {
          stop();
          sender.stop();
          // A read waiting for its 2 s turn goes now, or the badge would count it again.
          if (markTimer !== undefined) {
            clearTimeout(markTimer);
            sendMark();
          }
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
            onSessionEnded();
            return;
          }
          console.error('Could not load earlier messages', error);
          earlierFromNetwork = error instanceof NetworkError;
          set({ earlierFailed: true });
        } finally {
          set({ loadingEarlier: false });
        }
      },

      async send(draft) {
        // Spec 5: empty messages are not sent.
        if (draft.trim() === '') return false;
        const checked = checkedText(draft);
        if ('problem' in checked) {
          set({ sendError: checked.problem });
          return false;
        }
        queueMessage(outbox, checked.text, get().replyingTo?.id);
        set({ sendError: '', pending: readOutbox(outbox), replyingTo: null });
        return true;
      },

      retry(clientMessageID) {
        retryMessage(outbox, clientMessageID);
        set({ pending: readOutbox(outbox) });
      },

      discard(clientMessageID) {
        const text = discardMessage(outbox, clientMessageID);
        set({ pending: readOutbox(outbox) });
        return text;
      },

      async edit(messageId, draft) {
        const checked = checkedText(draft);
        if ('problem' in checked) {
          set({ actionError: checked.problem });
          return false;
        }
        return act('edited', () => editMessage(room, userId, messageId, checked.text));
      },

      remove(messageId) {
        return act('deleted', () => deleteMessage(room, userId, messageId));
      },

      read(messageId) {
        const known = [marked, pendingMark, lastReadOf(room)].filter((id): id is string => id !== null);
        if (known.some((id) => compareMessageIdText(messageId, id) <= 0)) return;
        pendingMark = messageId;
        if (markTimer !== undefined) return;
        const wait = lastMarkAt + MARK_INTERVAL_MS - Date.now();
        if (wait <= 0) sendMark();
        else markTimer = setTimeout(sendMark, wait);
      },
    };
  });
}
