// The poll of one open chat room: a long poll in a loop (?after=<cursor>&wait=25,
// answered as soon as something arrives), paused while the tab is hidden and
// caught up on return; after an error, the spec's one-second poll until the
// long poll is tried again (after 1, 2, 4 … 30 s with jitter). While the
// student's other rooms are known, the long poll watches them too, standing in
// for the unread summary's own poll (unread-store.ts). Its answer also says
// when what the page shows of study groups changed (the group of a group's
// chat, the groups of a course's): the page reads them again; and so it does
// when the long poll starts again after a pause or a failure, since a change
// meanwhile was told to no one. Whether the server can be reached is told
// as each poll ends (the chat shows "Reconnecting…" while it cannot), and
// the browser coming back online tries the long poll again at once.
import type { ChatMessage } from '@contract/chat';
import type { ChatRoom } from '@domain/chat/chat-room';
import { NetworkError } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { retryDelayMs } from '@web/lib/retry-delay';
import { fetchMessages, POLL_BATCH_LIMIT, waitForMessages } from './api';
import { coverUnread, refreshUnread, roomsToWatch } from './unread-store';
import { createWaker } from './waker';

/** Spec 9: the chat is polled every second (the fallback while long polls fail). */
const POLL_INTERVAL_MS = 1_000;

/** The room as its store holds it, for the poll. */
export interface PolledRoom {
  room: ChatRoom;
  /** The signed-in student. */
  userId: number;
  /** Where the next poll starts: the newest item taken so far. */
  cursor(): string;
  /** Takes a poll's items (maybe none), oldest first, moving the cursor. */
  take(batch: ChatMessage[]): void;
  /** The room was refused to the student: polling has stopped for good. */
  lost(): boolean;
  /** True when the refusal ends this room for the student (signed out, or no longer allowed in). */
  endsRoom(error: unknown): boolean;
  /** What the room's page shows of study groups may have changed: the page reads it again. */
  pageChanged(): void;
  /** A poll got an answer (true), or found the server out of reach (false). */
  reachable(ok: boolean): void;
}

/** No answer, or a proxy's instead of the server's: the connection, not the request, is the trouble. */
function unreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && [502, 503, 504].includes(error.status));
}

/** Polls the room until the function it answers is called. */
export function pollRoom(polled: PolledRoom): () => void {
  let stopped = false;
  let looping = false;
  let controller: AbortController | null = null;
  let releaseCover: (() => void) | null = null;
  const waker = createWaker();
  // The long poll is tried again from this moment; before it, the one-second poll.
  let longPollAt = 0;
  let longFailures = 0;
  let failures = 0;
  // No long poll was waiting for a while (the tab hidden, or long polls failing): a group change may have gone by.
  let unwatched = false;

  const paused = () => stopped || document.hidden || polled.lost();
  const cover = (on: boolean) => {
    if (on && !releaseCover) releaseCover = coverUnread();
    if (!on && releaseCover) {
      releaseCover();
      releaseCover = null;
    }
  };

  async function loop(): Promise<void> {
    if (looping) return;
    looping = true;
    try {
      while (!paused()) {
        const long = Date.now() >= longPollAt;
        const request = new AbortController();
        controller = request;
        try {
          if (long) {
            if (unwatched) {
              unwatched = false;
              polled.pageChanged();
            }
            // Once the student's rooms are known, this poll watches the others and the summary's own poll waits.
            const watch = roomsToWatch(polled.room);
            cover(watch !== null);
            const answer = await waitForMessages(polled.room, polled.userId, polled.cursor(), {
              watch: watch ?? [],
              signal: request.signal,
            });
            if (stopped) return;
            longFailures = 0;
            failures = 0;
            polled.reachable(true);
            polled.take(answer.messages);
            if (answer.activity) refreshUnread();
            if (answer.groupChanged) polled.pageChanged();
          } else {
            cover(false);
            const batch = await fetchMessages(polled.room, polled.userId, { after: polled.cursor() });
            if (stopped) return;
            failures = 0;
            polled.reachable(true);
            polled.take(batch);
            // A full answer means more are waiting (a tab back from the background): ask again at once.
            if (batch.length < POLL_BATCH_LIMIT) await waker.sleep(Math.min(POLL_INTERVAL_MS, Math.max(0, longPollAt - Date.now())));
          }
        } catch (error) {
          // Stopped, or paused while the tab is hidden.
          if (paused() || request.signal.aborted) return;
          if (polled.endsRoom(error)) return;
          // Spec 8: a failed poll is logged, and polling goes on.
          console.error('response error', error);
          // A long poll cut once (a proxy's limit) is not yet an outage; a one-second poll that fails is.
          if (!long || unreachable(error)) polled.reachable(false);
          cover(false);
          failures += 1;
          unwatched = true;
          if (long) {
            longFailures += 1;
            longPollAt = Date.now() + retryDelayMs(longFailures);
            await waker.sleep(POLL_INTERVAL_MS);
          } else {
            await waker.sleep(retryDelayMs(failures));
          }
        }
      }
    } finally {
      looping = false;
      controller = null;
      cover(false);
    }
    // Hidden and shown again before this loop saw it stop: it goes on.
    if (!paused()) void loop();
  }

  function onVisibilityChange() {
    if (document.hidden) {
      // Paused: the request on its way is not needed, and no request is held for a hidden tab.
      unwatched = true;
      controller?.abort();
      waker.wake();
    } else {
      void loop();
    }
  }

  function onOnline() {
    // Back online: the long poll at once, not after its back-off.
    longPollAt = 0;
    failures = 0;
    waker.wake();
  }

  document.addEventListener('visibilitychange', onVisibilityChange);
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  void loop();
  return () => {
    stopped = true;
    controller?.abort();
    waker.wake();
    cover(false);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  };
}
