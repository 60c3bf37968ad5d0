// Live chat's use cases on in-memory adapters and the in-process signals: the
// long poll, edits and deletes with their permissions, read marks and the
// unread counts.
import { sectionEntry } from '@tests/support/catalog-entries';
import { beforeEach, describe, expect, it } from 'vitest';
import { DeleteChatMessage } from '@application/chat/delete-chat-message';
import { EditChatMessage } from '@application/chat/edit-chat-message';
import { GetUnreadCounts } from '@application/chat/get-unread-counts';
import { MarkChatRead } from '@application/chat/mark-chat-read';
import { PostChatMessage, PostingAllowance } from '@application/chat/post-chat-message';
import { waitDeadline, WaitForChatMessages } from '@application/chat/wait-for-chat-messages';
import { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { LocalMembershipChanges } from '@adapters/chat/local-membership-changes';
import { RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import { MAX_EDITS_PER_MESSAGE, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId } from '@domain/chat/message-id';
import { findMentions, mentions } from '@domain/chat/mention';
import { DomainError } from '@domain/errors';
import { CourseId, type UserId } from '@domain/ids';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryChatRoomAccess } from '@tests/fakes/in-memory-chat-room-access';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryRateLimiter } from '@tests/fakes/in-memory-rate-limiter';
import { InMemoryReadMarkers } from '@tests/fakes/in-memory-read-markers';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { ManualClock } from '@tests/support/test-clock';

const course: ChatRoom = { kind: 'course', id: 1 };
const otherCourse: ChatRoom = { kind: 'course', id: 3 };
const HOUR = 3_600_000;
const LONG_WAIT = 60_000;

async function world() {
  const clock = new ManualClock(Date.UTC(2025, 9, 1, 14));
  const catalog = new InMemoryCourseCatalog();
  const users = new InMemoryUserRepository();
  const membership = new InMemoryCourseMembership(catalog, users);
  const store = new InMemoryChatRoomAccess(catalog, membership);
  const access = new CachedChatRoomAccess(store, 60_000, clock.now);
  const groups = new InMemoryStudyGroupRepository(users);
  const log = new InMemoryChatLog(clock.now);
  const hub = new SignalHub();
  const signals = new LocalChatSignals(hub, new RoomNewest(3_000, clock.now));
  const markers = new InMemoryReadMarkers();
  const allowance = new PostingAllowance(new InMemoryRateLimiter());
  const section = (classNumber: number) => sectionEntry({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', classNumber });
  // Two courses (ids 1 and 3: courses and sections share one id space).
  await catalog.upsert([section(1), sectionEntry({ courseNumber: 'MAC2311', name: 'Analytic Geometry and Calculus 1', classNumber: 2 })]);
  const student = async (username: string) => {
    const result = await users.create({
      firstName: 'A',
      lastName: 'B',
      username,
      email: `${username}@ufl.edu`,
      major: 'M',
      year: '1',
      bio: '',
      passwordHash: 'x',
    });
    if (!result.created) throw new Error('not created');
    await membership.joinCourse(result.user.id, CourseId(course.id));
    markers.joinRoom(result.user.id, course, new Date(clock.now()));
    return result.user.id;
  };
  const [alice, bob, carol] = [await student('alice'), await student('bob'), await student('carol')];
  const group = await groups.create(
    { courseId: CourseId(1), ownerId: alice, name: 'Exam prep', description: 'Sets', isPublic: true },
    new Date(),
  );
  await groups.addMember(group.id, bob);
  store.addGroup(group.id, alice);
  store.joinGroup(group.id, bob);
  const groupRoom: ChatRoom = { kind: 'group', id: group.id };
  const verification = new EmailVerificationPolicy(users, 'optional');
  const authors = new CachedMessageAuthors(users, clock.now);
  const poster = new PostChatMessage(access, log, users, allowance, signals, verification, authors);
  return {
    clock,
    access,
    store,
    membership,
    log,
    hub,
    signals,
    markers,
    verification,
    alice,
    bob,
    carol,
    groupRoom,
    changes: new LocalMembershipChanges(access, hub),
    post: (userId: UserId, room: ChatRoom, message: string) => poster.execute({ actingUserId: userId, room, message }),
    wait: new WaitForChatMessages(access, log, signals, authors, clock.now),
    edit: new EditChatMessage(access, log, allowance, signals, verification, authors, clock.now),
    remove: new DeleteChatMessage(access, log, groups, signals, authors),
    mark: new MarkChatRead(access, log, markers, signals),
    unread: new GetUnreadCounts(markers, log, users, signals, clock.now),
  };
}

type World = Awaited<ReturnType<typeof world>>;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

/** Resolves once the hub has `count` waiters: the wait has read and is waiting. */
async function waiters(w: World, count: number): Promise<void> {
  while (w.hub.waiting < count) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

describe('WaitForChatMessages', () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });

  it('answers at once when there is news, and otherwise as soon as a message is posted', async () => {
    const first = await w.post(w.bob, course, 'first');
    expect(await w.wait.execute({ actingUserId: w.alice, room: course, after: '0-0', waitMs: LONG_WAIT })).toEqual({
      messages: [first],
      activity: false,
      groupChanged: false,
    });

    const waiting = w.wait.execute({ actingUserId: w.alice, room: course, after: first.id, waitMs: LONG_WAIT });
    await waiters(w, 1);
    const second = await w.post(w.bob, course, 'second');
    expect(await waiting).toEqual({ messages: [second], activity: false, groupChanged: false });
    expect(w.hub.waiting).toBe(0);
  });

  it('answers [] at the deadline, when the client leaves and when the server shuts down', async () => {
    expect(await w.wait.execute({ actingUserId: w.alice, room: course, after: '0-0', waitMs: 20 })).toEqual({
      messages: [],
      activity: false,
      groupChanged: false,
    });
    const client = new AbortController();
    const leaving = w.wait.execute({ actingUserId: w.alice, room: course, after: '0-0', waitMs: LONG_WAIT, signal: client.signal });
    await waiters(w, 1);
    client.abort();
    expect(await leaving).toEqual({ messages: [], activity: false, groupChanged: false });
    const shutting = w.wait.execute({ actingUserId: w.alice, room: course, after: '0-0', waitMs: LONG_WAIT });
    await waiters(w, 1);
    w.hub.close();
    expect(await shutting).toEqual({ messages: [], activity: false, groupChanged: false });
    expect(w.hub.waiting).toBe(0);
  });

  it('refuses a student removed while waiting, at once, rather than answer', async () => {
    const waiting = w.wait.execute({ actingUserId: w.bob, room: w.groupRoom, after: '0-0', waitMs: LONG_WAIT });
    await waiters(w, 1);
    w.store.leaveGroup(w.groupRoom.id, w.bob);
    await w.changes.left(w.bob, w.groupRoom);
    expect(await codeOf(waiting)).toBe('NOT_GROUP_MEMBER');
    await w.post(w.alice, w.groupRoom, 'after bob left');
    expect(w.hub.waiting).toBe(0);
  });

  it('ends early with activity when another watched room of the student gets a message, ignoring rooms they are not in', async () => {
    const waiting = w.wait.execute({
      actingUserId: w.bob,
      room: course,
      after: '0-0',
      waitMs: LONG_WAIT,
      alsoWatch: [w.groupRoom, otherCourse],
    });
    await waiters(w, 1);
    // Bob is not in the other course: its activity is none of his business.
    await w.membership.joinCourse(w.carol, CourseId(otherCourse.id));
    await w.post(w.carol, otherCourse, 'elsewhere');
    await w.post(w.alice, w.groupRoom, 'in bob’s group');
    expect(await waiting).toEqual({ messages: [], activity: true, groupChanged: false });
  });

  it('ends early with activity when the student marks a room read elsewhere (another tab or device), watching or not', async () => {
    const news = await w.post(w.alice, w.groupRoom, 'in bob’s group');
    for (const alsoWatch of [[w.groupRoom], []]) {
      const waiting = w.wait.execute({ actingUserId: w.bob, room: course, after: '0-0', waitMs: LONG_WAIT, alsoWatch });
      await waiters(w, 1);
      // Another student's mark is none of Bob's business.
      await w.mark.execute({ actingUserId: w.alice, room: w.groupRoom, messageId: news.id });
      await w.mark.execute({ actingUserId: w.bob, room: w.groupRoom, messageId: news.id });
      expect(await waiting).toEqual({ messages: [], activity: true, groupChanged: false });
    }
    expect(w.hub.waiting).toBe(0);
  });

  it('asks the room access once for a watched room the student is not in, until they join it', async () => {
    // The room access a server caches, over a store that counts what it is asked.
    const asked: string[] = [];
    const counting: ChatRoomAccess = {
      check: (userId, room) => {
        asked.push(`${room.kind}:${room.id}`);
        return w.store.check(userId, room);
      },
    };
    const access = new CachedChatRoomAccess(counting, 60_000, w.clock.now);
    const changes = new LocalMembershipChanges(access, w.hub);
    const wait = new WaitForChatMessages(access, w.log, w.signals, new CachedMessageAuthors(new InMemoryUserRepository()), w.clock.now);
    const nowhere: ChatRoom = { kind: 'group', id: 999 };
    const poll = () =>
      wait.execute({ actingUserId: w.carol, room: course, after: '0-0', waitMs: 0, alsoWatch: [w.groupRoom, otherCourse, nowhere] });

    for (let i = 0; i < 5; i += 1) await poll();
    // The course once (a grant), each foreign room once (a refusal): five polls, four questions.
    expect(asked.sort()).toEqual(['course:1', 'course:3', `group:${w.groupRoom.id}`, 'group:999']);
    // A poll's own room is never refused from memory: that refusal is asked afresh (a 403 ends the student's chat).
    asked.length = 0;
    expect(await codeOf(wait.execute({ actingUserId: w.carol, room: w.groupRoom, after: '0-0', waitMs: 0 }))).toBe('NOT_GROUP_MEMBER');
    expect(asked).toEqual([`group:${w.groupRoom.id}`]);

    // Carol joins the group. Until the change is told, the watch keeps the remembered refusal ...
    w.store.joinGroup(w.groupRoom.id, w.carol);
    asked.length = 0;
    await poll();
    expect(asked).toEqual([]);
    // ... and once told, it forgets it at once: the next poll asks, and watches the group.
    await changes.joined(w.carol, w.groupRoom);
    const waiting = wait.execute({
      actingUserId: w.carol,
      room: course,
      after: '0-0',
      waitMs: LONG_WAIT,
      alsoWatch: [w.groupRoom, otherCourse, nowhere],
    });
    await waiters(w, 1);
    await w.post(w.alice, w.groupRoom, 'now for carol too');
    expect(await waiting).toEqual({ messages: [], activity: true, groupChanged: false });
    expect(asked).toEqual([`group:${w.groupRoom.id}`]);
  });

  it('refuses malformed cursors and non-members before waiting', async () => {
    expect(await codeOf(w.wait.execute({ actingUserId: w.alice, room: course, after: 'abc', waitMs: LONG_WAIT }))).toBe('INVALID_CURSOR');
    expect(await codeOf(w.wait.execute({ actingUserId: w.carol, room: w.groupRoom, after: '0-0', waitMs: LONG_WAIT }))).toBe(
      'NOT_GROUP_MEMBER',
    );
    expect(w.hub.waiting).toBe(0);
  });
});

describe('waitDeadline', () => {
  it('ends a wait somewhere in its last tenth, never after it', () => {
    expect(waitDeadline(1_000, 25_000, () => 0)).toBe(23_500);
    expect(waitDeadline(1_000, 25_000, () => 0.5)).toBe(24_750);
    expect(waitDeadline(1_000, 25_000, () => 0.999)).toBeLessThan(26_000);
  });
});

/** A message as the log keeps it: its author's names come with answers only, never stored. */
const unnamed = ({ firstName: _first, lastName: _last, ...message }: ChatMessage): ChatMessage => message;

describe('EditChatMessage and DeleteChatMessage', () => {
  let w: World;
  let mine: ChatMessage;
  beforeEach(async () => {
    w = await world();
    mine = await w.post(w.bob, course, 'See you at 7?');
  });

  const editBy = (userId: UserId, message: ChatMessage, text: string, room = course) =>
    w.edit.execute({ actingUserId: userId, room, messageId: message.id, message: text });
  const deleteBy = (userId: UserId, message: ChatMessage, room = course) =>
    w.remove.execute({ actingUserId: userId, room, messageId: message.id });

  it('lets the author edit within 24 hours; a poller receives the edit after the message', async () => {
    w.clock.advance(23 * HOUR);
    const edited = await editBy(w.bob, mine, '  See you at 8?  ');
    expect(edited).toEqual({ ...mine, message: 'See you at 8?', editedAt: new Date(w.clock.now()), event: expect.any(String) });
    expect(await w.wait.execute({ actingUserId: w.alice, room: course, after: mine.id, waitMs: LONG_WAIT })).toEqual({
      messages: [edited],
      activity: false,
      groupChanged: false,
    });
    expect((await w.log.latest(course, 50))[0]).toEqual({ ...unnamed(mine), message: 'See you at 8?', editedAt: new Date(w.clock.now()) });
  });

  it('refuses an edit after 24 hours, of another’s message, of an unknown or deleted one, and blank text', async () => {
    expect(await codeOf(editBy(w.alice, mine, 'not mine'))).toBe('NOT_MESSAGE_AUTHOR');
    expect(await codeOf(editBy(w.bob, mine, '   '))).toBe('VALIDATION_FAILED');
    expect(await codeOf(editBy(w.bob, { ...mine, id: '1-0' }, 'who?'))).toBe('MESSAGE_NOT_FOUND');
    expect(await codeOf(editBy(w.carol, mine, 'x', w.groupRoom))).toBe('NOT_GROUP_MEMBER');
    w.clock.advance(24 * HOUR + 1);
    expect(await codeOf(editBy(w.bob, mine, 'too late'))).toBe('EDIT_WINDOW_CLOSED');
    await deleteBy(w.bob, mine);
    expect(await codeOf(editBy(w.bob, mine, 'after deleting'))).toBe('MESSAGE_NOT_FOUND');
    // The log holds the message once: as its delete.
    expect(await w.log.after(course, { ms: 0, seq: 0 }, 50)).toEqual([
      expect.objectContaining({ id: mine.id, message: '', deleted: true, event: expect.any(String) }),
    ]);
  });

  it(`refuses an edit past ${MAX_EDITS_PER_MESSAGE} with TOO_MANY_EDITS, and gives its posting point back`, async () => {
    for (let i = 1; i <= MAX_EDITS_PER_MESSAGE; i += 1)
      await w.log.change(course, { ...mine, message: `edit ${i}`, editedAt: new Date(w.clock.now()) });
    // One point only: were the refused edit's point kept, the second try would be RATE_LIMITED.
    const allowance = new PostingAllowance(new InMemoryRateLimiter(), { messages: 1, windowMs: 60_000 });
    const edit = new EditChatMessage(
      w.access,
      w.log,
      allowance,
      w.signals,
      w.verification,
      new CachedMessageAuthors(new InMemoryUserRepository()),
      w.clock.now,
    );
    const tryEdit = () => edit.execute({ actingUserId: w.bob, room: course, messageId: mine.id, message: 'one more' });
    expect(await codeOf(tryEdit())).toBe('TOO_MANY_EDITS');
    expect(await codeOf(tryEdit())).toBe('TOO_MANY_EDITS');
    expect((await w.log.find(course, parseMessageId(mine.id)!))?.message).toBe(`edit ${MAX_EDITS_PER_MESSAGE}`);
  });

  it('lets the author delete any time; deleting twice changes nothing', async () => {
    w.clock.advance(30 * 24 * HOUR);
    const deleted = await deleteBy(w.bob, mine);
    expect(deleted).toEqual({ ...mine, message: '', deleted: true, event: expect.any(String) });
    const again = await deleteBy(w.bob, mine);
    expect(again).toEqual({ ...mine, message: '', deleted: true });
    expect(await w.log.after(course, { ms: 0, seq: 0 }, 50)).toEqual([unnamed(deleted)]);
  });

  it('has no moderator in course chats, and lets a group’s owner delete anyone’s message there', async () => {
    expect(await codeOf(deleteBy(w.alice, mine))).toBe('NOT_MESSAGE_AUTHOR');
    const inGroup = await w.post(w.bob, w.groupRoom, 'off topic');
    const ownersPost = await w.post(w.alice, w.groupRoom, 'owner speaking');
    expect(await codeOf(deleteBy(w.bob, ownersPost, w.groupRoom))).toBe('NOT_MESSAGE_AUTHOR');
    expect(await deleteBy(w.alice, inGroup, w.groupRoom)).toMatchObject({ id: inGroup.id, deleted: true, message: '' });
    // The owner may delete, not edit, another's message.
    expect(await codeOf(editBy(w.alice, ownersPost, 'mine to edit', w.groupRoom))).toBe('no error');
  });
});

describe('MarkChatRead and GetUnreadCounts', () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });

  const summaryOf = async (userId: UserId) =>
    (await w.unread.execute({ actingUserId: userId })).rooms.find((r) => r.room.kind === 'course')!;

  it('counts other students’ messages after the marker, not one’s own nor deleted ones, with mentions', async () => {
    const a = await w.post(w.alice, course, 'hello @bob!');
    await w.post(w.bob, course, 'hi @alice');
    const c = await w.post(w.carol, course, 'email carol@bob.edu, not @bobby');
    await w.post(w.carol, course, 'ping @BOB.');
    expect(await summaryOf(w.bob)).toMatchObject({ unread: 3, mentions: 2, lastRead: null });
    await w.remove.execute({ actingUserId: w.alice, room: course, messageId: a.id });
    expect(await summaryOf(w.bob)).toMatchObject({ unread: 2, mentions: 1 });
    expect(await w.mark.execute({ actingUserId: w.bob, room: course, messageId: c.id })).toEqual({ room: course, lastRead: c.id });
    expect(await summaryOf(w.bob)).toMatchObject({ unread: 1, mentions: 1, lastRead: c.id });
    // Only forward.
    expect((await w.mark.execute({ actingUserId: w.bob, room: course, messageId: a.id })).lastRead).toBe(c.id);
    expect((await w.unread.execute({ actingUserId: w.bob })).total).toBe(1);
  });

  it('counts an edit that adds a mention, and stops counting at 100', async () => {
    const note = await w.post(w.alice, course, 'a note');
    await w.edit.execute({ actingUserId: w.alice, room: course, messageId: note.id, message: 'a note for @carol' });
    expect(await summaryOf(w.carol)).toMatchObject({ unread: 1, mentions: 1 });
    for (let i = 0; i < 130; i += 1) await w.log.append(course, { userId: w.bob, username: 'bob', message: `busy ${i}` });
    expect(await summaryOf(w.carol)).toMatchObject({ unread: 100, mentions: 1 });
  });

  it('counts a room never marked from when the student joined it', async () => {
    await w.post(w.alice, w.groupRoom, 'before carol');
    w.clock.advance(1_000);
    w.markers.joinRoom(w.carol, w.groupRoom, new Date(w.clock.now()));
    w.store.joinGroup(w.groupRoom.id, w.carol);
    w.clock.advance(1_000);
    await w.post(w.alice, w.groupRoom, 'after carol');
    const rooms = (await w.unread.execute({ actingUserId: w.carol })).rooms;
    expect(rooms.map((r) => [r.room.kind, r.unread])).toEqual([
      ['course', 0],
      ['group', 1],
    ]);
  });

  it('refuses marks by non-members and of messages the room does not have', async () => {
    const m = await w.post(w.alice, course, 'hi');
    expect(await codeOf(w.mark.execute({ actingUserId: w.carol, room: w.groupRoom, messageId: m.id }))).toBe('NOT_GROUP_MEMBER');
    expect(await codeOf(w.mark.execute({ actingUserId: w.bob, room: course, messageId: '99999999-0' }))).toBe('MESSAGE_NOT_FOUND');
    expect(await codeOf(w.mark.execute({ actingUserId: w.bob, room: course, messageId: 'x' }))).toBe('INVALID_CURSOR');
  });

  it('waits until the summary differs from the one the client holds', async () => {
    const held = await w.unread.execute({ actingUserId: w.bob });
    expect(await w.unread.execute({ actingUserId: w.bob, waitMs: 20, since: held.version })).toEqual(held);
    const waiting = w.unread.execute({ actingUserId: w.bob, waitMs: LONG_WAIT, since: held.version });
    await waiters(w, 1);
    await w.post(w.alice, course, 'news');
    const changed = await waiting;
    expect(changed.total).toBe(1);
    expect(changed.version).not.toBe(held.version);
    // A mark from another tab wakes it too.
    const next = w.unread.execute({ actingUserId: w.bob, waitMs: LONG_WAIT, since: changed.version });
    await waiters(w, 1);
    const latest = await w.log.latest(course, 1);
    await w.mark.execute({ actingUserId: w.bob, room: course, messageId: latest[0].id });
    expect((await next).total).toBe(0);
  });
});

describe('mentions', () => {
  it.each([
    ['@alice', true],
    ['Hi @Alice, see you', true],
    ['(@alice)', true],
    ['thanks @alice.', true],
    ['@alice\nnext line', true],
    ['bob@alice.edu', false],
    ['@alice2', false],
    ['@alice.smith', false],
    ['@alic', false],
    ['alice', false],
  ])('%j mentions alice: %s', (text, expected) => {
    expect(mentions(text, 'alice')).toBe(expected);
  });

  it('reads a username with regex characters literally', () => {
    expect(mentions('hey @a.b-c', 'a.b-c')).toBe(true);
    expect(mentions('hey @axb-c', 'a.b-c')).toBe(false);
  });

  it('finds where each mention of a room member sits, the longest name at one "@", as typed', () => {
    const members = new Set(['alice', 'alice.smith', 'bob_2']);
    const text = 'Hi @ALICE and @alice.smith; mail bob@alice.edu, @carol, @Bob_2.\n@alice..';
    const spans = findMentions(text, (name) => members.has(name));
    expect(spans.map((s) => [text.slice(s.start, s.end), s.username])).toEqual([
      ['@ALICE', 'ALICE'],
      ['@alice.smith', 'alice.smith'],
      ['@Bob_2', 'Bob_2'],
      ['@alice', 'alice'],
    ]);
  });

  it('reads no further after an "@" than a username can be long, so a long run of name characters costs no more than a short one', () => {
    const asked: string[] = [];
    const text = `@a${'.'.repeat(1999)} @${'b'.repeat(30)}`;
    const spans = findMentions(text, (name) => (asked.push(name), name === 'b'.repeat(30)));
    expect(spans.map((s) => s.username)).toEqual(['b'.repeat(30)]);
    expect(asked.every((name) => name.length <= 30)).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(31);
  });
});
