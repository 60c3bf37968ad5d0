// The chat's outbox, through the room's store on a stubbed network: messages
// sent show as pending at once and are posted one at a time, in the order
// sent, each under its own clientMessageID however often a try fails (so the
// server stores each once); while the server cannot be reached the store says
// it is reconnecting, and the poll getting through sends what waits at once.
// A refusal for good stays on its message (Retry, Delete) and the next ones
// still go. The outbox outlives the store (a reload), per student.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatRoomStore } from '@web/features/chat/chat-room-store';
import { classifySendFailure, RESEND_WITHIN_MS, SEND_TRIES, TOO_OLD } from '@web/features/chat/outbox-sender';
import { NetworkError } from '@web/lib/api-client';
import { ApiError, UNEXPECTED_RESPONSE } from '@web/lib/api-error';
import { forgetOutbox } from '@web/lib/chat-outbox';
import { stubDocument, stubNetwork, type Sent } from '@tests/support/client-stubs';

const course = { kind: 'course', id: 3 } as const;
const posts = (sent: Sent[]) => sent.filter((r) => r.url.pathname === '/api/insert-course-message/');
const polls = (sent: Sent[]) => sent.filter((r) => r.url.pathname.startsWith('/api/select-course-messages/'));
const bodyOf = (request: Sent) => request.body as { message: string; clientMessageID: string };
let nextId = 1;
const stored = (request: Sent) => {
  const { message } = bodyOf(request);
  nextId += 1;
  return { id: `${nextId}000-0`, user_id: 7, username: 'alberta', message, time: new Date(nextId * 1000).toISOString() };
};
const shown = (store: ReturnType<typeof createChatRoomStore>) => store.getState().messages.map((m) => m.message);
const waiting = (store: ReturnType<typeof createChatRoomStore>) => store.getState().pending.map((e) => [e.text, e.failure ?? 'pending']);

function openRoom(userId = 7, onSessionEnded: () => void = () => undefined) {
  stubDocument();
  const sent = stubNetwork();
  const store = createChatRoomStore(course, userId, [], onSessionEnded);
  const stop = store.getState().startPolling();
  return { sent, store, stop };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetOutbox(7);
  forgetOutbox(8);
});

describe('which failed sends are tried again', () => {
  it.each([
    [
      'no answer (offline, a dropped connection)',
      new NetworkError('/api/insert-course-message/', new TypeError('Failed to fetch')),
      'unreachable',
    ],
    ['a proxy with no server behind it (502, 503, 504)', new ApiError('/p', 503, null), 'unreachable'],
    ['too fast (429)', new ApiError('/p', 429, 'RATE_LIMITED'), 'retry'],
    ['the server’s own error (500)', new ApiError('/p', 500, 'INTERNAL_ERROR'), 'retry'],
    ['an answer of the wrong shape', new ApiError('/p', 201, UNEXPECTED_RESPONSE), 'retry'],
    ['text the server will not take', new ApiError('/p', 400, 'INVALID_TEXT'), 'refused'],
    ['no longer a member', new ApiError('/p', 403, 'NOT_COURSE_MEMBER'), 'refused'],
    ['a session that ended', new ApiError('/p', 401, 'NOT_AUTHENTICATED'), 'session-ended'],
  ])('%s: %s', (_, error, kind) => {
    expect(classifySendFailure(error)).toBe(kind);
  });
});

describe('chat outbox', () => {
  it('posts in the order sent, one at a time, each under its own id; a dropped try goes again under the same id once the poll gets through', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sent, store, stop } = openRoom();
    await vi.waitFor(() => expect(polls(sent)).toHaveLength(1));
    expect(await store.getState().send('one')).toBe(true);
    expect(await store.getState().send('two')).toBe(true);
    expect(waiting(store)).toEqual([
      ['one', 'pending'],
      ['two', 'pending'],
    ]);
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(1));
    // The connection drops: the post and the long poll get no answer.
    posts(sent)[0].fail();
    polls(sent)[0].fail();
    await vi.waitFor(() => expect(store.getState().reconnecting).toBe(true));
    // A second later: the post again (its back-off), and the one-second poll; nothing gets through.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(posts(sent)).toHaveLength(2);
    expect(polls(sent)).toHaveLength(2);
    posts(sent)[1].fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting(store)).toEqual([
      ['one', 'pending'],
      ['two', 'pending'],
    ]);
    // Only one message is ever on its way: "two" waits for "one".
    expect(posts(sent).map((p) => bodyOf(p).message)).toEqual(['one', 'one']);
    expect(store.getState().reconnecting).toBe(true);

    // The one-second poll gets through: the outbox goes at once (not after its 2 s back-off), from its first message.
    polls(sent)[1].answer(200, []);
    await vi.advanceTimersByTimeAsync(0);
    expect(posts(sent)).toHaveLength(3);
    expect(bodyOf(posts(sent)[2]).message).toBe('one');
    posts(sent)[2].answer(201, stored(posts(sent)[2]));
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(4));
    expect(shown(store)).toEqual(['one']);
    expect(waiting(store)).toEqual([['two', 'pending']]);
    posts(sent)[3].answer(201, stored(posts(sent)[3]));
    await vi.waitFor(() => expect(store.getState().pending).toEqual([]));
    expect(shown(store)).toEqual(['one', 'two']);
    expect(store.getState().reconnecting).toBe(false);

    const tries = posts(sent).map(bodyOf);
    expect(tries.map((t) => t.message)).toEqual(['one', 'one', 'one', 'two']);
    expect(new Set(tries.slice(0, 3).map((t) => t.clientMessageID)).size).toBe(1);
    expect(tries[3].clientMessageID).not.toBe(tries[0].clientMessageID);
    stop();
  });

  it('tries again after its back-off while nothing gets through, and shows a message stored by a lost try once', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sent, store, stop } = openRoom();
    await store.getState().send('Lab at 3?');
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(1));
    // Stored, but the answer is lost; and the poll brings it meanwhile.
    const first = stored(posts(sent)[0]);
    posts(sent)[0].fail();
    await vi.waitFor(() => expect(store.getState().reconnecting).toBe(true));
    polls(sent)[0].answer(200, [first]);
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(2));
    // The server answers the retry with the message it has.
    posts(sent)[1].answer(201, first);
    await vi.waitFor(() => expect(store.getState().pending).toEqual([]));
    expect(shown(store)).toEqual(['Lab at 3?']);

    // Nothing gets through at all: tried again after 1, 2 … s, never lost.
    await store.getState().send('See you there');
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(3));
    posts(sent)[2].fail();
    await vi.advanceTimersByTimeAsync(900);
    expect(posts(sent)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(200);
    expect(posts(sent)).toHaveLength(4);
    posts(sent)[3].fail();
    await vi.advanceTimersByTimeAsync(2_100);
    expect(posts(sent)).toHaveLength(5);
    expect(
      new Set(
        posts(sent)
          .slice(2)
          .map((p) => bodyOf(p).clientMessageID),
      ).size,
    ).toBe(1);
    expect(waiting(store)).toEqual([['See you there', 'pending']]);
    stop();
  });

  it('shows a refusal on its message and sends the next; Retry sends it again under its id; Delete takes it out and gives its text back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sent, store, stop } = openRoom();
    await store.getState().send('first try');
    await store.getState().send('after it');
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(1));
    posts(sent)[0].answer(400, { error: 'INVALID_TEXT', message: 'Messages cannot contain control characters.' });
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(2));
    expect(waiting(store)).toEqual([
      ['first try', 'Messages cannot contain control characters.'],
      ['after it', 'pending'],
    ]);
    posts(sent)[1].answer(201, stored(posts(sent)[1]));
    await vi.waitFor(() => expect(shown(store)).toEqual(['after it']));

    // A message on its way cannot be deleted; a refused one can be retried.
    const [refused] = store.getState().pending;
    store.getState().retry(refused.clientMessageID);
    expect(waiting(store)).toEqual([['first try', 'pending']]);
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(3));
    expect(store.getState().discard(refused.clientMessageID)).toBeUndefined();
    expect(bodyOf(posts(sent)[2]).clientMessageID).toBe(refused.clientMessageID);
    posts(sent)[2].answer(400, { error: 'INVALID_TEXT', message: 'Messages cannot contain control characters.' });
    await vi.waitFor(() => expect(store.getState().pending[0]?.failure).toBeDefined());
    expect(store.getState().discard(refused.clientMessageID)).toBe('first try');
    expect(store.getState().pending).toEqual([]);
    expect(shown(store)).toEqual(['after it']);
    stop();
  });

  it(`gives a message the server finds too fast ${SEND_TRIES} tries, then shows why on it`, async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sent, store, stop } = openRoom();
    await store.getState().send('slow down');
    for (let i = 1; i <= SEND_TRIES; i += 1) {
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(500);
        expect(posts(sent)).toHaveLength(i);
      });
      posts(sent)[i - 1].answer(429, { error: 'RATE_LIMITED', message: 'Too many messages' });
    }
    await vi.waitFor(() =>
      expect(waiting(store)).toEqual([['slow down', 'You are sending messages too quickly. Wait a few seconds and try again.']]),
    );
    // The server was there all along: no "Reconnecting".
    expect(store.getState().reconnecting).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts(sent)).toHaveLength(SEND_TRIES);
    stop();
  });

  it('outlives its store (a reload) for the same student only, and keeps what waits when the session ends', async () => {
    let ended = 0;
    const before = openRoom(7);
    await before.store.getState().send('typed on the bus');
    await vi.waitFor(() => expect(posts(before.sent)).toHaveLength(1));
    const id = bodyOf(posts(before.sent)[0]).clientMessageID;
    // Closed before the answer came.
    before.stop();

    const other = openRoom(8);
    expect(other.store.getState().pending).toEqual([]);
    other.stop();

    const after = openRoom(7, () => (ended += 1));
    expect(waiting(after.store)).toEqual([['typed on the bus', 'pending']]);
    await vi.waitFor(() => expect(posts(after.sent)).toHaveLength(1));
    expect(bodyOf(posts(after.sent)[0]).clientMessageID).toBe(id);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    posts(after.sent)[0].answer(401, { error: 'NOT_AUTHENTICATED', message: 'Log in' });
    await vi.waitFor(() => expect(ended).toBe(1));
    expect(waiting(after.store)).toEqual([['typed on the bus', 'pending']]);
    after.stop();
  });

  it('does not send unasked a message that waited more than a day; Retry sends it as a new post', async () => {
    vi.useFakeTimers();
    const { sent, store, stop } = openRoom();
    stop();
    await store.getState().send('from yesterday');
    const [old] = store.getState().pending;
    vi.setSystemTime(Date.now() + RESEND_WITHIN_MS + 1);
    const reopened = store.getState().startPolling();
    await vi.waitFor(() => expect(waiting(store)).toEqual([['from yesterday', TOO_OLD]]));
    expect(posts(sent)).toHaveLength(0);
    store.getState().retry(old.clientMessageID);
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(bodyOf(posts(sent)[0]).clientMessageID).not.toBe(old.clientMessageID);
    reopened();
  });
});
