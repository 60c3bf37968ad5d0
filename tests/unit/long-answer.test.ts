// The long poll relies on Node applying the server's requestTimeout to
// receiving a request, not to answering it: a chat poll may wait 30 s, as
// long as REQUEST_TIMEOUT_MS. Checked on a scaled-down server, so a Node
// upgrade that changed it would fail here rather than cut students' polls.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
});

it('answers a request after longer than the request timeout', async () => {
  server = http.createServer({ connectionsCheckingInterval: 50 }, (_req, res) => {
    setTimeout(() => res.end('late answer'), 1_200);
  });
  server.requestTimeout = 400;
  server.headersTimeout = 300;
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('late answer');
});
