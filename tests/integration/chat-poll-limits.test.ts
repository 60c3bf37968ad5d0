// The chat's long polls, bounded: a session holds at most
// MAX_HELD_POLLS_PER_SESSION at once (one more answers its oldest at once, as
// a deadline would), on the fast path and through Koa, the unread summary's
// wait included; and `watch=` watches only rooms the student is in, a refusal
// remembered like a grant until the student joins the room.
import { beforeAll, expect, it, vi } from 'vitest';
import { INFRA } from '@adapters/container';
import { MAX_HELD_POLLS_PER_SESSION as CAP } from '@adapters/http/held-polls';
import type { RunningServer } from '@adapters/server';
import {
  HANG,
  pollCourse,
  postToCourse,
  postToGroup,
  signUp,
  texts,
  untilWaiting,
  waiting,
  type Student,
} from '@tests/support/chat-students';
import { HttpSession, type ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

interface Tracked {
  answer: Promise<ApiResponse>;
  settled: boolean;
}

function track(request: Promise<ApiResponse>): Tracked {
  const tracked: Tracked = { answer: request, settled: false };
  void request.finally(() => (tracked.settled = true));
  return tracked;
}

/** The long polls the server holds for sessions (all of them, and how many sessions). */
function held(server: RunningServer): { polls: number; sessions: number } {
  const polls = server.resolve(INFRA.HeldPolls);
  return { polls: polls.size, sessions: polls.sessions };
}

/** Long polls the server answered early to make room (the metric an operator watches). */
async function replaced(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^studyswamp_chat_polls_replaced_total (\S+)$/m.exec(text)?.[1] ?? 0);
}

/** Queries of the room access (KnexChatRoomAccess's one query), counted while `during` runs. */
async function accessQueries(server: RunningServer, during: () => Promise<void>): Promise<number> {
  const knex = server.resolve(INFRA.Knex);
  let count = 0;
  const count1 = (query: { sql: string }) => {
    if (/user_id = any\(/.test(query.sql)) count += 1;
  };
  knex.on('query', count1);
  try {
    await during();
  } finally {
    knex.off('query', count1);
  }
  return count;
}

function pollLimitsSuite(app: TestApp) {
  let alice: Student;
  let courseId: number;
  let otherCourseId: number;
  let groupId: number;
  let cursor: string;

  const member = async (): Promise<Student> => {
    const s = await signUp(app.url);
    await s.http.post('/api/insert-course-member/', { courseID: courseId });
    return s;
  };
  /** A chat long poll of the course, through the fast path or (`pipeline`) Koa. */
  const longPoll = (s: Student, pipeline = false, query = '') =>
    track(pollCourse(s, courseId, `?after=${cursor}&wait=25${query}${pipeline ? '&via=pipeline' : ''}`));
  /** Posts, and moves the cursor past the message, so later polls wait. */
  const post = async (text: string) => {
    const sent = await postToCourse(alice, courseId, text);
    cursor = sent.body.id;
    return sent;
  };
  const allSettled = async (polls: Tracked[]) => Promise.all(polls.map((p) => p.answer));

  beforeAll(async () => {
    alice = await signUp(app.url);
    const found = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses;
    courseId = found[0].id;
    otherCourseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'MAC2311' })).body.courses[0].id;
    await alice.http.post('/api/insert-course-member/', { courseID: courseId });
    groupId = (await alice.http.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam prep', description: 'Practice sets' }))
      .body.id;
    await post('first');
  });

  it(`answers a session's oldest long poll at once when it holds ${CAP} and one more arrives; the others keep waiting`, async () => {
    const bob = await member();
    const replacedBefore = await replaced(app.url);
    const since = (await bob.http.get('/api/unread-counts/')).body.version as string;
    // The oldest: the unread summary's wait (a long poll of its own), then chat polls by both paths.
    const polls = [track(bob.http.get(`/api/unread-counts/?wait=25&since=${since}`))];
    await untilWaiting(app.server, 1);
    for (let i = 1; i < CAP; i += 1) {
      polls.push(longPoll(bob, i % 2 === 0));
      await untilWaiting(app.server, i + 1);
    }
    expect(held(app.server)).toEqual({ polls: CAP, sessions: 1 });

    // One more: the unread wait answers at once, as its deadline would (the summary it holds).
    polls.push(longPoll(bob));
    const oldest = await polls[0].answer;
    expect(oldest.status).toBe(200);
    expect(oldest.body).toMatchObject({ version: since });
    // And one more through Koa: the oldest chat poll answers [] at once.
    polls.push(longPoll(bob, true));
    const next = await polls[1].answer;
    expect(next.status).toBe(200);
    expect(next.body).toEqual([]);

    await vi.waitFor(() => expect(waiting(app.server)).toBe(CAP), HANG);
    expect(held(app.server)).toEqual({ polls: CAP, sessions: 1 });
    const rest = polls.slice(2);
    expect(rest.filter((p) => p.settled)).toEqual([]);
    expect(await replaced(app.url)).toBe(replacedBefore + 2);
    // They were still waiting: the next message ends each of them with it.
    await post('for the ones still waiting');
    for (const answer of await allSettled(rest)) expect(texts(answer)).toEqual(['for the ones still waiting']);
    await vi.waitFor(() => expect(held(app.server)).toEqual({ polls: 0, sessions: 0 }), HANG);
  });

  it('lets no parallel burst of one session hold more than the cap', async () => {
    const bob = await member();
    const burst = Array.from({ length: 2 * CAP }, (_, i) => longPoll(bob, i % 2 === 1));
    // The cap's worth answered [] at once, the others held.
    await vi.waitFor(() => expect(burst.filter((p) => p.settled)).toHaveLength(CAP), HANG);
    const early = burst.filter((p) => p.settled);
    for (const answer of await allSettled(early)) expect([answer.status, answer.body]).toEqual([200, []]);
    await vi.waitFor(() => expect(waiting(app.server)).toBe(CAP), HANG);
    expect(held(app.server)).toEqual({ polls: CAP, sessions: 1 });
    await post('for the burst');
    const rest = burst.filter((p) => !early.includes(p));
    for (const answer of await allSettled(rest)) expect(texts(answer)).toEqual(['for the burst']);
    await vi.waitFor(() => expect(held(app.server)).toEqual({ polls: 0, sessions: 0 }), HANG);
  });

  it('gives a session its count back when its polls end: by a message, the deadline, a refusal or a client that left', async () => {
    const bob = await member();
    // Clients that leave, by both paths.
    const clients = Array.from({ length: CAP }, () => new AbortController());
    const left = clients.map((client, i) =>
      fetch(`${app.url}/api/select-course-messages/${courseId}/${bob.id}/?after=${cursor}&wait=25${i % 2 ? '&via=pipeline' : ''}`, {
        headers: { Cookie: bob.http.cookieHeader() },
        signal: client.signal,
      }).catch((error: Error) => error),
    );
    await untilWaiting(app.server, CAP);
    for (const client of clients) client.abort();
    for (const outcome of await Promise.all(left)) expect(outcome).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(held(app.server)).toEqual({ polls: 0, sessions: 0 }), HANG);
    // A deadline, and a refusal (a room the student is not in).
    expect((await pollCourse(bob, courseId, `?after=${cursor}&wait=1`)).body).toEqual([]);
    expect((await pollCourse(bob, otherCourseId, `?after=0-0&wait=1`)).status).toBe(403);
    expect((await bob.http.get(`/api/unread-counts/?wait=1&since=not-the-version`)).status).toBe(200);
    expect(held(app.server)).toEqual({ polls: 0, sessions: 0 });

    // A full count again, none of it taken by the polls that ended.
    const polls = Array.from({ length: CAP }, (_, i) => longPoll(bob, i % 2 === 0));
    await untilWaiting(app.server, CAP);
    expect(polls.filter((p) => p.settled)).toEqual([]);
    await post('all still here');
    for (const answer of await allSettled(polls)) expect(texts(answer)).toEqual(['all still here']);
    await vi.waitFor(() => expect(held(app.server)).toEqual({ polls: 0, sessions: 0 }), HANG);
  });

  it('counts each session on its own: two sessions of one student do not take each other’s polls', async () => {
    const bob = await member();
    const phone: Student = { ...bob, http: new HttpSession(app.url) };
    await phone.http.logIn(bob.username, bob.password);
    const polls = Array.from({ length: 2 * CAP }, (_, i) => longPoll(i % 2 ? phone : bob, i % 4 < 2));
    await untilWaiting(app.server, 2 * CAP);
    expect(held(app.server)).toEqual({ polls: 2 * CAP, sessions: 2 });
    expect(polls.filter((p) => p.settled)).toEqual([]);
    await post('to both devices');
    for (const answer of await allSettled(polls)) expect(texts(answer)).toEqual(['to both devices']);
  });

  it('watches only rooms the student is in, remembering a refusal as it remembers a grant, until the student joins', async () => {
    const bob = await member();
    const foreign = `group:${groupId},course:${otherCourseId},group:99999999`;
    // The foreign rooms are dropped from the watch: news there does not end the wait.
    const poll = longPoll(bob, false, `&watch=${foreign}`);
    await untilWaiting(app.server, 1);
    await postToGroup(alice, groupId, 'not for bob');
    const sent = await post('for the course');
    const answer = await poll.answer;
    expect(answer.body).toEqual([sent.body]);
    expect(answer.headers.get('x-chat-activity')).toBeNull();

    // Asked again and again, the refusals cost no query: they are remembered (both paths).
    const queries = await accessQueries(app.server, async () => {
      for (const pipeline of [false, true, false, true]) {
        const again = await pollCourse(bob, courseId, `?after=0-0&wait=25&watch=${foreign}${pipeline ? '&via=pipeline' : ''}`);
        expect(again.status).toBe(200);
      }
    });
    expect(queries).toBe(0);

    // Joining the group forgets its refusal at once: the next poll watches it.
    expect((await bob.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
    const watching = longPoll(bob, false, `&watch=${foreign}`);
    await untilWaiting(app.server, 1);
    await postToGroup(alice, groupId, 'now for bob too');
    const woken = await watching.answer;
    expect(woken.body).toEqual([]);
    expect(woken.headers.get('x-chat-activity')).toBe('1');
  });
}

describeOnEveryMode('chat long-poll limits', pollLimitsSuite, { catalog: true, env: { CHAT_POST_LIMIT: '1000' } });
