// The chat store's sending, against a stubbed network: a message is measured
// as the server measures it (code points, after trimming), a blank one is not
// sent, and a refused one keeps nothing typed from being lost.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../domain/chat/chat-message';
import { createChatRoomStore } from '../../web/src/features/chat/chat-room-store';

const posts: unknown[] = [];

function stubServer(answer: (body: { message: string }) => { status: number; body: unknown }) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url.startsWith('/api/get-token/')) return new Response(JSON.stringify({ token: 'csrf' }), { status: 200 });
    const body = JSON.parse(String(init.body)) as { message: string };
    posts.push(body);
    const reply = answer(body);
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
}

const stored = (message: string) => ({ status: 201, body: { id: '1000-0', user_id: 7, username: 'alberta', message, time: new Date(1000).toISOString() } });

afterEach(() => {
  vi.unstubAllGlobals();
  posts.length = 0;
});

describe('chat room store: send', () => {
  it('sends 2,000 emoji (4,000 UTF-16 units), trimmed, and shows what was stored', async () => {
    stubServer((body) => stored(body.message));
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, []);
    const text = '😀'.repeat(MESSAGE_MAX_LENGTH);
    expect(await store.getState().send(`  ${text} `)).toBe(true);
    expect(posts).toEqual([{ userID: 7, courseID: 3, message: text }]);
    expect(store.getState().messages.map((m) => m.message)).toEqual([text]);
    expect(store.getState().sendError).toBe('');
  });

  it('refuses one code point too many without asking the server, in the server’s words', async () => {
    stubServer((body) => stored(body.message));
    const store = createChatRoomStore({ kind: 'group', id: 5 }, 7, []);
    expect(await store.getState().send('😀'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(false);
    expect(posts).toEqual([]);
    expect(store.getState().sendError).toBe('Messages can be at most 2,000 characters (this one has 2,001).');
  });

  it('does not send a blank message, and says nothing about it', async () => {
    stubServer((body) => stored(body.message));
    const store = createChatRoomStore({ kind: 'course', id: 3 }, 7, []);
    expect(await store.getState().send(' \n ')).toBe(false);
    expect(posts).toEqual([]);
    expect(store.getState().sendError).toBe('');
  });

  it('keeps today’s sentence for a refusal, and marks the room lost when the student is no longer a member', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer(() => ({ status: 403, body: { error: 'NOT_GROUP_MEMBER', message: 'You are not a member of this study group' } }));
    const store = createChatRoomStore({ kind: 'group', id: 5 }, 7, []);
    expect(await store.getState().send('hello')).toBe(false);
    expect(store.getState().sendError).toBe('You are no longer a member here, so your message was not sent.');
    expect(store.getState().accessLost).toBe(true);
    expect(store.getState().messages).toEqual([]);
  });
});
