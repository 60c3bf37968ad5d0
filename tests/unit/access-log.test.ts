// One access-log line per request at info, except the routine chat reads,
// whose lines go to debug (an open chat would otherwise write one a second).
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import type { AppState } from '@adapters/http/app-state';
import { requestContext } from '@adapters/http/request-context';

const servers: ReturnType<Koa['listen']>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(level: string) {
  const lines: { level: number; path: string; msg: string; requestId: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Koa<AppState>();
  app.use(requestContext(pino({ level }, sink)));
  app.use(async (ctx) => {
    if (ctx.path === '/poll') ctx.state.routineRequest = true;
    if (ctx.path === '/fails') {
      ctx.state.routineRequest = true;
      ctx.status = 503;
    }
    ctx.body = [];
  });
  const server = app.listen(0);
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const path of ['/page', '/poll', '/fails']) await fetch(url + path, { headers: { 'X-Request-Id': `r-${path.slice(1)}` } });
  return lines;
}

it('writes an info line for every request but the routine chat reads, which go to debug (unless they fail)', async () => {
  const info = await serve('info');
  expect(info.map((l) => [l.path, l.level, l.requestId])).toEqual([
    ['/page', 30, 'r-page'],
    ['/fails', 30, 'r-fails'],
  ]);
  const debug = await serve('debug');
  expect(debug.map((l) => [l.path, l.level])).toEqual([
    ['/page', 30],
    ['/poll', 20],
    ['/fails', 30],
  ]);
});
