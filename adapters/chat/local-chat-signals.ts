// One app server (the embedded mode): a signal reaches the only hub there is.
import type { ChatSignals, Watch } from '@application/ports/chat-signals';
import { parseMessageId } from '@domain/chat/message-id';
import type { RoomNewest } from './room-newest';
import type { SignalHub } from './signal-hub';

export class LocalChatSignals implements ChatSignals {
  constructor(
    private readonly hub: SignalHub,
    private readonly newest: RoomNewest,
  ) {}

  watch(topics: readonly string[]): Watch {
    return this.hub.watch(topics);
  }

  async announce(topic: string, newest?: string): Promise<void> {
    deliver(this.hub, this.newest, topic, newest);
  }
}

/** An announcement arriving at a server: remember the room's newest entry, then wake its waiters. */
export function deliver(hub: SignalHub, newest: RoomNewest, topic: string, newestId: string | undefined): void {
  newest.announced();
  const id = newestId === undefined ? null : parseMessageId(newestId);
  if (id) newest.learn(topic, id);
  hub.wake(topic);
}
