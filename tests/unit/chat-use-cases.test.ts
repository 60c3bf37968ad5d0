// PostChatMessage, ReadChatMessages, the course page's messages and the room
// access cache, on in-memory adapters.
import { beforeEach, describe, expect, it } from 'vitest';
import { PostChatMessage, PostingAllowance } from '@application/chat/post-chat-message';
import { ReadChatMessages } from '@application/chat/read-chat-messages';
import type { ChatRoomAccess, RoomAccess } from '@application/ports/chat-room-access';
import { GetCoursePage } from '@application/courses/get-course-page';
import { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryChatRoomAccess } from '@tests/fakes/in-memory-chat-room-access';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryRateLimiter } from '@tests/fakes/in-memory-rate-limiter';
import { InMemoryGroupInvitations } from '@tests/fakes/in-memory-group-invitations';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { sectionEntry } from '@tests/support/catalog-entries';
import { checkMessageText, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, nextMessageId, parseMessageId } from '@domain/chat/message-id';
import { DomainError, RateLimitedError } from '@domain/errors';
import { CourseId, UserId } from '@domain/ids';

async function world() {
  const catalog = new InMemoryCourseCatalog();
  const users = new InMemoryUserRepository();
  const membership = new InMemoryCourseMembership(catalog, users);
  const access = new InMemoryChatRoomAccess(catalog, membership);
  const log = new InMemoryChatLog();
  const limiter = new InMemoryRateLimiter();
  await catalog.upsert([sectionEntry({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', classNumber: 1 })]);
  const make = async (username: string) => {
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
    return result.user.id;
  };
  const alice = await make('alice');
  const bob = await make('bob');
  const carol = await make('carol');
  await membership.joinCourse(alice, CourseId(1));
  await membership.joinCourse(bob, CourseId(1));
  access.addGroup(7, alice);
  const signals = new LocalChatSignals(new SignalHub(), new RoomNewest());
  const groups = new InMemoryStudyGroupRepository(users);
  const announced: string[] = [];
  const announce = signals.announce.bind(signals);
  signals.announce = async (topic, newest) => {
    announced.push(topic);
    return announce(topic, newest);
  };
  return {
    catalog,
    membership,
    access,
    log,
    limiter,
    alice,
    bob,
    carol,
    users,
    announced,
    post: new PostChatMessage(
      access,
      log,
      users,
      new PostingAllowance(limiter),
      signals,
      new EmailVerificationPolicy(users, 'optional'),
      new CachedMessageAuthors(users),
    ),
    read: new ReadChatMessages(access, log, new CachedMessageAuthors(users)),
    page: new GetCoursePage(catalog, membership, log, groups, new CachedMessageAuthors(users), new InMemoryGroupInvitations(groups, users)),
  };
}

const course: ChatRoom = { kind: 'course', id: 1 };
const group: ChatRoom = { kind: 'group', id: 7 };

/** A message as an answer carries it: with its author's names now (every student here is "A B"). */
const named = (message: ChatMessage): ChatMessage => ({ ...message, firstName: 'A', lastName: 'B' });
/** A message as the log keeps it: the names are never stored. */
const unnamed = ({ firstName: _first, lastName: _last, ...message }: ChatMessage): ChatMessage => message;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('PostChatMessage', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeEach(async () => {
    w = await world();
  });

  it('stores the trimmed text under the account’s username and answers it with id and time', async () => {
    const stored = await w.post.execute({ actingUserId: w.alice, room: course, message: '  See you at Marston?  ' });
    expect(stored).toMatchObject({ userId: w.alice, username: 'alice', message: 'See you at Marston?', firstName: 'A', lastName: 'B' });
    expect(stored.time.getTime()).toBe(parseMessageId(stored.id)!.ms);
    expect(await w.log.latest(course, 50)).toEqual([unnamed(stored)]);
  });

  it('refuses non-members and unknown rooms, and stores nothing', async () => {
    expect(await codeOf(w.post.execute({ actingUserId: w.carol, room: course, message: 'hi' }))).toBe('NOT_COURSE_MEMBER');
    expect(await codeOf(w.post.execute({ actingUserId: w.bob, room: group, message: 'hi' }))).toBe('NOT_GROUP_MEMBER');
    expect(await codeOf(w.post.execute({ actingUserId: w.alice, room: { kind: 'course', id: 404 }, message: 'hi' }))).toBe(
      'COURSE_NOT_FOUND',
    );
    expect(await codeOf(w.post.execute({ actingUserId: w.alice, room: { kind: 'group', id: 404 }, message: 'hi' }))).toBe(
      'STUDY_GROUP_NOT_FOUND',
    );
    expect(await w.log.latest(course, 50)).toEqual([]);
    expect(await w.log.latest(group, 50)).toEqual([]);
  });

  it('takes 1 to 2,000 characters after trimming, counting an emoji as one', async () => {
    for (const blank of ['', '   ', '\n\t ']) {
      await expect(w.post.execute({ actingUserId: w.alice, room: course, message: blank })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { field: 'message' },
      });
    }
    await expect(w.post.execute({ actingUserId: w.alice, room: course, message: 'x'.repeat(2001) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await w.log.latest(course, 50)).toEqual([]);
    await w.post.execute({ actingUserId: w.alice, room: course, message: ` ${'x'.repeat(2000)} ` });
    await w.post.execute({ actingUserId: w.alice, room: course, message: '🐊'.repeat(2000) });
    expect((await w.log.latest(course, 50)).map((m) => [...m.message].length)).toEqual([2000, 2000]);
    expect(() => checkMessageText('🐊'.repeat(2001))).toThrow(/at most 2,000 characters/);
  });

  it('lets a student post 20 messages per room in 10 seconds, then answers RATE_LIMITED', async () => {
    for (let i = 0; i < 20; i += 1) await w.post.execute({ actingUserId: w.alice, room: course, message: `m${i}` });
    const refused = await w.post.execute({ actingUserId: w.alice, room: course, message: 'one too many' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(10);
    expect(await w.log.latest(course, 50)).toHaveLength(20);
    // Other rooms and other students have their own allowance.
    await w.post.execute({ actingUserId: w.alice, room: group, message: 'group is fine' });
    await w.post.execute({ actingUserId: w.bob, room: course, message: 'bob is fine' });
  });

  it('answers a retry under the same client message id with the stored message: nothing stored or charged, the room announced again', async () => {
    const command = { actingUserId: w.alice, room: course, message: 'Lab at 3?', clientMessageID: 'draft-7' };
    const stored = await w.post.execute(command);
    expect(w.announced).toEqual(['course:1']);
    for (let i = 0; i < 25; i += 1) expect(await w.post.execute(command)).toEqual(stored);
    expect(await w.log.latest(course, 50)).toEqual([unnamed(stored)]);
    // Each retry announces again: the first try's server may have died before it announced.
    expect(w.announced).toEqual(Array(26).fill('course:1'));
    // One post charged of the 20: 19 left.
    for (let i = 0; i < 19; i += 1) await w.post.execute({ actingUserId: w.alice, room: course, message: `m${i}` });
    await expect(w.post.execute({ actingUserId: w.alice, room: course, message: 'one too many' })).rejects.toBeInstanceOf(RateLimitedError);
    // Another student's post under the same id is their own.
    const bobs = await w.post.execute({ ...command, actingUserId: w.bob });
    expect(bobs.id).not.toBe(stored.id);
    expect(bobs.username).toBe('bob');
  });

  it('does not count refused messages against the limit', async () => {
    for (let i = 0; i < 30; i += 1) await w.post.execute({ actingUserId: w.alice, room: course, message: '  ' }).catch(() => undefined);
    await w.post.execute({ actingUserId: w.alice, room: course, message: 'still allowed' });
  });
});

describe('ReadChatMessages', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeEach(async () => {
    w = await world();
  });

  it('reads the latest 50, the ones after a cursor, and 50 before one', async () => {
    const stored = [];
    for (let i = 0; i < 120; i += 1)
      stored.push((await w.log.append(course, { userId: w.bob, username: 'bob', message: `m${i}` })).message);
    const read = (extra: { after?: string; before?: string }) => w.read.execute({ actingUserId: w.alice, room: course, ...extra });
    expect(await read({})).toEqual(stored.slice(70).map(named));
    expect(await read({ after: stored[117].id })).toEqual(stored.slice(118).map(named));
    expect(await read({ after: stored[119].id })).toEqual([]);
    expect(await read({ before: stored[70].id })).toEqual(stored.slice(20, 70).map(named));
    expect(await read({ before: stored[20].id })).toEqual(stored.slice(0, 20).map(named));
    expect(await read({ after: '0-0' })).toEqual(stored.map(named));
  });

  it('refuses malformed cursors, both cursors at once and non-members', async () => {
    for (const bad of ['', 'abc', '12', '12-', '-1-0', '1-2-3', '99999999999999999-0', '1-99999999999']) {
      expect(await codeOf(w.read.execute({ actingUserId: w.alice, room: course, after: bad })), bad).toBe('INVALID_CURSOR');
    }
    expect(await codeOf(w.read.execute({ actingUserId: w.alice, room: course, after: '1-0', before: '2-0' }))).toBe('INVALID_CURSOR');
    expect(await codeOf(w.read.execute({ actingUserId: w.carol, room: course }))).toBe('NOT_COURSE_MEMBER');
    expect(await codeOf(w.read.execute({ actingUserId: w.bob, room: group }))).toBe('NOT_GROUP_MEMBER');
  });
});

describe('GetCoursePage', () => {
  it('carries the latest 50 messages for members and none for others', async () => {
    const w = await world();
    for (let i = 0; i < 55; i += 1) await w.log.append(course, { userId: w.bob, username: 'bob', message: `m${i}` });
    const member = await w.page.execute(w.alice, CourseId(1));
    expect(member.messages.map((m) => m.message)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 5}`));
    expect((await w.page.execute(w.carol, CourseId(1))).messages).toEqual([]);
  });
});

describe('message ids', () => {
  it('orders by millisecond, then sequence, and never goes backwards', () => {
    expect(nextMessageId(null, 100)).toEqual({ ms: 100, seq: 0 });
    expect(nextMessageId({ ms: 100, seq: 0 }, 100)).toEqual({ ms: 100, seq: 1 });
    expect(nextMessageId({ ms: 100, seq: 4 }, 90)).toEqual({ ms: 100, seq: 5 });
    expect(nextMessageId({ ms: 100, seq: 4 }, 101)).toEqual({ ms: 101, seq: 0 });
    expect(compareMessageIds({ ms: 9, seq: 10 }, { ms: 10, seq: 0 })).toBeLessThan(0);
    expect(compareMessageIds({ ms: 10, seq: 2 }, { ms: 10, seq: 10 })).toBeLessThan(0);
  });
});

describe('CachedChatRoomAccess', () => {
  class CountingAccess implements ChatRoomAccess {
    calls = 0;
    answer: RoomAccess = 'member';
    gate: Promise<void> | null = null;
    async check(): Promise<RoomAccess> {
      this.calls += 1;
      const answer = this.answer;
      await this.gate;
      return answer;
    }
  }

  it('remembers a membership for its time, and forgets it when told', async () => {
    let now = 1_000;
    const inner = new CountingAccess();
    const cache = new CachedChatRoomAccess(inner, 30_000, () => now);
    expect(await cache.check(UserId(1), course)).toBe('member');
    expect(await cache.check(UserId(1), course)).toBe('member');
    expect(inner.calls).toBe(1);
    inner.answer = 'not-member';
    cache.forget(UserId(1), course);
    expect(await cache.check(UserId(1), course)).toBe('not-member');
    inner.answer = 'member';
    expect(await cache.check(UserId(1), course)).toBe('member');
    now += 30_001;
    inner.answer = 'not-member';
    expect(await cache.check(UserId(1), course)).toBe('not-member');
  });

  it('never remembers a refusal, so a student who just joined gets in', async () => {
    const inner = new CountingAccess();
    const cache = new CachedChatRoomAccess(inner, 30_000);
    inner.answer = 'not-member';
    expect(await cache.check(UserId(2), course)).toBe('not-member');
    inner.answer = 'member';
    expect(await cache.check(UserId(2), course)).toBe('member');
  });

  it('does not store an answer that a leave overtook', async () => {
    const inner = new CountingAccess();
    const cache = new CachedChatRoomAccess(inner, 30_000);
    let open!: () => void;
    inner.gate = new Promise((resolve) => (open = resolve));
    const inFlight = cache.check(UserId(3), course); // read "member" before the student left...
    cache.forget(UserId(3), course); // ...and the leave arrives before the answer
    open();
    expect(await inFlight).toBe('member');
    inner.gate = null;
    inner.answer = 'not-member';
    expect(await cache.check(UserId(3), course)).toBe('not-member');
  });
});
