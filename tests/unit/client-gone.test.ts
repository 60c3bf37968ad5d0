// A long poll ends the moment its client goes (chat-routes' wait and the fast
// path's): the signal fires on the response's close, and also when the client
// had already gone before anyone asked, as when it disconnects while the
// session or the membership is being read. Each step waits for the event it
// needs (the request reaching the handler, the answer reaching the client, the
// response's close reaching the server), never for a while, so "nothing
// happened" is asserted once the close that could have fired the signal has
// been handled.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { clientGone } from '@adapters/http/client-gone';

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
});

interface Request {
  /** The connection of the client, once the handler has the request (and, when it answers, once the answer arrived). */
  socket: net.Socket;
  /** The signal the handler made. */
  signal: Promise<AbortSignal>;
  /** Settles when the server has handled the response's close: after clientGone's own listener on it. */
  closed: Promise<void>;
}

/** Sends one request; `when` says whether the handler makes the signal at once ('after') or only once the client has left ('before'). */
async function request(when: 'before' | 'after', answer = false): Promise<Request> {
  let made: (signal: AbortSignal) => void = () => undefined;
  const signal = new Promise<AbortSignal>((resolve) => (made = resolve));
  // Wrapped, so that awaiting the handler does not wait for the close as well.
  let handled: (response: { closed: Promise<void> }) => void = () => undefined;
  const handling = new Promise<{ closed: Promise<void> }>((resolve) => (handled = resolve));
  server = http.createServer((req, res) => {
    if (when === 'after') {
      made(clientGone(res));
      if (answer) res.end('[]');
    } else {
      // The client leaves while the handler is still reading what it needs.
      req.once('close', () => made(clientGone(res)));
    }
    handled({ closed: new Promise<void>((resolve) => res.once('close', () => resolve())) });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
  socket.on('error', () => undefined);
  const answered = answer ? new Promise((resolve) => socket.once('data', resolve)) : null;
  socket.write('GET /api/select-course-messages/1/1/?after=0-0&wait=25 HTTP/1.1\r\nHost: test\r\n\r\n');
  const { closed } = await handling;
  await answered;
  return { socket, signal, closed };
}

it('fires when the client disconnects while the request waits', async () => {
  const { socket, signal } = await request('after');
  const waiting = await signal;
  expect(waiting.aborted).toBe(false);
  socket.destroy();
  await new Promise((resolve) => waiting.addEventListener('abort', resolve, { once: true }));
  expect(waiting.aborted).toBe(true);
});

it('has fired already when the client left before the wait began', async () => {
  const { socket, signal } = await request('before');
  socket.destroy();
  expect((await signal).aborted).toBe(true);
});

it('does not fire for a request that was answered', async () => {
  const { socket, signal, closed } = await request('after', true);
  socket.destroy();
  await closed;
  expect((await signal).aborted).toBe(false);
});
