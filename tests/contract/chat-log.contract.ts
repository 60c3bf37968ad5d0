// One behaviour for every ChatLog adapter: order, cursors, paging, rooms kept
// apart, and one continuous history however the adapter stores it (for the
// Redis log: trimmed streams, a lost Redis and replayed projection included);
// edits and deletes, and the unread counts read over it.
import { beforeAll, describe, expect, it } from 'vitest';
import { GetUnreadCounts } from '@application/chat/get-unread-counts';
import type { ChatLog } from '@application/ports/chat-log';
import type { UserRepository } from '@application/ports/user-repository';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import { TooManyEditsError } from '@domain/chat/chat-errors';
import { MAX_EDITS_PER_MESSAGE, positionOf, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { ReactionEmoji } from '@domain/chat/reactions';
import { compareMessageIds, FIRST_MESSAGE_ID, parseMessageId, type MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';
import { InMemoryReadMarkers } from '@tests/fakes/in-memory-read-markers';

export interface ChatLogWorld {
  log: ChatLog;
  /** A student who may author messages (a users row where the adapter needs one). */
  addUser(name: string): Promise<{ id: UserId; username: string }>;
  /** Lets background work finish: for the Redis log, archive and trim every stream. */
  settle(): Promise<void>;
  /** Loses what is not durable: for the Redis log, every key under its prefix. */
  loseVolatileData(): Promise<void>;
  /** Delivers every stored entry to the archive once more. */
  replayArchiving(): Promise<void>;
}

let nextRoomId = 1_000;
const freshRoom = (kind: ChatRoom['kind'] = 'course'): ChatRoom => ({ kind, id: (nextRoomId += 1) });
const cursor = (message: ChatMessage): MessageId => parseMessageId(message.id)!;
/** The largest id parseMessageId accepts (ms at 2^53 - 1, seq at 2^31 - 1): a client may send it. */
const LARGEST_MESSAGE_ID = '9007199254740991-2147483647';
const texts = (messages: ChatMessage[]) => messages.map((m) => m.message);

export function chatLogContract(makeWorld: () => Promise<ChatLogWorld>) {
  describe('ChatLog contract', () => {
    let world: ChatLogWorld;
    let alice: { id: UserId; username: string };
    let bob: { id: UserId; username: string };

    beforeAll(async () => {
      world = await makeWorld();
      alice = await world.addUser(`alice${Date.now() % 1e6}`);
      bob = await world.addUser(`bob${Date.now() % 1e6}`);
    });

    async function post(room: ChatRoom, count: number, label = 'm'): Promise<ChatMessage[]> {
      const stored: ChatMessage[] = [];
      for (let i = 0; i < count; i += 1) {
        const author = i % 2 ? bob : alice;
        stored.push((await world.log.append(room, { userId: author.id, username: author.username, message: `${label}${i}` })).message);
      }
      return stored;
    }

    /** Everything in the room, read back through "Load earlier messages" from the newest. */
    async function pageBackThroughAll(room: ChatRoom, pageSize: number): Promise<ChatMessage[]> {
      let page = await world.log.latest(room, pageSize);
      const all = [...page];
      while (page.length === pageSize) {
        page = await world.log.before(room, cursor(page[0]), pageSize);
        all.unshift(...page);
      }
      return all;
    }

    /** Everything in the room, read forward by polling from the beginning. */
    async function pollThroughAll(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
      let after = parseMessageId(FIRST_MESSAGE_ID)!;
      const all: ChatMessage[] = [];
      for (;;) {
        const page = await world.log.after(room, after, limit);
        all.push(...page);
        if (page.length < limit) return all;
        // Where the poller stands: the last item's change, or the message.
        after = parseMessageId(positionOf(page.at(-1)!))!;
      }
    }

    it('answers a stored message with its id, time and author', async () => {
      const room = freshRoom();
      const before = Date.now();
      const { message: stored, replayed } = await world.log.append(room, {
        userId: alice.id,
        username: alice.username,
        message: 'See you at Marston?',
      });
      expect(replayed).toBe(false);
      expect(stored).toMatchObject({ userId: alice.id, username: alice.username, message: 'See you at Marston?' });
      const id = parseMessageId(stored.id);
      expect(id).not.toBeNull();
      expect(stored.time.getTime()).toBe(id!.ms);
      expect(stored.time.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await world.log.latest(room, 50)).toEqual([stored]);
    });

    it('gives increasing ids and keeps the order of posting', async () => {
      const room = freshRoom();
      const stored = await post(room, 8);
      const ids = stored.map(cursor);
      for (let i = 1; i < ids.length; i += 1) {
        expect(ids[i].ms > ids[i - 1].ms || (ids[i].ms === ids[i - 1].ms && ids[i].seq > ids[i - 1].seq)).toBe(true);
      }
      expect(await world.log.latest(room, 50)).toEqual(stored);
    });

    it('reads the latest N, oldest first', async () => {
      const room = freshRoom();
      const stored = await post(room, 7);
      expect(texts(await world.log.latest(room, 3))).toEqual(['m4', 'm5', 'm6']);
      expect(await world.log.latest(room, 3)).toEqual(stored.slice(-3));
      expect(await world.log.latest(freshRoom(), 50)).toEqual([]);
    });

    it('reads only what is newer than a cursor, up to the limit', async () => {
      const room = freshRoom();
      const stored = await post(room, 6);
      expect(await world.log.after(room, cursor(stored[2]), 50)).toEqual(stored.slice(3));
      expect(await world.log.after(room, cursor(stored[5]), 50)).toEqual([]);
      expect(await world.log.after(room, cursor(stored[0]), 2)).toEqual(stored.slice(1, 3));
      expect(await pollThroughAll(room, 4)).toEqual(stored);
      // A cursor between two ids (or from another room) still splits the history correctly.
      const between = { ms: cursor(stored[3]).ms, seq: cursor(stored[3]).seq };
      expect(texts(await world.log.after(room, between, 50))).toEqual(['m4', 'm5']);
    });

    it('pages back before a cursor; fewer than asked means nothing is left', async () => {
      const room = freshRoom();
      const stored = await post(room, 7);
      expect(await world.log.before(room, cursor(stored[5]), 3)).toEqual(stored.slice(2, 5));
      expect(await world.log.before(room, cursor(stored[1]), 3)).toEqual(stored.slice(0, 1));
      expect(await world.log.before(room, cursor(stored[0]), 3)).toEqual([]);
      expect(await pageBackThroughAll(room, 3)).toEqual(stored);
    });

    it('reads an empty page before the smallest cursor and after the largest, in an empty room too', async () => {
      const room = freshRoom();
      const stored = await post(room, 7);
      await world.settle(); // for the Redis log: part of the room in the archive, part in the stream
      const smallest = parseMessageId(FIRST_MESSAGE_ID)!;
      const largest = parseMessageId(LARGEST_MESSAGE_ID)!;
      expect(await world.log.before(room, smallest, 50)).toEqual([]);
      expect(await world.log.after(room, largest, 500)).toEqual([]);
      // The other two ends of the range read the whole room.
      expect(await world.log.after(room, smallest, 500)).toEqual(stored);
      expect(await world.log.before(room, largest, 3)).toEqual(stored.slice(-3));
      expect(await world.log.before(room, largest, 50)).toEqual(stored);

      const empty = freshRoom('group');
      expect(await world.log.before(empty, smallest, 50)).toEqual([]);
      expect(await world.log.after(empty, largest, 500)).toEqual([]);
      expect(await world.log.before(empty, largest, 50)).toEqual([]);
    });

    it('keeps rooms apart, a course and a group with the same id included', async () => {
      const course = freshRoom('course');
      const group: ChatRoom = { kind: 'group', id: course.id };
      await post(course, 2, 'course-');
      await post(group, 3, 'group-');
      expect(texts(await world.log.latest(course, 50))).toEqual(['course-0', 'course-1']);
      expect(texts(await world.log.latest(group, 50))).toEqual(['group-0', 'group-1', 'group-2']);
    });

    it('gives concurrent posts distinct ids and loses none', async () => {
      const room = freshRoom();
      const stored = (
        await Promise.all(
          Array.from({ length: 25 }, (_, i) => world.log.append(room, { userId: alice.id, username: alice.username, message: `c${i}` })),
        )
      ).map((appended) => appended.message);
      expect(new Set(stored.map((m) => m.id)).size).toBe(25);
      const read = await world.log.latest(room, 50);
      expect(new Set(texts(read))).toEqual(new Set(stored.map((m) => m.message)));
      expect(await pollThroughAll(room, 7)).toEqual(read);
    });

    it('serves one continuous history once older messages leave the fast store', async () => {
      const room = freshRoom();
      const stored = await post(room, 23);
      await world.settle();
      expect(await world.log.latest(room, 50)).toEqual(stored);
      expect(await world.log.latest(room, 12)).toEqual(stored.slice(-12));
      expect(await pageBackThroughAll(room, 4)).toEqual(stored);
      expect(await pollThroughAll(room, 5)).toEqual(stored);
      expect(await world.log.after(room, cursor(stored[2]), 500)).toEqual(stored.slice(3));
      expect(await world.log.before(room, cursor(stored[20]), 6)).toEqual(stored.slice(14, 20));

      // Posting goes on after trimming, and a poll from an old cursor bridges the two.
      const later = await post(room, 3, 'later-');
      expect(await world.log.after(room, cursor(stored[10]), 500)).toEqual([...stored.slice(11), ...later]);
    });

    it('keeps every archived message when the fast store loses its data, and goes on from there', async () => {
      const room = freshRoom('group');
      const stored = await post(room, 9);
      await world.settle();
      await world.loseVolatileData();
      expect(await world.log.latest(room, 50)).toEqual(stored);
      expect(await world.log.after(room, cursor(stored[3]), 500)).toEqual(stored.slice(4));
      expect(await world.log.after(room, cursor(stored[8]), 500)).toEqual([]);
      expect(await pageBackThroughAll(room, 4)).toEqual(stored);

      const newer = await post(room, 2, 'after-loss-');
      expect(parseMessageId(newer[0].id)!.ms).toBeGreaterThanOrEqual(parseMessageId(stored[8].id)!.ms);
      expect(await world.log.after(room, cursor(stored[8]), 500)).toEqual(newer);
      expect(await world.log.after(room, cursor(stored[6]), 500)).toEqual([...stored.slice(7), ...newer]);
      expect(await world.log.latest(room, 50)).toEqual([...stored, ...newer]);
    });

    /** Edits the message (at a fixed time) and answers the change's item. */
    const edit = (room: ChatRoom, message: ChatMessage, text: string) =>
      world.log.change(room, { ...message, message: text, editedAt: new Date(parseMessageId(message.id)!.ms + 60_000) });
    const remove = (room: ChatRoom, message: ChatMessage) => world.log.change(room, { ...message, message: '', deleted: true });
    const position = (item: ChatMessage) => parseMessageId(item.event ?? item.id)!;

    it('records edits and deletes as entries a poll receives in order, and shows messages in their current state', async () => {
      const room = freshRoom();
      const [m0, m1, m2] = await post(room, 3);
      const edited = await edit(room, m1, 'm1, fixed');
      const editedAt = new Date(parseMessageId(m1.id)!.ms + 60_000);
      expect(edited).toEqual({ ...m1, message: 'm1, fixed', editedAt, event: expect.any(String) });
      expect(compareMessageIds(position(edited), cursor(m2))).toBeGreaterThan(0);
      const deleted = await remove(room, m0);
      expect(deleted).toEqual({ ...m0, message: '', deleted: true, event: expect.any(String) });
      expect(compareMessageIds(position(deleted), position(edited))).toBeGreaterThan(0);

      // A poll gets each message once: one never changed as posted, a changed one as its latest change, in its state after it.
      expect(await world.log.after(room, parseMessageId(FIRST_MESSAGE_ID)!, 50)).toEqual([m2, edited, deleted]);
      expect(await world.log.after(room, cursor(m0), 50)).toEqual([m2, edited, deleted]);
      expect(await world.log.after(room, cursor(m2), 50)).toEqual([edited, deleted]);
      expect(await world.log.after(room, position(edited), 50)).toEqual([deleted]);
      expect(await world.log.after(room, position(deleted), 50)).toEqual([]);

      // History has the messages only, as they are now.
      const current = [{ ...m0, message: '', deleted: true }, { ...m1, message: 'm1, fixed', editedAt }, m2];
      expect(await world.log.latest(room, 50)).toEqual(current);
      expect(await world.log.before(room, cursor(m2), 50)).toEqual(current.slice(0, 2));
      expect(await world.log.find(room, cursor(m1))).toEqual(current[1]);
      expect(await world.log.find(room, cursor(m2))).toEqual(m2);
      expect(await world.log.find(room, position(edited))).toBeNull();
      expect(await world.log.find(room, { ms: cursor(m2).ms + 1, seq: 0 })).toBeNull();

      // A later edit wins in history, and replaces the earlier one in the log; an edit of a deleted message is not the log's to refuse.
      const again = await edit(room, { ...m1, message: 'x' }, 'm1, fixed twice');
      expect((await world.log.find(room, cursor(m1)))?.message).toBe('m1, fixed twice');
      expect(await world.log.after(room, position(deleted), 50)).toEqual([again]);
      expect(await world.log.after(room, parseMessageId(FIRST_MESSAGE_ID)!, 50)).toEqual([m2, deleted, again]);
      expect(await world.log.after(room, cursor(m2), 50)).toEqual([deleted, again]);
    });

    it('answers no text a delete or an edit removed, from any read, wherever the entries are kept', async () => {
      const room = freshRoom('group');
      const say = async (text: string) =>
        (await world.log.append(room, { userId: alice.id, username: alice.username, message: text })).message;
      const first = await say('first');
      const secret = await say('my room is quokka 4B');
      const typo = await say('meet at narwhal 7');
      const last = await say('last');
      // A poll that held the original...
      expect(texts(await world.log.after(room, cursor(first), 50))).toEqual(['my room is quokka 4B', 'meet at narwhal 7', 'last']);
      const deleted = await remove(room, secret);
      await edit(room, typo, 'meet at axolotl 8');
      const edited = await edit(room, typo, 'meet at 9');
      // ...gets the delete, and the edit as it reads now.
      expect(await world.log.after(room, cursor(last), 50)).toEqual([deleted, edited]);
      const removed = ['quokka', 'narwhal', 'axolotl'];
      const smallest = parseMessageId(FIRST_MESSAGE_ID)!;
      const largest = parseMessageId(LARGEST_MESSAGE_ID)!;

      const expectGone = async (stage: string) => {
        const reads: [string, unknown][] = [
          ['latest', await world.log.latest(room, 50)],
          ['latest 2', await world.log.latest(room, 2)],
          ['before the largest id', await world.log.before(room, largest, 50)],
          ['before the last message', await world.log.before(room, cursor(last), 1)],
          ['before the edited message', await world.log.before(room, cursor(typo), 50)],
          ['after 0-0', await world.log.after(room, smallest, 500)],
          ['after the first message', await world.log.after(room, cursor(first), 500)],
          ['after the deleted message', await world.log.after(room, cursor(secret), 500)],
          ['after the millisecond before it', await world.log.after(room, { ms: cursor(secret).ms - 1, seq: 0 }, 500)],
          ['after the edited message', await world.log.after(room, cursor(typo), 500)],
          ['polled one at a time', await pollThroughAll(room, 1)],
          ['paged back one at a time', await pageBackThroughAll(room, 1)],
          ['find the deleted', await world.log.find(room, cursor(secret))],
          ['find the edited', await world.log.find(room, cursor(typo))],
        ];
        for (const [name, answer] of reads)
          for (const text of removed) expect(JSON.stringify(answer), `${stage}: ${name}`).not.toContain(text);
        const current = [
          first,
          { ...secret, message: '', deleted: true },
          { ...typo, message: 'meet at 9', editedAt: edited.editedAt },
          last,
        ];
        expect(await world.log.latest(room, 50), stage).toEqual(current);
        expect(await pageBackThroughAll(room, 1), stage).toEqual(current);
        expect(await world.log.after(room, smallest, 500), stage).toEqual([first, last, deleted, edited]);
        expect(await pollThroughAll(room, 1), stage).toEqual([first, last, deleted, edited]);
      };
      await expectGone('at once');
      await world.settle();
      await expectGone('archived');
      await world.replayArchiving();
      await world.settle();
      await expectGone('archived again');
      await world.loseVolatileData();
      await expectGone('after the fast store lost its data');
    });

    it(`takes ${MAX_EDITS_PER_MESSAGE} edits of a message and refuses the next, changing nothing; a delete still goes`, async () => {
      const room = freshRoom();
      const [message] = await post(room, 1);
      for (let i = 1; i <= MAX_EDITS_PER_MESSAGE; i += 1) await edit(room, message, `edit ${i}`);
      await expect(edit(room, message, 'one too many')).rejects.toBeInstanceOf(TooManyEditsError);
      expect((await world.log.find(room, cursor(message)))?.message).toBe(`edit ${MAX_EDITS_PER_MESSAGE}`);
      expect(texts(await world.log.after(room, parseMessageId(FIRST_MESSAGE_ID)!, 50))).toEqual([`edit ${MAX_EDITS_PER_MESSAGE}`]);
      expect((await remove(room, message)).deleted).toBe(true);
      expect(await world.log.latest(room, 50)).toEqual([{ ...message, message: '', deleted: true }]);
    });

    it('lets no parallel burst of edits past the limit', async () => {
      const room = freshRoom('group');
      const [message] = await post(room, 1);
      const outcomes = await Promise.allSettled(
        Array.from({ length: MAX_EDITS_PER_MESSAGE + 6 }, (_, i) => edit(room, message, `burst ${i}`)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(MAX_EDITS_PER_MESSAGE);
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(TooManyEditsError);
      // One change in the log: the last stored, as history shows it.
      const log = await world.log.after(room, parseMessageId(FIRST_MESSAGE_ID)!, 50);
      expect(log).toHaveLength(1);
      expect(log[0].message).toBe((await world.log.find(room, cursor(message)))?.message);
    });

    it('keeps history pages full whatever edits and deletes sit between the messages', async () => {
      const room = freshRoom();
      const stored = await post(room, 9);
      const current = [...stored];
      for (const i of [1, 2, 5, 8])
        current[i] = { ...stored[i], message: `edited ${i}`, editedAt: new Date(cursor(stored[i]).ms + 60_000) };
      for (const i of [1, 2, 5, 8]) await edit(room, stored[i], `edited ${i}`);
      await remove(room, stored[3]);
      current[3] = { ...stored[3], message: '', deleted: true };
      const later = await post(room, 2, 'later-');
      const all = [...current, ...later];
      expect(await world.log.latest(room, 3)).toEqual(all.slice(-3));
      expect(await pageBackThroughAll(room, 3)).toEqual(all);
      await world.settle();
      expect(await pageBackThroughAll(room, 2)).toEqual(all);
      expect(await world.log.latest(room, 50)).toEqual(all);
    });

    it('keeps edits and deletes through archiving and a loss of the fast store', async () => {
      const room = freshRoom('group');
      const [m0, m1, m2] = await post(room, 3);
      const edited = await edit(room, m2, 'm2, fixed');
      await world.settle();
      await world.replayArchiving();
      await world.settle();
      // Not yet archived when the fast store loses its data: its state was stored when it was made.
      const deleted = await remove(room, m1);
      await world.loseVolatileData();

      const current = [m0, { ...m1, message: '', deleted: true }, { ...m2, message: 'm2, fixed', editedAt: edited.editedAt }];
      expect(await world.log.latest(room, 50)).toEqual(current);
      expect(await world.log.find(room, cursor(m1))).toEqual(current[1]);
      expect(await pageBackThroughAll(room, 2)).toEqual(current);
      // A poll still receives both changes, the one the fast store lost included: their states were stored with them.
      expect(await world.log.after(room, cursor(m2), 50)).toEqual([edited, deleted]);

      // Changes go on after the loss, and polls from before it see them.
      const again = await edit(room, current[2], 'm2, fixed again');
      expect(await world.log.after(room, position(edited), 50)).toEqual([deleted, again]);
      expect((await world.log.latest(room, 50)).at(-1)).toEqual({ ...m2, message: 'm2, fixed again', editedAt: again.editedAt });
    });

    // Unread marks are counted over this port (GetUnreadCounts reads a few pages after the marker): the same counts on every adapter.
    it('gives the same unread counts after a marker, mentions apart and capped at 100, wherever the entries are kept', async () => {
      const room = freshRoom('group');
      const carol = await world.addUser(`carol${Date.now() % 1e6}`);
      const markers = new InMemoryReadMarkers();
      markers.joinRoom(carol.id, room, new Date(2020, 0, 1));
      const users = { findById: async (id: UserId) => (id === carol.id ? carol : null) } as unknown as UserRepository;
      const counts = new GetUnreadCounts(markers, world.log, users, new LocalChatSignals(new SignalHub(), new RoomNewest()));
      const count = async () => (await counts.execute({ actingUserId: carol.id })).rooms[0];

      const [first, second] = await post(room, 2);
      const { message: mention } = await world.log.append(room, {
        userId: alice.id,
        username: alice.username,
        message: `over to you, @${carol.username}`,
      });
      await world.log.append(room, { userId: carol.id, username: carol.username, message: 'my own, never unread' });
      expect(await count()).toMatchObject({ unread: 3, mentions: 1, lastRead: null });
      await markers.mark(carol.id, room, cursor(first));
      expect(await count()).toMatchObject({ unread: 2, mentions: 1, lastRead: first.id });
      // An edit can add a mention; a delete takes the message out.
      await edit(room, second, `and you, @${carol.username.toUpperCase()}`);
      await remove(room, mention);
      expect(await count()).toMatchObject({ unread: 1, mentions: 1 });
      await post(room, 120, 'busy-');
      expect(await count()).toMatchObject({ unread: 100, mentions: 1 });
      await world.settle();
      expect(await count()).toMatchObject({ unread: 100, mentions: 1 });
      await world.loseVolatileData();
      expect(await count()).toMatchObject({ unread: 100, mentions: 1 });
      await markers.mark(carol.id, room, cursor((await world.log.latest(room, 1))[0]));
      expect(await count()).toMatchObject({ unread: 0, mentions: 0 });
    });

    describe('a client message id (a retried post)', () => {
      const keyed = (author: { id: UserId; username: string }, message: string, clientMessageID: string) => ({
        userId: author.id,
        username: author.username,
        message,
        clientMessageID,
      });

      it('answers the message already stored for the same student, room and key, and stores nothing', async () => {
        const room = freshRoom();
        const first = await world.log.append(room, keyed(alice, 'Did anyone get problem 3?', 'draft-1'));
        expect(first.replayed).toBe(false);
        const again = await world.log.append(room, keyed(alice, 'Did anyone get problem 3?', 'draft-1'));
        expect(again).toEqual({ message: first.message, replayed: true });
        // The key names the post: a different text under it still answers the one stored.
        const changed = await world.log.append(room, keyed(alice, 'typo fixed', 'draft-1'));
        expect(changed).toEqual({ message: first.message, replayed: true });
        expect(await world.log.latest(room, 50)).toEqual([first.message]);
        expect(await world.log.after(room, parseMessageId(FIRST_MESSAGE_ID)!, 50)).toEqual([first.message]);
      });

      it('stores exactly one message for a burst of ten parallel posts with one key', async () => {
        const room = freshRoom('group');
        const key = crypto.randomUUID();
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => world.log.append(room, keyed(bob, 'sent ten times at once', key))),
        );
        expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
        expect(new Set(answers.map((a) => a.message.id)).size).toBe(1);
        expect(texts(await world.log.latest(room, 50))).toEqual(['sent ten times at once']);
      });

      it('keeps keys apart by student and by room, and stores every post without a key', async () => {
        const room = freshRoom();
        const other = freshRoom();
        const mine = await world.log.append(room, keyed(alice, 'mine', 'same-key'));
        const bobs = await world.log.append(room, keyed(bob, 'bob’s', 'same-key'));
        const elsewhere = await world.log.append(other, keyed(alice, 'elsewhere', 'same-key'));
        expect([mine.replayed, bobs.replayed, elsewhere.replayed]).toEqual([false, false, false]);
        expect(texts(await world.log.latest(room, 50))).toEqual(['mine', 'bob’s']);
        expect(texts(await world.log.latest(other, 50))).toEqual(['elsewhere']);

        const plain = { userId: alice.id, username: alice.username, message: 'twice on purpose' };
        const [one, two] = [await world.log.append(room, plain), await world.log.append(room, plain)];
        expect([one.replayed, two.replayed]).toEqual([false, false]);
        expect(one.message.id).not.toBe(two.message.id);
        expect(texts(await world.log.latest(room, 50))).toEqual(['mine', 'bob’s', 'twice on purpose', 'twice on purpose']);
      });

      it('finds the message by its key after it left the fast store, in its current state', async () => {
        const room = freshRoom();
        const first = await world.log.append(room, keyed(alice, 'archived soon', 'kept-a-day'));
        const later = await post(room, 9, 'later-');
        await world.settle(); // for the Redis log: the keyed message is trimmed from the stream, only the archive has it
        const edited = await world.log.change(room, {
          ...first.message,
          message: 'archived, then edited',
          editedAt: new Date(cursor(first.message).ms + 1_000),
        });
        const again = await world.log.append(room, keyed(alice, 'archived soon', 'kept-a-day'));
        const { event: _event, ...current } = edited;
        expect(again).toEqual({ message: current, replayed: true });
        expect(await world.log.latest(room, 50)).toEqual([current, ...later]);
      });
    });

    describe('replies and reactions', () => {
      const reply = async (room: ChatRoom, to: ChatMessage, text: string) =>
        (await world.log.append(room, { userId: bob.id, username: bob.username, message: text, replyTo: to.id })).message;
      const react = (room: ChatRoom, message: ChatMessage, who: { id: UserId }, emoji: ReactionEmoji, on = true) =>
        world.log.react(room, cursor(message), { userId: who.id, emoji, on });

      it('keeps the message a reply answers through every read, a change of it, archiving and a loss of the fast store', async () => {
        const room = freshRoom('group');
        const [original] = await post(room, 1, 'question-');
        const answer = await reply(room, original, 'the answer');
        expect(answer).toMatchObject({ message: 'the answer', replyTo: original.id });
        expect(await world.log.latest(room, 50)).toEqual([original, answer]);
        expect(await world.log.after(room, cursor(original), 50)).toEqual([answer]);
        expect(await world.log.find(room, cursor(answer))).toEqual(answer);
        expect((await world.log.find(room, cursor(original)))?.replyTo).toBeUndefined();

        const edited = await edit(room, answer, 'the answer, fixed');
        expect(edited.replyTo).toBe(original.id);
        expect(await world.log.after(room, cursor(answer), 50)).toEqual([edited]);
        await world.settle();
        await world.loseVolatileData();
        const { event: _event, ...current } = edited;
        expect(await world.log.latest(room, 50)).toEqual([original, current]);
        expect(await world.log.find(room, cursor(answer))).toEqual(current);
        expect(await world.log.after(room, cursor(original), 50)).toEqual([edited]);
      });

      it('records a reaction as an event a poll receives, once per student, emoji and message, and not as an edit', async () => {
        const room = freshRoom();
        const [m0, m1] = await post(room, 2, 'r-');
        const liked = await react(room, m0, alice, '👍');
        expect(liked).toEqual({
          changed: true,
          message: { ...m0, reactions: [{ emoji: '👍', userIds: [alice.id] }], event: expect.any(String) },
        });
        expect(compareMessageIds(position(liked!.message), cursor(m1))).toBeGreaterThan(0);
        expect(await world.log.after(room, cursor(m0), 50)).toEqual([m1, liked!.message]);

        // The same again changes nothing and records nothing.
        const same = await react(room, m0, alice, '👍');
        expect(same).toEqual({ changed: false, message: expect.objectContaining({ reactions: [{ emoji: '👍', userIds: [alice.id] }] }) });
        expect(await world.log.after(room, position(liked!.message), 50)).toEqual([]);

        // A parallel burst of one student's reaction stores one.
        await Promise.all(Array.from({ length: 8 }, () => react(room, m0, bob, '❤️')));
        const expected = [
          { emoji: '👍', userIds: [alice.id] },
          { emoji: '❤️', userIds: [bob.id] },
        ];
        expect((await world.log.find(room, cursor(m0)))?.reactions).toEqual(expected);
        await Promise.all(Array.from({ length: 8 }, () => react(room, m0, bob, '👍')));
        expect((await world.log.find(room, cursor(m0)))?.reactions).toEqual([
          { emoji: '👍', userIds: [alice.id, bob.id] },
          { emoji: '❤️', userIds: [bob.id] },
        ]);
        await react(room, m0, bob, '👍', false);

        // Reactions are no edits: the message is not shown edited, and its edits stay its author's to use.
        const [current] = await world.log.latest(room, 1).then(() => world.log.before(room, cursor(m1), 1));
        expect(current).toEqual({ ...m0, reactions: expected });
        const edited = await edit(room, m0, 'r-0, fixed');
        expect(edited.reactions).toEqual(expected);
        await world.settle();
        await world.loseVolatileData();
        expect(await world.log.find(room, cursor(m0))).toEqual({
          ...m0,
          message: 'r-0, fixed',
          editedAt: edited.editedAt,
          reactions: expected,
        });
        const polled = await world.log.after(room, cursor(m1), 50);
        expect(polled).toEqual([{ ...edited, reactions: expected }]);

        // Taking one off is an event too; a delete takes every reaction with it, and a deleted or unknown message takes none.
        const off = await react(room, m0, alice, '👍', false);
        expect(off?.message.reactions).toEqual([{ emoji: '❤️', userIds: [bob.id] }]);
        const deleted = await remove(room, { ...m0, message: 'r-0, fixed' });
        expect(deleted.reactions).toBeUndefined();
        expect(await react(room, m0, alice, '🎉')).toBeNull();
        expect(await react(room, { ...m1, id: `${cursor(m1).ms + 5_000}-0` }, alice, '🎉')).toBeNull();
        expect((await world.log.find(room, cursor(m0)))?.reactions).toBeUndefined();
        expect(await world.log.after(room, position(off!.message), 50)).toEqual([deleted]);
        expect(await world.log.mostReacted(room, new Date(0), 3)).toEqual([]);
      });

      it('answers the most reacted messages since a time, most first and the newer on a tie, in their current state', async () => {
        const room = freshRoom();
        const carol = await world.addUser(`carol${Date.now() % 1e6}`);
        const [m0, m1, m2, m3] = await post(room, 4, 'u-');
        await react(room, m1, alice, '👍');
        await react(room, m1, bob, '🎉');
        await react(room, m2, carol, '🙏');
        await react(room, m3, alice, '😂');
        await react(room, m3, carol, '😂');
        const edited = await edit(room, m1, 'u-1, fixed');
        const top = await world.log.mostReacted(room, new Date(cursor(m0).ms), 3);
        expect(top.map((m) => m.id)).toEqual([m3.id, m1.id, m2.id]);
        expect(top[1]).toMatchObject({ message: 'u-1, fixed', editedAt: edited.editedAt });
        expect(top.every((m) => m.event === undefined)).toBe(true);
        expect((await world.log.mostReacted(room, new Date(cursor(m0).ms), 1)).map((m) => m.id)).toEqual([m3.id]);
        expect(await world.log.mostReacted(room, new Date(cursor(m3).ms + 1), 3)).toEqual([]);
        await remove(room, m3);
        await world.settle();
        expect((await world.log.mostReacted(room, new Date(0), 3)).map((m) => m.id)).toEqual([m1.id, m2.id]);
      });
    });

    it('stores each message once, however often it is archived', async () => {
      const room = freshRoom();
      const stored = await post(room, 11);
      await world.settle();
      await world.replayArchiving();
      await world.settle();
      await world.loseVolatileData();
      expect(await world.log.latest(room, 50)).toEqual(stored);
    });
  });
}
