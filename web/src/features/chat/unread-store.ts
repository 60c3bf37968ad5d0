// The student's unread marks: one summary of every course and group chat they
// are in (GET /api/unread-counts/), kept current while they are signed in, for
// the badges of the course list, the groups and the chat, and the document
// title. It long-polls the summary itself (?wait&since, held until it
// changes), also while the tab is hidden, so a tab in the background shows
// news in its title. While an open chat's long poll watches the student's
// other rooms (`watch=`, ending with X-Chat-Activity when one has news), that
// poll stands in for it and this one waits, so an idle student holds one
// request, not two; activity, or a mark, asks for the summary once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { MAX_WATCHED_ROOMS, type ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIdText } from '@domain/chat/message-id';
import { isNotAuthenticated } from '@web/lib/api-error';
import { retryDelayMs } from '@web/lib/retry-delay';
import { signedOut } from '@web/lib/session';
import { setUnreadInTitle } from '@web/lib/use-document-title';
import { fetchUnread, type UnreadSummary } from './api';
import { createWaker, type Waker } from './waker';

export type RoomUnread = UnreadSummary['rooms'][number];

interface UnreadState {
  /** null until the first answer (and while signed out). */
  summary: UnreadSummary | null;
}

export const useUnreadStore = create<UnreadState>()(() => ({ summary: null }));

/** After a room's messages arrive, or a mark, the summary is asked for this much later: after a mark held back by its 2 s (so no count flashes up that the mark is about to clear). */
const SOON_MS = 3_000;

const sameRoom = (a: { kind: string; id: number }, b: ChatRoom) => a.kind === b.kind && a.id === b.id;

interface Loop {
  /** Whose marks. */
  userId: number;
  /**
   * The student's other tabs: a read in one shows in the others at once
   * (badges, title), not when their own poll next comes back (a tab with a
   * chat open lets that chat's poll stand in for the summary's, and a read
   * elsewhere does not end it).
   */
  otherTabs: BroadcastChannel | null;
  /** The summary was refused because the student's session ended (the tab signs out). */
  onSessionEnded: () => void;
  stopped: boolean;
  /** Open chats whose long poll watches the other rooms. */
  covered: number;
  /** Ask for the summary now, without waiting for it to change. */
  poked: boolean;
  request: { controller: AbortController; long: boolean } | null;
  waker: Waker;
  failures: number;
  retryAt: number;
  soon: ReturnType<typeof setTimeout> | undefined;
}

let current: Loop | null = null;

function show(summary: UnreadSummary | null): void {
  useUnreadStore.setState({ summary });
  setUnreadInTitle(summary?.total ?? 0);
}

async function run(loop: Loop): Promise<void> {
  while (!loop.stopped) {
    const held = useUnreadStore.getState().summary;
    const plain = held === null || loop.poked;
    const backoff = loop.retryAt - Date.now();
    if (backoff > 0) {
      await loop.waker.sleep(backoff);
      continue;
    }
    if (!plain && loop.covered > 0) {
      await loop.waker.sleep();
      continue;
    }
    loop.poked = false;
    const controller = new AbortController();
    loop.request = { controller, long: !plain };
    try {
      const summary = await fetchUnread(plain ? { signal: controller.signal } : { since: held.version, signal: controller.signal });
      if (loop.stopped) return;
      loop.failures = 0;
      show(summary);
    } catch (error) {
      if (loop.stopped) return;
      // Stopped on purpose: a chat took over the watching, or the summary is wanted now.
      if (controller.signal.aborted) continue;
      if (isNotAuthenticated(error)) {
        loop.onSessionEnded();
        return;
      }
      console.error('Could not read the unread marks', error);
      loop.failures += 1;
      loop.retryAt = Date.now() + retryDelayMs(loop.failures);
    } finally {
      if (loop.request?.controller === controller) loop.request = null;
    }
  }
}

/** Keeps the summary current until the function it answers is called (signed out, or another student). */
export function startUnreadMarks(userId: number, onSessionEnded: () => void): () => void {
  const loop: Loop = {
    userId,
    otherTabs: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(READ_MARKS_CHANNEL),
    onSessionEnded,
    stopped: false,
    covered: 0,
    poked: false,
    request: null,
    waker: createWaker(),
    failures: 0,
    retryAt: 0,
    soon: undefined,
  };
  current = loop;
  if (loop.otherTabs) {
    loop.otherTabs.onmessage = (event: MessageEvent<MarkNews>) => {
      const { userId: whose, room, lastRead, readAll } = event.data;
      if (current === loop && whose === userId) showMark({ kind: room.kind, id: room.id }, lastRead, readAll);
    };
  }
  void run(loop);
  return () => {
    loop.stopped = true;
    loop.otherTabs?.close();
    loop.request?.controller.abort();
    loop.waker.wake();
    clearTimeout(loop.soon);
    if (current === loop) {
      current = null;
      show(null);
    }
  };
}

/** Ask for the summary now (a watched room had news). */
export function refreshUnread(): void {
  const loop = current;
  if (!loop) return;
  clearTimeout(loop.soon);
  loop.soon = undefined;
  loop.poked = true;
  if (loop.request?.long) loop.request.controller.abort();
  loop.waker.wake();
}

/** Ask for the summary shortly, once for a burst of reasons. */
export function refreshUnreadSoon(): void {
  const loop = current;
  if (!loop || loop.soon !== undefined) return;
  loop.soon = setTimeout(() => {
    loop.soon = undefined;
    if (current === loop) refreshUnread();
  }, SOON_MS);
}

/** An open chat's long poll watches the other rooms now; the function it answers ends that. */
export function coverUnread(): () => void {
  const loop = current;
  if (!loop) return () => undefined;
  loop.covered += 1;
  if (loop.request?.long) loop.request.controller.abort();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    loop.covered -= 1;
    loop.waker.wake();
  };
}

/** The student's other rooms a chat's long poll should watch (maybe none); null until the summary is known. */
export function roomsToWatch(room: ChatRoom): ChatRoom[] | null {
  const summary = useUnreadStore.getState().summary;
  if (!summary) return null;
  return summary.rooms
    .filter((other) => !sameRoom(other, room))
    .slice(0, MAX_WATCHED_ROOMS)
    .map(({ kind, id }) => ({ kind, id }));
}

/** The student's marker in a room as last known, or null. */
export function lastReadOf(room: ChatRoom): string | null {
  return useUnreadStore.getState().summary?.rooms.find((r) => sameRoom(r, room))?.lastRead ?? null;
}

/** What a tab tells the student's other tabs of this browser when it stores a read mark. */
interface MarkNews {
  userId: number;
  room: ChatRoom;
  lastRead: string;
  readAll: boolean;
}

/** The channel the student's tabs of this browser tell each other their reads on. */
const READ_MARKS_CHANNEL = 'study-swamp:read-marks';

/**
 * A mark was stored. When the student read the newest message there is, the
 * room shows no unread messages at once, in this tab and the student's others;
 * the summary is asked for soon anyway.
 */
export function markedRead(room: ChatRoom, lastRead: string, readAll: boolean): void {
  showMark(room, lastRead, readAll);
  current?.otherTabs?.postMessage({ userId: current.userId, room: { kind: room.kind, id: room.id }, lastRead, readAll } satisfies MarkNews);
}

function showMark(room: ChatRoom, lastRead: string, readAll: boolean): void {
  const summary = useUnreadStore.getState().summary;
  const known = summary?.rooms.find((r) => sameRoom(r, room));
  if (summary && known) {
    const later = known.lastRead === null || compareMessageIdText(lastRead, known.lastRead) > 0 ? lastRead : known.lastRead;
    const cleared = readAll ? { unread: 0, mentions: 0 } : {};
    const rooms = summary.rooms.map((r) => (r === known ? { ...r, lastRead: later, ...cleared } : r));
    show({ ...summary, rooms, total: rooms.reduce((sum, r) => sum + r.unread, 0) });
  }
  refreshUnreadSoon();
}

/** The counts of one room, or undefined while unknown. */
export function useRoomUnread(room: ChatRoom): RoomUnread | undefined {
  return useUnreadStore((state) => state.summary?.rooms.find((r) => sameRoom(r, room)));
}

/** Keeps the signed-in student's unread marks current while mounted (the app's frame holds it). */
export function useUnreadMarks(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => (userId === undefined ? undefined : startUnreadMarks(userId, () => signedOut(queryClient))), [userId, queryClient]);
}
