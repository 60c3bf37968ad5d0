// The unread marks on the client (features/chat/unread-store.ts), on a stubbed
// network: the summary is read once, then long-polled with its version; an
// open chat whose long poll watches the other rooms stands in for that poll,
// and its X-Chat-Activity asks for the summary once; a mark clears a room at
// once; the total goes into the document's title; the badge's words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatRoomStore } from '@web/features/chat/chat-room-store';
import { unreadLabel } from '@web/features/chat/unread-badge';
import { markedRead, startUnreadMarks, useUnreadStore } from '@web/features/chat/unread-store';
import { stubDocument, stubNetwork, type Sent } from '@tests/support/client-stubs';

const summary = (
  version: string,
  rooms: { kind: 'course' | 'group'; id: number; unread: number; mentions?: number; lastRead?: string | null }[],
) => ({
  rooms: rooms.map((r) => ({ mentions: 0, lastRead: null, ...r })),
  total: rooms.reduce((sum, r) => sum + r.unread, 0),
  version,
});
const unreadCalls = (sent: Sent[]) => sent.filter((r) => r.url.pathname === '/api/unread-counts/');
const query = (r: Sent) => Object.fromEntries(r.url.searchParams);
const open = (sent: Sent[]) => sent.filter((r) => !r.aborted && !r.answered);
/** How long (on the fake clock) a case waits to see that nothing more is sent: past any retry, and past a "soon" ask (3 s). */
const QUIET_MS = 5_000;
/** The tab's signing out when the session ends; no case here ends it. */
const signOut = () => undefined;

describe('unread marks on the client', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reads the summary, then long-polls it with its version, and shows the total in the title', async () => {
    const doc = stubDocument();
    const sent = stubNetwork();
    stop = startUnreadMarks(7, signOut);
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(1));
    expect(query(unreadCalls(sent)[0])).toEqual({});
    unreadCalls(sent)[0].answer(
      200,
      summary('v1', [
        { kind: 'course', id: 3, unread: 3 },
        { kind: 'group', id: 9, unread: 0 },
      ]),
    );
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(2));
    expect(query(unreadCalls(sent)[1])).toEqual({ wait: '25', since: 'v1' });
    expect(doc.title).toBe('(3) Study Swamp');
    unreadCalls(sent)[1].answer(200, summary('v2', [{ kind: 'course', id: 3, unread: 150 }]));
    await vi.waitFor(() => expect(doc.title).toBe('(99+) Study Swamp'));
    stop();
    stop = undefined;
    expect(doc.title).toBe('Study Swamp');
    expect(useUnreadStore.getState().summary).toBeNull();
  });

  it('lets an open chat’s long poll watch the other rooms instead, and asks once when it reports activity', async () => {
    vi.useFakeTimers();
    stubDocument();
    const sent = stubNetwork();
    stop = startUnreadMarks(7, signOut);
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(1));
    unreadCalls(sent)[0].answer(
      200,
      summary('v1', [
        { kind: 'course', id: 3, unread: 0 },
        { kind: 'course', id: 4, unread: 1 },
        { kind: 'group', id: 9, unread: 0 },
      ]),
    );
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(2));
    const summaryPoll = unreadCalls(sent)[1];

    const chat = createChatRoomStore({ kind: 'course', id: 3 }, 7, [], signOut);
    const stopChat = chat.getState().startPolling();
    const chatPolls = () => sent.filter((r) => r.url.pathname === '/api/select-course-messages/3/7/');
    await vi.waitFor(() => expect(chatPolls()).toHaveLength(1));
    // One request held for the student, not two: the chat's, watching the other rooms.
    expect(query(chatPolls()[0])).toMatchObject({ wait: '25', watch: 'course:4,group:9' });
    await vi.waitFor(() => expect(summaryPoll.aborted).toBe(true));
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(unreadCalls(sent)).toHaveLength(2);

    // News in a watched room: the summary once, and the chat polls on.
    chatPolls()[0].answer(200, [], { 'X-Chat-Activity': '1' });
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(3));
    expect(query(unreadCalls(sent)[2])).toEqual({});
    unreadCalls(sent)[2].answer(
      200,
      summary('v2', [
        { kind: 'course', id: 3, unread: 0 },
        { kind: 'course', id: 4, unread: 2 },
        { kind: 'group', id: 9, unread: 0 },
      ]),
    );
    await vi.waitFor(() => expect(useUnreadStore.getState().summary?.total).toBe(2));
    await vi.waitFor(() => expect(chatPolls()).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(unreadCalls(sent)).toHaveLength(3);

    // The chat closes: the summary's own long poll takes over again.
    stopChat();
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(4));
    expect(query(unreadCalls(sent)[3])).toEqual({ wait: '25', since: 'v2' });
    expect(open(sent).map((r) => r.url.pathname)).toEqual(['/api/unread-counts/']);
  });

  /** Student 7's marks, started and answered: course 3 with 4 unread (1 mention, read up to 1000-0), course 4 with 2. */
  async function startWithTwoUnreadCourses(): Promise<void> {
    stubDocument();
    const sent = stubNetwork();
    stop = startUnreadMarks(7, signOut);
    await vi.waitFor(() => expect(unreadCalls(sent)).toHaveLength(1));
    unreadCalls(sent)[0].answer(
      200,
      summary('v1', [
        { kind: 'course', id: 3, unread: 4, mentions: 1, lastRead: '1000-0' },
        { kind: 'course', id: 4, unread: 2 },
      ]),
    );
    await vi.waitFor(() => expect(useUnreadStore.getState().summary?.total).toBe(6));
  }

  it('clears a room at once when the student read its newest message', async () => {
    await startWithTwoUnreadCourses();
    markedRead({ kind: 'course', id: 3 }, '1500-0', false);
    expect(useUnreadStore.getState().summary?.rooms[0]).toMatchObject({ unread: 4, lastRead: '1500-0' });
    markedRead({ kind: 'course', id: 3 }, '2000-0', true);
    expect(useUnreadStore.getState().summary?.rooms[0]).toMatchObject({ unread: 0, mentions: 0, lastRead: '2000-0' });
    expect(useUnreadStore.getState().summary?.total).toBe(2);
  });

  it('shows a read another tab of the same student stored, and tells the other tabs of its own', async () => {
    await startWithTwoUnreadCourses();
    const otherTab = new BroadcastChannel('study-swamp:read-marks');
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    try {
      // Another student's read (a tab signed in as someone else) changes nothing here.
      otherTab.postMessage({ userId: 8, room: { kind: 'course', id: 4 }, lastRead: '3000-0', readAll: true });
      otherTab.postMessage({ userId: 7, room: { kind: 'course', id: 3 }, lastRead: '2000-0', readAll: true });
      await vi.waitFor(() => expect(useUnreadStore.getState().summary?.rooms[0]).toMatchObject({ unread: 0, lastRead: '2000-0' }));
      expect(useUnreadStore.getState().summary?.rooms[1]).toMatchObject({ unread: 2 });
      expect(useUnreadStore.getState().summary?.total).toBe(2);

      markedRead({ kind: 'course', id: 4 }, '2500-0', true);
      await vi.waitFor(() => expect(heard).toEqual([{ userId: 7, room: { kind: 'course', id: 4 }, lastRead: '2500-0', readAll: true }]));
    } finally {
      otherTab.close();
    }
  });

  it('says the count in words, "more than 99" from 100, mentions apart', () => {
    expect(unreadLabel(1, 0)).toBe('1 unread message');
    expect(unreadLabel(3, 1)).toBe('3 unread messages, 1 mentioning you');
    expect(unreadLabel(100, 2)).toBe('More than 99 unread messages, 2 mentioning you');
  });
});
