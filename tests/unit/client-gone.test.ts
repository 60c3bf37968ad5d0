// A long poll ends the moment its client goes (chat-routes' wait and the fast
// path's): the signal fires on the response's close, and also when the client
// had already gone before anyone asked, as when it disconnects while the
// session or the membership is being read.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { clientGone } from '@adapters/http/client-gone';

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
});

/** Sends one request, then what `after` does to the connection; answers the signal the handler made. */
async function signalOf(when: 'before' | 'after', then: (socket: net.Socket) => void, answer = false): Promise<AbortSignal> {
  let made: (signal: AbortSignal) => void = () => undefined;
  const signal = new Promise<AbortSignal>((resolve) => (made = resolve));
  server = http.createServer((req, res) => {
    if (when === 'after') {
      made(clientGone(res));
      if (answer) res.end('[]');
      return;
    }
    // The client leaves while the handler is still reading what it needs.
    req.once('close', () => made(clientGone(res)));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write('GET /api/select-course-messages/1/1/?after=0-0&wait=25 HTTP/1.1\r\nHost: test\r\n\r\n');
  socket.once(answer ? 'data' : 'connect', () => then(socket));
  return signal;
}

it('fires when the client disconnects while the request waits', async () => {
  const signal = await signalOf('after', (socket) => setTimeout(() => socket.destroy(), 20));
  expect(signal.aborted).toBe(false);
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  expect(signal.aborted).toBe(true);
});

it('has fired already when the client left before the wait began', async () => {
  const signal = await signalOf('before', (socket) => setTimeout(() => socket.destroy(), 20));
  expect(signal.aborted).toBe(true);
});

it('does not fire for a request that was answered', async () => {
  const signal = await signalOf('after', (socket) => socket.destroy(), true);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(signal.aborted).toBe(false);
});
