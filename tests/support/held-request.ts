// A request known to be in flight on a server: sent over a socket of its own
// with `Expect: 100-continue`, so Node answers "100 Continue" the moment it
// hands the request to the app, and, for a request with a body, held there
// until `finish()` sends the body. What a graceful stop must let finish.
import net from 'node:net';

export interface HeldRequest {
  /** Sends the rest of the body (nothing for a request without one). */
  finish(): void;
  /** The final answer once the server closes the connection; status 0 when it closed without one. */
  answer: Promise<RawAnswer>;
}

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export async function holdRequest(
  port: number,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<HeldRequest> {
  const body = request.body ?? '';
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const headers = { Host: '127.0.0.1', 'Content-Length': String(Buffer.byteLength(body)), Expect: '100-continue', ...request.headers };
  socket.write(
    `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
  );

  // In flight: the server has the request (or, should it close first, the answer says so).
  await Promise.race([closed, waitFor(() => /^HTTP\/1\.1 100 Continue\r\n\r\n/.test(received), closed)]);
  return {
    finish: () => {
      if (body && !socket.destroyed) socket.write(body);
    },
    answer: closed.then(() => parseAnswer(received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''))),
  };
}

/**
 * One request written as given, request target untouched (fetch would
 * normalise "/./metrics" or an absolute URL before sending), on a connection
 * of its own; its answer once the server closes the connection.
 */
export async function sendRaw(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve, reject) => {
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });
  const lines = Object.entries({ Host: '127.0.0.1', Connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.write(`${method} ${target} HTTP/1.1\r\n${lines.join('')}\r\n`);
  await closed;
  return parseAnswer(received);
}

function waitFor(done: () => boolean, closed: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    let over = false;
    void closed.then(() => (over = true));
    const check = () => (done() || over ? resolve() : setTimeout(check, 5));
    check();
  });
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
  if (end < 0 || !status) return { status: 0, headers: {}, body: text };
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status[1]), headers, body: text.slice(end + 4) };
}
