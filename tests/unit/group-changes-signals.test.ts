// A change to a study group reaches the pages showing it over the chat's long
// poll: a group page's poll (its group's room) and a course page's (its
// course's room) end at once with groupChanged, and no other page's does.
import { describe, expect, it } from 'vitest';
import { WaitForChatMessages } from '@application/chat/wait-for-chat-messages';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { SignalledGroupChanges } from '@application/study-groups/group-changes';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import type { ChatRoom } from '@domain/chat/chat-room';
import { CourseId, StudyGroupId, UserId } from '@domain/ids';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';

const student = UserId(7);
const LONG_WAIT = 60_000;
/** Two groups of course 1, one of course 2. */
const groupA = { id: StudyGroupId(10), courseId: CourseId(1) };
const groupB = { id: StudyGroupId(11), courseId: CourseId(1) };
const groupC = { id: StudyGroupId(12), courseId: CourseId(2) };
const roomOf = (group: { id: number }): ChatRoom => ({ kind: 'group', id: group.id });

function world() {
  const hub = new SignalHub();
  const signals = new LocalChatSignals(hub, new RoomNewest());
  // The student is in every room here: who may wait is the chat's business, tested with it.
  const access: ChatRoomAccess = { check: async () => 'member' };
  const log = new InMemoryChatLog();
  const wait = new WaitForChatMessages(access, log, signals, new CachedMessageAuthors(new InMemoryUserRepository()));
  const poll = (room: ChatRoom, waitMs = LONG_WAIT, alsoWatch: ChatRoom[] = []) =>
    wait.execute({ actingUserId: student, room, after: '0-0', waitMs, alsoWatch });
  /** Resolves once the hub has `count` waiters. */
  const waiters = async (count: number) => {
    while (hub.waiting < count) await new Promise((resolve) => setImmediate(resolve));
  };
  return { hub, log, poll, waiters, groupChanges: new SignalledGroupChanges(signals) };
}

describe('group changes over the long poll', () => {
  it("ends a group page's wait at once with groupChanged, and no other group's", async () => {
    const w = world();
    const pageA = w.poll(roomOf(groupA));
    const pageB = w.poll(roomOf(groupB), 50);
    await w.waiters(2);
    await w.groupChanges.changed(groupA);
    expect(await pageA).toEqual({ messages: [], activity: false, groupChanged: true });
    // B's page was not woken: it ran to its deadline.
    expect(await pageB).toEqual({ messages: [], activity: false, groupChanged: false });
    expect(w.hub.waiting).toBe(0);
  });

  it("ends a course page's wait when one of its groups changes, not when another course's does", async () => {
    const w = world();
    const course1 = w.poll({ kind: 'course', id: 1 });
    const course2 = w.poll({ kind: 'course', id: 2 }, 50);
    await w.waiters(2);
    await w.groupChanges.changed(groupB);
    expect(await course1).toEqual({ messages: [], activity: false, groupChanged: true });
    expect(await course2).toEqual({ messages: [], activity: false, groupChanged: false });
  });

  it('does not count a change to a group the poll only watches for unread messages, nor a message as a change', async () => {
    const w = world();
    // A page of group C watching group A's room for unread counts.
    const pageC = w.poll(roomOf(groupC), 50, [roomOf(groupA)]);
    await w.waiters(1);
    await w.groupChanges.changed(groupA);
    expect(await pageC).toEqual({ messages: [], activity: false, groupChanged: false });

    const pageA = w.poll(roomOf(groupA));
    await w.waiters(1);
    const { message } = await w.log.append(roomOf(groupA), { userId: UserId(8), username: 'bob', message: 'hi' });
    await new LocalChatSignals(w.hub, new RoomNewest()).announce('group:10', message.id);
    expect(await pageA).toMatchObject({ messages: [{ message: 'hi' }], groupChanged: false });
  });
});
