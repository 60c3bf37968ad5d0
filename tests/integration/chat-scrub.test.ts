// A deleted or edited message is gone, everywhere: once the change is
// acknowledged no read answers the removed text (the latest page, polls from
// any cursor, history, the course and group pages, unread counts and
// mentions), and the stored copies (the Redis stream, the Postgres archive)
// no longer hold it; on both run modes, and on Postgres + Redis with the
// message still in the stream, once archived (and trimmed), and after a
// Redis flush. Then the limit of edits per message.
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { ChatStreamKeys } from '@adapters/redis/chat-stream-keys';
import type { ChatRoom } from '@domain/chat/chat-room';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import {
  groupPath,
  pollAll,
  pollCourse,
  postToCourse,
  postToGroup,
  signUp,
  type PolledMessage,
  type Student,
} from '@tests/support/chat-students';
import type { ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';
import { clearRedisPrefix, redisUrl } from '@tests/support/test-services';

type Message = PolledMessage;

const editCourse = (s: Student, courseID: number, messageID: string, message: string) =>
  s.http.post('/api/edit-course-message/', { courseID, messageID, message });
const deleteCourse = (s: Student, courseID: number, messageID: string) =>
  s.http.post('/api/delete-course-message/', { courseID, messageID });
const deleteInGroup = (s: Student, studyGroupID: number, messageID: string) =>
  s.http.post('/api/delete-study-group-message/', { studyGroupID, messageID });
const LARGEST_ID = '9007199254740991-2147483647';

function scrubSuite(app: TestApp) {
  let alice: Student;
  let bob: Student;
  let carol: Student;
  let courseId: number;
  let groupId: number;
  let db: Knex;
  let redis: Redis | null = null;
  const services = () => app.target.name === 'services';

  beforeAll(async () => {
    [alice, bob, carol] = [await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    for (const s of [alice, bob, carol]) expect((await s.http.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    db = app.server.resolve(INFRA.Knex);
    groupId = await insertStudyGroup(db, courseId, alice.id, [bob.id]);
    if (services()) redis = new Redis(redisUrl()!);
  });
  afterAll(() => {
    redis?.disconnect();
  });

  const coursePathOf = (s: Student) => (query: string) => `/api/select-course-messages/${courseId}/${s.id}/${query}`;
  const groupPathOf = (s: Student) => (query: string) => groupPath(groupId, s.id, query);

  /** Signs the students in again after Redis lost their sessions. */
  async function signInAgain(): Promise<void> {
    for (const s of [alice, bob, carol]) {
      s.http.cookies.clear();
      await s.http.fetchToken();
      expect((await s.http.logIn(s.username, s.password)).status).toBe(200);
    }
  }

  /** Every stored copy of the room's entries: the Redis stream's fields (services) and the archive's rows. */
  async function storedTexts(room: ChatRoom): Promise<string[]> {
    const rows = await db('chat_messages').where({ room_type: room.kind, room_id: room.id }).select('message');
    const stored = rows.map((row: { message: string }) => row.message);
    if (redis) {
      const key = new ChatStreamKeys(app.target.env.REDIS_KEY_PREFIX).stream(room);
      for (const [, fields] of (await redis.xrange(key, '-', '+')) as [string, string[]][]) stored.push(fields.join('\u0000'));
    }
    return stored;
  }

  /** Runs the projector until every stream is archived and trimmed (services; nothing to do embedded). */
  async function archiveAll(): Promise<void> {
    if (services()) await app.server.resolve(INFRA.ChatProjector).drain();
  }

  async function loseRedis(): Promise<void> {
    if (!services()) return;
    await clearRedisPrefix(app.target.env.REDIS_KEY_PREFIX);
    await signInAgain();
  }

  it('answers no removed text from any read, holds none in any stored copy, and gives a poller that held the original the delete', async () => {
    // Words no other text of the pages holds, so finding one anywhere is a leak.
    const secret = `my room is quokka hall 4B, call me @${bob.username}`;
    const [firstText, secondText] = ['meet at 7 by the narwhal statue', 'meet at 8 by the axolotl tank'];
    const groupSecret = 'the pangolin answers are on my drive';
    const removed = [secret, firstText, secondText, groupSecret, 'quokka', 'narwhal', 'axolotl', 'pangolin'];

    const start = (await pollAll(bob, coursePathOf(bob), '0-0')).at(-1);
    const startCursor = start ? (start.event ?? start.id) : '0-0';
    const filler = (await postToCourse(alice, courseId, 'hello all')).body as Message;
    const posted = (await postToCourse(alice, courseId, secret)).body as Message;
    const typo = (await postToCourse(alice, courseId, firstText)).body as Message;
    const later = (await postToCourse(bob, courseId, 'who is coming?')).body as Message;
    const inGroup = (await postToGroup(bob, groupId, groupSecret)).body as Message;

    // Bob's poll holds the original before the delete...
    const held = await pollAll(bob, coursePathOf(bob), startCursor);
    expect(held.map((m) => m.message)).toContain(secret);

    expect((await deleteCourse(alice, courseId, posted.id)).status).toBe(200);
    expect((await editCourse(alice, courseId, typo.id, secondText)).status).toBe(200);
    const edited = await editCourse(alice, courseId, typo.id, 'meet at 9 in Library West');
    expect(edited.status).toBe(200);
    // The group's owner removes Bob's message.
    expect((await deleteInGroup(alice, groupId, inGroup.id)).status).toBe(200);

    // ...and its next poll gets the delete, and the edit as it now reads.
    const news = await pollAll(bob, coursePathOf(bob), later.id);
    expect(news.find((m) => m.id === posted.id)).toMatchObject({ deleted: true, message: '', event: expect.any(String) });
    expect(news.find((m) => m.id === typo.id)).toMatchObject({
      message: 'meet at 9 in Library West',
      edited: true,
      event: edited.body.event,
    });

    const course: ChatRoom = { kind: 'course', id: courseId };
    const group: ChatRoom = { kind: 'group', id: groupId };
    async function expectGone(stage: string): Promise<void> {
      const answers: [string, ApiResponse | Message[]][] = [
        ['latest', await pollCourse(bob, courseId)],
        ['after 0-0', await pollAll(bob, coursePathOf(bob), '0-0')],
        ['after the start', await pollAll(bob, coursePathOf(bob), startCursor)],
        ['after the message before', await pollAll(bob, coursePathOf(bob), filler.id)],
        ['after the deleted message', await pollAll(bob, coursePathOf(bob), posted.id)],
        ['after the edited message', await pollAll(carol, coursePathOf(carol), typo.id)],
        ['before a later message', await pollCourse(bob, courseId, `?before=${later.id}`)],
        ['before the largest id', await pollCourse(bob, courseId, `?before=${LARGEST_ID}`)],
        ['course page', await bob.http.get(`/api/course/${courseId}/`)],
        ['group page', await bob.http.get(`/api/study-group/${groupId}/`)],
        ['group latest', await bob.http.get(groupPath(groupId, bob.id))],
        ['group after 0-0', await pollAll(bob, groupPathOf(bob), '0-0')],
        ['group before the largest id', await bob.http.get(groupPath(groupId, bob.id, `?before=${LARGEST_ID}`))],
      ];
      for (const [name, answer] of answers) {
        const body = Array.isArray(answer) ? answer : answer.body;
        if (!Array.isArray(answer)) expect(answer.status, `${stage}: ${name}`).toBe(200);
        const text = JSON.stringify(body);
        for (const gone of removed) expect(text, `${stage}: ${name}`).not.toContain(gone);
      }
      // The messages themselves are still shown: the delete as a placeholder, the edit as it reads now.
      const latest = (await pollCourse(bob, courseId)).body as Message[];
      expect(
        latest.find((m) => m.id === posted.id),
        stage,
      ).toMatchObject({ message: '', deleted: true });
      expect(
        latest.find((m) => m.id === typo.id),
        stage,
      ).toMatchObject({ message: 'meet at 9 in Library West', edited: true });
      const polled = await pollAll(carol, coursePathOf(carol), '0-0');
      expect(
        polled.filter((m) => m.id === typo.id),
        stage,
      ).toEqual([expect.objectContaining({ message: 'meet at 9 in Library West', event: edited.body.event })]);
      expect(
        polled.filter((m) => m.id === posted.id),
        stage,
      ).toEqual([expect.objectContaining({ message: '', deleted: true })]);
      expect(
        ((await bob.http.get(`/api/study-group/${groupId}/`)).body.studyGroupMessages as Message[]).find((m) => m.id === inGroup.id),
        stage,
      ).toMatchObject({
        deleted: true,
      });
      // The stored copies hold none of it either.
      for (const room of [course, group]) {
        const stored = (await storedTexts(room)).join('\n');
        for (const gone of removed) expect(stored, `${stage}: stored ${room.kind}`).not.toContain(gone);
      }
    }

    await expectGone('at once');
    await archiveAll();
    await expectGone('archived');
    await loseRedis();
    await expectGone('after Redis lost its data');
  });

  it('counts a deleted message nowhere and an edited one as it reads now, mentions included', async () => {
    const counts = async (s: Student) =>
      ((await s.http.get('/api/unread-counts/')).body.rooms as { kind: string; id: number; unread: number; mentions: number }[]).find(
        (r) => r.kind === 'course' && r.id === courseId,
      )!;
    const newest = (await pollCourse(carol, courseId)).body.at(-1) as Message;
    expect((await carol.http.post('/api/mark-chat-read/', { kind: 'course', id: courseId, messageID: newest.id })).status).toBe(200);
    expect(await counts(carol)).toMatchObject({ unread: 0, mentions: 0 });

    const mention = (await postToCourse(alice, courseId, `@${carol.username} can you share your notes?`)).body as Message;
    const plain = (await postToCourse(alice, courseId, 'plain question')).body as Message;
    const becomesMention = (await postToCourse(bob, courseId, 'anyone free?')).body as Message;
    expect(await counts(carol)).toMatchObject({ unread: 3, mentions: 1 });

    await deleteCourse(alice, courseId, mention.id);
    await editCourse(bob, courseId, becomesMention.id, `anyone free? @${carol.username}?`);
    await editCourse(alice, courseId, plain.id, 'plain question, edited');
    // The delete took the message and its mention away; the edit added one.
    expect(await counts(carol)).toMatchObject({ unread: 2, mentions: 1 });
    await archiveAll();
    expect(await counts(carol)).toMatchObject({ unread: 2, mentions: 1 });
    await loseRedis();
    expect(await counts(carol)).toMatchObject({ unread: 2, mentions: 1 });
    await deleteCourse(bob, courseId, becomesMention.id);
    expect(await counts(carol)).toMatchObject({ unread: 1, mentions: 0 });
  });

  it('allows 20 edits of a message and refuses the 21st with 409 TOO_MANY_EDITS, storing nothing of it', async () => {
    const sent = (await postToCourse(alice, courseId, 'draft 0')).body as Message;
    for (let i = 1; i <= 20; i += 1) {
      const res = await editCourse(alice, courseId, sent.id, `draft ${i}`);
      expect(res.status, `edit ${i}`).toBe(200);
    }
    const refused = await editCourse(alice, courseId, sent.id, 'draft 21');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'TOO_MANY_EDITS', message: expect.stringContaining('20 times') });
    const latest = (await pollCourse(alice, courseId)).body as Message[];
    expect(latest.find((m) => m.id === sent.id)).toMatchObject({ message: 'draft 20', edited: true });
    expect(JSON.stringify(await pollAll(bob, coursePathOf(bob), sent.id))).not.toContain('draft 21');
    // Deleting stays possible.
    expect((await deleteCourse(alice, courseId, sent.id)).status).toBe(200);
  });

  it('lets no parallel burst of edits past the limit', async () => {
    const sent = (await postToCourse(alice, courseId, 'burst 0')).body as Message;
    const answers = await Promise.all(Array.from({ length: 26 }, (_, i) => editCourse(alice, courseId, sent.id, `burst ${i + 1}`)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(20);
    expect(answers.filter((res) => res.status === 409).map((res) => res.body.error)).toEqual(Array(6).fill('TOO_MANY_EDITS'));
    expect((await editCourse(alice, courseId, sent.id, 'one more')).status).toBe(409);
  });
}

// Archiving is driven by the test (no in-process projector), streams are
// trimmed to a few entries once archived, and the posting allowance is out of
// the way of the edit limit.
describeOnEveryMode('a deleted or edited message is gone everywhere', scrubSuite, {
  catalog: true,
  env: { CHAT_PROJECTOR: 'false', CHAT_STREAM_RETENTION: '3', CHAT_POST_LIMIT: '1000' },
});
