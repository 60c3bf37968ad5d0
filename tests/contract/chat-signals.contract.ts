// One behaviour for every ChatSignals adapter: a watch is registered when it
// is made (a signal before the wait is not missed), wakes on its topics only,
// ends on time, on the client's leaving and on shutdown, and leaves no waiter
// behind; an announcement reaches every app server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSignals } from '@application/ports/chat-signals';
import type { RoomNewest } from '@adapters/chat/room-newest';
import type { SignalHub } from '@adapters/chat/signal-hub';
import { parseMessageId } from '@domain/chat/message-id';

/** One app server's side of the signals. */
export interface SignalsServer {
  signals: ChatSignals;
  hub: SignalHub;
  newest: RoomNewest;
}

export interface ChatSignalsWorld {
  /** Two app servers sharing the signals (the same one twice where there is only one process). */
  servers: [SignalsServer, SignalsServer];
  close(): Promise<void>;
}

const LONG = { timeoutMs: 10_000 };
let serial = 0;
const topic = () => `course:${(serial += 1)}`;

export function chatSignalsContract(makeWorld: () => Promise<ChatSignalsWorld>) {
  describe('ChatSignals contract', () => {
    let world: ChatSignalsWorld;
    let a: SignalsServer;
    let b: SignalsServer;
    beforeAll(async () => {
      world = await makeWorld();
      [a, b] = world.servers;
    });
    afterAll(async () => {
      await world?.close();
    });

    it('wakes a watch registered before the announcement, even when it waits only afterwards', async () => {
      const room = topic();
      const watch = b.signals.watch([room, 'user:1']);
      await a.signals.announce(room);
      // The announcement may still be on its way to the other server: the wait receives it either way.
      expect(await watch.next(LONG)).toBe('signal');
      expect(watch.takeSignalled()).toEqual([room]);
      expect(watch.takeSignalled()).toEqual([]);
      watch.close();
    });

    it('answers each signal once: after a signal, the next wait waits for a new one', async () => {
      const room = topic();
      const watch = b.signals.watch([room]);
      await a.signals.announce(room);
      expect(await watch.next(LONG)).toBe('signal');
      // Not taking the reported topics must not turn the watch into a busy loop.
      expect(await watch.next({ timeoutMs: 30 })).toBe('timeout');
      await a.signals.announce(room);
      expect(await watch.next(LONG)).toBe('signal');
      expect(watch.takeSignalled()).toEqual([room]);
      watch.close();
    });

    it('wakes every watch of the topic, on every server, and no other', async () => {
      const [room, other] = [topic(), topic()];
      const watches = [a.signals.watch([room]), b.signals.watch([room]), b.signals.watch([room])];
      const bystander = b.signals.watch([other]);
      await a.signals.announce(room);
      for (const watch of watches) expect(await watch.next(LONG)).toBe('signal');
      expect(await bystander.next({ timeoutMs: 50 })).toBe('timeout');
      for (const watch of [...watches, bystander]) watch.close();
    });

    it('answers timeout at the deadline and aborted when the client leaves, and keeps no waiter after close', async () => {
      const before = b.hub.waiting;
      const timing = b.signals.watch([topic()]);
      const leaving = b.signals.watch([topic()]);
      expect(b.hub.waiting).toBe(before + 2);
      expect(await timing.next({ timeoutMs: 20 })).toBe('timeout');
      const client = new AbortController();
      const wait = leaving.next({ timeoutMs: 60_000, signal: client.signal });
      client.abort();
      expect(await wait).toBe('aborted');
      timing.close();
      leaving.close();
      leaving.close();
      expect(b.hub.waiting).toBe(before);
    });

    it('carries the room’s newest id to every server', async () => {
      const room = topic();
      const watch = b.signals.watch([room]);
      const ms = Date.now() - 1000;
      const newest = `${ms}-4`;
      await a.signals.announce(room, newest);
      expect(await watch.next(LONG)).toBe('signal');
      watch.close();
      for (const server of [a, b]) {
        expect(server.newest.nothingAfter(room, parseMessageId(newest)!)).toBe(true);
        expect(server.newest.nothingAfter(room, parseMessageId(`${ms}-3`)!)).toBe(false);
      }
    });

    it('ends every wait with closed when the server shuts down, and every later one at once', async () => {
      const watch = b.signals.watch([topic()]);
      const wait = watch.next({ timeoutMs: 60_000 });
      b.hub.close();
      expect(await wait).toBe('closed');
      watch.close();
      const late = b.signals.watch([topic()]);
      expect(await late.next({ timeoutMs: 60_000 })).toBe('closed');
      late.close();
      expect(b.hub.waiting).toBe(0);
    });
  });
}
