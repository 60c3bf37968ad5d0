// RoomNewest and the chat log in front of it: an idle poll at a room's newest
// entry reads nothing, equal reads share one, and nothing it remembers can
// hide a message for longer than its few seconds or across an announcement.
import { describe, expect, it } from 'vitest';
import type { ChatLog } from '@application/ports/chat-log';
import { deliver } from '@adapters/chat/local-chat-signals';
import { RememberingChatLog, RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId, type MessageId } from '@domain/chat/message-id';
import { UserId } from '@domain/ids';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { ManualClock } from '@tests/support/test-clock';

const room: ChatRoom = { kind: 'course', id: 4 };
const cursor = (message: ChatMessage) => parseMessageId(message.id)!;

/** Counts the reads that reach the log, and can hold them until released. */
class CountingLog extends InMemoryChatLog {
  reads = 0;
  gate: Promise<void> | null = null;
  override async after(r: ChatRoom, c: MessageId, limit: number): Promise<ChatMessage[]> {
    this.reads += 1;
    const answer = super.after(r, c, limit);
    await this.gate;
    return answer;
  }
}

function setUp() {
  const clock = new ManualClock();
  const inner = new CountingLog(clock.now);
  const newest = new RoomNewest(3_000, clock.now);
  const hub = new SignalHub();
  const log: ChatLog = new RememberingChatLog(inner, newest);
  const post = async (text: string) => {
    clock.advance(1);
    const { message } = await log.append(room, { userId: UserId(1), username: 'ana', message: text });
    deliver(hub, newest, 'course:4', message.id);
    return message;
  };
  return { clock, inner, newest, hub, log, post };
}

describe('RememberingChatLog', () => {
  it('answers an idle poll at the room’s newest entry without reading the log, and a newer entry at once', async () => {
    const { inner, log, post } = setUp();
    const first = await post('one');
    expect(await log.after(room, cursor(first), 500)).toEqual([]);
    expect(await log.after(room, cursor(first), 500)).toEqual([]);
    expect(inner.reads).toBe(0);
    const second = await post('two');
    expect(await log.after(room, cursor(first), 500)).toEqual([second]);
    expect(inner.reads).toBe(1);
  });

  it('learns the end of a room from a read, and forgets it after its few seconds', async () => {
    const { clock, inner, log } = setUp();
    // Written without an announcement (one lost on its way).
    const { message: quiet } = await inner.append(room, { userId: UserId(1), username: 'ana', message: 'unannounced' });
    expect(await log.after(room, cursor(quiet), 500)).toEqual([]);
    const { message: lost } = await inner.append(room, { userId: UserId(1), username: 'ana', message: 'lost announcement' });
    expect(await log.after(room, cursor(quiet), 500)).toEqual([]); // hidden, for now
    clock.advance(3_001);
    expect(await log.after(room, cursor(quiet), 500)).toEqual([lost]);
  });

  it('trusts nothing while announcements cannot arrive', async () => {
    const { inner, newest, log, post } = setUp();
    const first = await post('one');
    newest.suspend();
    const { message: unannounced } = await inner.append(room, { userId: UserId(1), username: 'ana', message: 'while away' });
    expect(await log.after(room, cursor(first), 500)).toEqual([unannounced]);
    expect(await log.after(room, cursor(unannounced), 500)).toEqual([]);
    expect(inner.reads).toBe(2);
  });

  it('shares one read among equal reads at the same time, but never one from before an announcement', async () => {
    const { inner, log, post, clock } = setUp();
    const first = await post('one');
    clock.advance(3_001); // nothing remembered: the reads go to the log
    let release!: () => void;
    inner.gate = new Promise((resolve) => (release = resolve));
    const early = [log.after(room, cursor(first), 500), log.after(room, cursor(first), 500)];
    const second = await post('two'); // announced while those reads are in flight
    const late = log.after(room, cursor(first), 500);
    release();
    expect(await Promise.all(early)).toEqual([[], []]);
    expect(await late).toEqual([second]);
    expect(inner.reads).toBe(2);
  });
});
