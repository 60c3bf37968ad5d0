// The chat store against a stubbed network. Sending: a message is measured
// as the server measures it (code points, after trimming), a blank one is not
// sent, and one sent shows as pending until stored (the outbox's own cases are
// in chat-outbox.test.ts). The poll: a
// long poll in a loop, the one-second poll and back-off after errors, a
// pause while the tab is hidden, and read marks at most every 2 s.
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@domain/chat/chat-message';
import { createChatRoomStore } from '@web/features/chat/chat-room-store';
import { refreshUnreadSoon } from '@web/features/chat/unread-store';
import { forgetOutbox } from '@web/lib/chat-outbox';
import { stubDocument, stubNetwork, type Sent } from '@tests/support/client-stubs';

// Only watched here: asking for the unread marks is the unread store's business.
vi.mock('@web/features/chat/unread-store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/features/chat/unread-store')>()),
  refreshUnreadSoon: vi.fn(),
}));

/** The tab's signing out when the session ends (the panel passes lib/session's); no case here ends it. */
const signOut = () => undefined;

const CLIENT_MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const stored = (message: string, id = '1000-0') => ({ id, user_id: 7, username: 'alberta', message, time: new Date(1000).toISOString() });
/** The posts sent, in order (answered when the test says; the polls wait unanswered). */
const postsOf = (sent: Sent[]) => sent.filter((r) => r.url.pathname.startsWith('/api/insert-'));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOutbox(7);
});

describe('chat room store: send', () => {
  it('shows 2,000 emoji (4,000 UTF-16 units), trimmed, as pending at once, then as stored', async () => {
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, [], signOut);
    const stop = store.getState().startPolling();
    const text = '😀'.repeat(MESSAGE_MAX_LENGTH);
    expect(await store.getState().send(`  ${text} `)).toBe(true);
    expect(store.getState().pending.map((e) => [e.text, e.failure])).toEqual([[text, undefined]]);
    await vi.waitFor(() => expect(postsOf(sent)).toHaveLength(1));
    expect(postsOf(sent)[0].body).toEqual({
      userID: 7,
      courseID: 3,
      message: text,
      clientMessageID: expect.stringMatching(CLIENT_MESSAGE_ID),
    });
    postsOf(sent)[0].answer(201, stored(text));
    await vi.waitFor(() => expect(store.getState().pending).toEqual([]));
    expect(store.getState().messages.map((m) => m.message)).toEqual([text]);
    expect(store.getState().sendError).toBe('');
    stop();
  });

  it('refuses one code point too many without asking the server, in the server’s words', async () => {
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'group', id: 5 }, 7, [], signOut);
    const stop = store.getState().startPolling();
    expect(await store.getState().send('😀'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(false);
    expect(store.getState().sendError).toBe('Messages can be at most 2,000 characters (this one has 2,001).');
    expect(store.getState().pending).toEqual([]);
    expect(postsOf(sent)).toEqual([]);
    stop();
  });

  it('does not send a blank message, and says nothing about it', async () => {
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, [], signOut);
    const stop = store.getState().startPolling();
    expect(await store.getState().send(' \n ')).toBe(false);
    expect(store.getState().sendError).toBe('');
    expect(store.getState().pending).toEqual([]);
    expect(postsOf(sent)).toEqual([]);
    stop();
  });

  it('makes client ids without crypto.randomUUID (a page served over plain http)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array>(array: T) => webcrypto.getRandomValues(array) });
    stubDocument();
    stubNetwork();
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, [], signOut);
    expect(await store.getState().send('one')).toBe(true);
    expect(await store.getState().send('two')).toBe(true);
    const [one, two] = store.getState().pending.map((e) => e.clientMessageID);
    expect(one).toMatch(CLIENT_MESSAGE_ID);
    expect(two).toMatch(CLIENT_MESSAGE_ID);
    expect(one).not.toBe(two);
  });

  it('keeps today’s sentence for a refusal on the message, and marks the room lost when the student is no longer a member', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'group', id: 5 }, 7, [], signOut);
    const stop = store.getState().startPolling();
    expect(await store.getState().send('hello')).toBe(true);
    await vi.waitFor(() => expect(postsOf(sent)).toHaveLength(1));
    postsOf(sent)[0].answer(403, { error: 'NOT_GROUP_MEMBER', message: 'You are not a member of this study group' });
    await vi.waitFor(() => expect(store.getState().accessLost).toBe(true));
    expect(store.getState().pending.map((e) => [e.text, e.failure])).toEqual([
      ['hello', 'You are no longer a member here, so your message was not sent.'],
    ]);
    expect(store.getState().messages).toEqual([]);
    stop();
    vi.restoreAllMocks();
  });
});

// The poll loop, on a stubbed network (every request answered when the test says) and the fake clock.
const item = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  user_id: 8,
  username: 'bert',
  message: text,
  time: new Date(Number(id.split('-')[0])).toISOString(),
  ...extra,
});
const kind = (request: Sent) =>
  request.url.searchParams.has('wait')
    ? `long after=${request.url.searchParams.get('after')}`
    : `plain after=${request.url.searchParams.get('after')}`;
const polls = (sent: Sent[]) => sent.filter((r) => r.url.pathname.startsWith('/api/select-course-messages/'));
/** How long (on the fake clock) a case waits to see that nothing more is sent. */
const QUIET_MS = 5_000;

describe('chat room store: the long-poll loop', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.mocked(refreshUnreadSoon).mockClear();
  });

  it('shows another student’s message that reached it only as its edit, and asks for the unread marks', async () => {
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, [item('1000-0', 'first'), item('2000-0', 'second')], signOut);
    const stop = store.getState().startPolling();
    await vi.waitFor(() => expect(polls(sent).length).toBe(1));
    // Posted and edited before this poll: the log answers it as its edit only.
    polls(sent)[0].answer(200, [
      item('2500-0', 'posted, then fixed', { edited: true, editedAt: new Date(2600).toISOString(), event: '2600-0' }),
    ]);
    await vi.waitFor(() => expect(polls(sent).length).toBe(2));
    expect(kind(polls(sent)[1])).toBe('long after=2600-0');
    expect(store.getState().messages.map((m) => [m.id, m.message])).toEqual([
      ['1000-0', 'first'],
      ['2000-0', 'second'],
      ['2500-0', 'posted, then fixed'],
    ]);
    expect(refreshUnreadSoon).toHaveBeenCalledTimes(1);
    // An edit of a message already shown is no news for the unread marks.
    polls(sent)[1].answer(200, [
      item('2000-0', 'second, fixed', { edited: true, editedAt: new Date(2700).toISOString(), event: '2700-0' }),
    ]);
    await vi.waitFor(() => expect(polls(sent).length).toBe(3));
    expect(refreshUnreadSoon).toHaveBeenCalledTimes(1);
    stop();
  });

  it('long-polls from the newest item, moves on to an edit’s event, merges by id, and asks again at once', async () => {
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, [item('1000-0', 'first'), item('2000-0', 'second')], signOut);
    const stop = store.getState().startPolling();
    await vi.waitFor(() => expect(polls(sent).length).toBe(1));
    expect(polls(sent)[0].url.pathname).toBe('/api/select-course-messages/3/7/');
    expect(kind(polls(sent)[0])).toBe('long after=2000-0');
    expect(polls(sent)[0].url.searchParams.get('wait')).toBe('25');
    // A new message, then an edit of an earlier one (its own id is the event's).
    polls(sent)[0].answer(200, [
      item('3000-0', 'third'),
      item('1000-0', 'first, edited', { edited: true, editedAt: new Date(3500).toISOString(), event: '3500-0' }),
    ]);
    await vi.waitFor(() => expect(polls(sent).length).toBe(2));
    expect(kind(polls(sent)[1])).toBe('long after=3500-0');
    expect(store.getState().messages.map((m) => [m.id, m.message])).toEqual([
      ['1000-0', 'first, edited'],
      ['2000-0', 'second'],
      ['3000-0', 'third'],
    ]);
    // The same message again (a send's answer and the poll overlap) stays one.
    polls(sent)[1].answer(200, [item('3000-0', 'third'), item('4000-0', 'fourth')]);
    await vi.waitFor(() => expect(polls(sent).length).toBe(3));
    expect(store.getState().messages.map((m) => m.id)).toEqual(['1000-0', '2000-0', '3000-0', '4000-0']);
    stop();
    expect(polls(sent)[2].aborted).toBe(true);
  });

  it('after errors falls back to the one-second poll, and tries the long poll again after 1, 2, 4 … s', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, [], signOut);
    const stop = store.getState().startPolling();
    const seen: string[] = [];
    // Answers each poll as it comes: long polls fail, plain ones find nothing; notes when each was sent.
    const started = Date.now();
    let answered = 0;
    for (let second = 0; second <= 16; second += 1) {
      for (let step = 0; step < 10; step += 1) {
        await vi.advanceTimersByTimeAsync(100);
        while (answered < polls(sent).length) {
          const poll = polls(sent)[answered];
          answered += 1;
          seen.push(`${poll.url.searchParams.has('wait') ? 'long' : 'plain'}@${Math.round((Date.now() - started) / 1000)}`);
          if (poll.url.searchParams.has('wait')) poll.answer(503, { error: 'SERVICE_UNAVAILABLE', message: 'Try again' });
          else poll.answer(200, []);
        }
      }
    }
    expect(seen).toEqual([
      'long@0',
      'long@1',
      'plain@2',
      'long@3',
      'plain@4',
      'plain@5',
      'plain@6',
      'long@7',
      ...[8, 9, 10, 11, 12, 13, 14].map((s) => `plain@${s}`),
      'long@15',
      'plain@16',
    ]);
    // Spec 8: each failed poll is logged as "response error".
    expect(vi.mocked(console.error).mock.calls.filter(([text]) => text === 'response error')).toHaveLength(5);
    stop();
  });

  /** A group room's store polling from its one message (on fake timers), once its first poll is sent. */
  async function pollingGroup() {
    vi.useFakeTimers();
    const doc = stubDocument();
    const sent = stubNetwork();
    const store = createChatRoomStore({ kind: 'group', id: 5 }, 7, [item('1000-0', 'first')], signOut);
    const stop = store.getState().startPolling();
    await vi.waitFor(() => expect(sent.length).toBe(1));
    return { doc, sent, store, stop };
  }

  it('makes no request while the tab is hidden, and catches up at once when it is shown', async () => {
    const { doc, sent, store, stop } = await pollingGroup();
    doc.setHidden(true);
    expect(sent[0].aborted).toBe(true);
    // Long enough for any poll, retry or back-off to have come.
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(sent).toHaveLength(1);
    doc.setHidden(false);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].url.pathname).toBe('/api/select-study-group-messages/5/7/');
    expect(kind(sent[1])).toBe('long after=1000-0');
    // No poll waited meanwhile: a change of the group may have gone by, so the page reads it again.
    expect(store.getState().pageChanges).toBe(1);
    sent[1].answer(200, [item('2000-0', 'while you were away')]);
    await vi.waitFor(() => expect(store.getState().messages.map((m) => m.message)).toEqual(['first', 'while you were away']));
    stop();
  });

  it('counts a change of the group its poll reports, keeping the messages and the cursor', async () => {
    const { sent, store, stop } = await pollingGroup();
    expect(store.getState().pageChanges).toBe(0);
    sent[0].answer(200, [], { 'X-Group-Changed': '1' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(store.getState().pageChanges).toBe(1);
    // The same cursor: a change of the group is no message.
    expect(kind(sent[1])).toBe('long after=1000-0');
    expect(store.getState().messages.map((m) => m.message)).toEqual(['first']);
    // An answer without the header changes nothing.
    sent[1].answer(200, [item('2000-0', 'second')]);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(store.getState().pageChanges).toBe(1);
    stop();
  });

  it('reports what was read at most every 2 s, the newest of what came meanwhile, and never an older one', async () => {
    vi.useFakeTimers();
    stubDocument();
    const sent = stubNetwork();
    const marks = () => sent.filter((r) => r.url.pathname === '/api/mark-chat-read/');
    const store = createChatRoomStore(
      { kind: 'course', id: 3 },
      7,
      [item('1000-0', 'a'), item('2000-0', 'b'), item('3000-0', 'c')],
      signOut,
    );
    store.getState().read('1000-0');
    await vi.advanceTimersByTimeAsync(0);
    expect(marks().map((r) => r.body)).toEqual([{ kind: 'course', id: 3, messageID: '1000-0' }]);
    marks()[0].answer(200, { kind: 'course', id: 3, lastRead: '1000-0' });
    store.getState().read('2000-0');
    store.getState().read('3000-0');
    store.getState().read('1000-0');
    await vi.advanceTimersByTimeAsync(1_900);
    expect(marks()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(marks().map((r) => (r.body as { messageID: string }).messageID)).toEqual(['1000-0', '3000-0']);
    store.getState().read('2000-0');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(marks()).toHaveLength(2);
  });

  it('sends a read still waiting for its turn when the chat closes, and reports again when it opens anew', async () => {
    vi.useFakeTimers();
    stubDocument();
    const sent = stubNetwork();
    const marked = () =>
      sent.filter((r) => r.url.pathname === '/api/mark-chat-read/').map((r) => (r.body as { messageID: string }).messageID);
    const store = createChatRoomStore(
      { kind: 'course', id: 4 },
      7,
      [item('1000-0', 'a'), item('2000-0', 'b'), item('3000-0', 'c')],
      signOut,
    );
    let stop = store.getState().startPolling();
    store.getState().read('1000-0');
    await vi.advanceTimersByTimeAsync(0);
    store.getState().read('2000-0');
    // The student leaves the room within the 2 s: what they read is not lost.
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(marked()).toEqual(['1000-0', '2000-0']);
    // Opened again (React runs an effect twice in development): reads are still reported.
    stop = store.getState().startPolling();
    await vi.advanceTimersByTimeAsync(2_000);
    store.getState().read('3000-0');
    await vi.advanceTimersByTimeAsync(0);
    expect(marked()).toEqual(['1000-0', '2000-0', '3000-0']);
    stop();
  });
});
