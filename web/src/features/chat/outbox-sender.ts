// Sends one room's outbox (lib/chat-outbox.ts): the oldest message first, one
// at a time, each under its own clientMessageID, so the server stores every
// one once and in the order sent, however often a try fails. While the server
// cannot be reached (offline, a dropped connection, a proxy's 502-504) it
// tries again after 1, 2, 4 … 30 s, or at once when woken (the room's poll got
// through, the browser is back online, another message was sent). A refusal
// that will not change by trying again (the text, the room, the allowance
// after a few tries) is kept on the message with why, for the student to
// retry or delete; the messages after it still go.
import type { ChatMessage } from '@contract/chat';
import { NetworkError } from '@web/lib/api-client';
import { ApiError, isApiError, isNotAuthenticated, messageForStudent, UNEXPECTED_RESPONSE } from '@web/lib/api-error';
import { readOutbox, updateOutbox, watchOutbox, type OutboxEntry } from '@web/lib/chat-outbox';
import { retryDelayMs } from '@web/lib/retry-delay';
import { newClientMessageID } from './client-message-id';
import { createWaker } from './waker';

/**
 * The server remembers a clientMessageID for a day (decision 0057); a message
 * older than this is not sent again unasked, since a try that was stored may
 * have been forgotten: the student checks the chat and retries it (as a new post) or deletes it.
 */
export const RESEND_WITHIN_MS = 23 * 3_600_000;

/** Said on a message that waited too long to be sent unasked. */
export const TOO_OLD = 'This message waited more than a day. Check the chat above, then retry or delete it.';

/** Tries of one message the server refused for a while (too fast, its own error) before it is shown as not sent. */
export const SEND_TRIES = 3;

/**
 * What a failed try means: `unreachable`, the server was not reached (or a
 * proxy stood in for it): tried again until it is; `retry`, it answered but
 * may take it later (too fast, its own error): tried again a few times;
 * `refused`, it will not take it: shown on the message; `session-ended`: kept
 * for the student's return.
 */
export type SendFailureKind = 'unreachable' | 'retry' | 'refused' | 'session-ended';

export function classifySendFailure(error: unknown): SendFailureKind {
  if (error instanceof NetworkError) return 'unreachable';
  if (isNotAuthenticated(error)) return 'session-ended';
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 502 || error.status === 503 || error.status === 504) return 'unreachable';
  if (error.status === 408 || error.status === 429 || error.status >= 500 || error.code === UNEXPECTED_RESPONSE) return 'retry';
  return 'refused';
}

/** Why a message was not sent, in words for the student. */
function sendFailure(error: unknown): string {
  if (isNotAuthenticated(error)) return 'Your session ended. Log in again to send messages.';
  if (isApiError(error, 'RATE_LIMITED')) return 'You are sending messages too quickly. Wait a few seconds and try again.';
  if (isApiError(error, 'INVALID_TEXT')) return messageForStudent(error, 'Your message contains characters that cannot be sent.');
  if (isApiError(error, 'VALIDATION_FAILED')) return 'Messages can be 1 to 2,000 characters long.';
  if (isApiError(error, 'NOT_COURSE_MEMBER', 'NOT_GROUP_MEMBER')) return 'You are no longer a member here, so your message was not sent.';
  if (isApiError(error, 'MESSAGE_NOT_FOUND')) return 'The message you replied to was deleted, so yours was not sent.';
  if (error instanceof NetworkError) return 'Could not reach Study Swamp. Your message was not sent; try again.';
  return 'Your message was not sent. Please try again.';
}

/** The room as its store holds it, for the sender. */
export interface OutboxRoom {
  /** The room's outbox (outboxKey). */
  key: string;
  /** Posts one message; resolves to it as stored. */
  post(entry: OutboxEntry): Promise<ChatMessage>;
  /** A message was stored (and is out of the outbox): the log shows it. */
  delivered(stored: ChatMessage): void;
  /** Whether the last try reached the server; false while messages wait for it. */
  reachable(ok: boolean): void;
  /** True when the refusal ends this room for the student (signed out, or no longer allowed in). */
  endsRoom(error: unknown): boolean;
  /** The room's outbox changed (here, or in another tab of this browser): what the log shows as pending. */
  changed(entries: readonly OutboxEntry[]): void;
}

export interface OutboxSender {
  /** Send what waits now (a new message, a retry, the connection back). */
  kick(): void;
  stop(): void;
}

/** Marks a message as refused for good, with why. */
function refuse(key: string, clientMessageID: string, failure: string): void {
  updateOutbox(key, (entries) => entries.map((e) => (e.clientMessageID === clientMessageID ? { ...e, failure } : e)));
}

/** Puts a message at the end of the room's outbox, under the id every try of it will carry (decision 0057). */
export function queueMessage(key: string, text: string, replyTo?: string): void {
  const entry: OutboxEntry = { clientMessageID: newClientMessageID(), text, at: Date.now(), ...(replyTo ? { replyTo } : {}) };
  updateOutbox(key, (entries) => [...entries, entry]);
}

/** A refused message goes again, under its id; one too old to be known by it as a new post (the student has checked). */
export function retryMessage(key: string, clientMessageID: string): void {
  updateOutbox(key, (entries) =>
    entries.map((e) => {
      if (e.clientMessageID !== clientMessageID) return e;
      const reply = e.replyTo ? { replyTo: e.replyTo } : {};
      if (Date.now() - e.at > RESEND_WITHIN_MS) return { clientMessageID: newClientMessageID(), text: e.text, at: Date.now(), ...reply };
      return { clientMessageID: e.clientMessageID, text: e.text, at: e.at, ...reply };
    }),
  );
}

/** Takes a refused message out of the outbox (one on its way cannot be); answers its text, or undefined. */
export function discardMessage(key: string, clientMessageID: string): string | undefined {
  const entry = readOutbox(key).find((e) => e.clientMessageID === clientMessageID && e.failure !== undefined);
  if (!entry) return undefined;
  updateOutbox(key, (entries) => entries.filter((e) => e !== entry));
  return entry.text;
}

export function startOutboxSender(room: OutboxRoom): OutboxSender {
  const waker = createWaker();
  let stopped = false;
  let running = false;
  // Failed tries in a row: of any message while the server is unreachable, of the first in line while it refuses.
  let unreachable = 0;
  let tries = 0;

  async function loop(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (!stopped) {
        const head = readOutbox(room.key).find((entry) => !entry.failure);
        if (!head) {
          unreachable = 0;
          room.reachable(true);
          return;
        }
        if (Date.now() - head.at > RESEND_WITHIN_MS) {
          refuse(room.key, head.clientMessageID, TOO_OLD);
          continue;
        }
        try {
          const stored = await room.post(head);
          // Shown in the log as it leaves the outbox (in one render); out of the outbox even when the room was closed meanwhile.
          if (!stopped) room.delivered(stored);
          updateOutbox(room.key, (entries) => entries.filter((e) => e.clientMessageID !== head.clientMessageID));
          if (stopped) return;
          unreachable = 0;
          tries = 0;
          room.reachable(true);
        } catch (error) {
          if (stopped) return;
          console.error('Could not send the message', error);
          const kind = classifySendFailure(error);
          if (kind === 'session-ended') {
            // Kept: the student may log in again, and the room's chat sends it then.
            room.endsRoom(error);
            return;
          }
          if (kind === 'unreachable') {
            unreachable += 1;
            room.reachable(false);
            await waker.sleep(retryDelayMs(unreachable));
          } else if (kind === 'retry' && tries + 1 < SEND_TRIES) {
            tries += 1;
            await waker.sleep(retryDelayMs(tries));
          } else {
            tries = 0;
            refuse(room.key, head.clientMessageID, sendFailure(error));
            room.endsRoom(error);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  function kick(): void {
    if (stopped) return;
    waker.wake();
    void loop();
  }

  // A message sent or retried here, or in another tab of this browser, goes now; and so does all once back online.
  room.changed(readOutbox(room.key));
  const unwatch = watchOutbox(room.key, (entries) => {
    room.changed(entries);
    kick();
  });
  if (typeof window !== 'undefined') window.addEventListener('online', kick);
  void loop();
  return {
    kick,
    stop() {
      stopped = true;
      waker.wake();
      unwatch();
      if (typeof window !== 'undefined') window.removeEventListener('online', kick);
    },
  };
}
