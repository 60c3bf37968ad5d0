// Generated hostile input for every route, on both run modes: JSON bodies of
// every shape (control characters, lone surrogates, huge and negative numbers,
// wrong types, nesting), malformed JSON, odd paths and queries, and garbage
// headers. Every answer must be below 500 and, for a refusal, the house
// { error, message } JSON; afterwards the server still serves a normal student.
// Bounded and seeded (FUZZ_SEED reruns another seed), well under a minute.
// Over 300 lines: the generators for every route and the suite that runs them share the ids it sets up.
import http from 'node:http';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { API } from '@contract/api';
import { defaultPreferences } from '@domain/notifications/notification-preferences';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** A meeting's fields: the spec's three and the plan's five. */
const MEETING_FIELDS = ['day', 'time', 'location', 'kind', 'title', 'lengthMinutes', 'startDate', 'endDate'];

/** Every POST route and the fields its body names (spec section 7 and docs/api.md). */
const POST_ROUTES: Record<string, string[]> = {
  '/api/login/': ['username', 'password'],
  '/api/signup/': ['firstName', 'lastName', 'major', 'email', 'username', 'password', 'year', 'bio'],
  '/api/logout/': [],
  '/api/filter-courses/': ['q', 'name', 'courseCode', 'term', 'page'],
  '/api/insert-course-member/': ['userID', 'courseID'],
  '/api/delete-course-member/': ['userID', 'courseID'],
  '/api/insert-course-members/': ['userID', 'term', 'classNumbers'],
  '/api/insert-course-message/': ['userID', 'courseID', 'message', 'clientMessageID', 'replyTo'],
  '/api/insert-study-group/': ['courseID', 'name', 'description', 'userID', 'ownerID'],
  '/api/insert-study-group-member/': ['userID', 'studyGroupID'],
  '/api/delete-study-group-member/': ['userID', 'studyGroupID', 'nextOwnerID'],
  '/api/insert-study-group-message/': ['userID', 'studyGroupID', 'message', 'clientMessageID', 'replyTo'],
  '/api/edit-course-message/': ['userID', 'courseID', 'messageID', 'message'],
  '/api/edit-study-group-message/': ['userID', 'studyGroupID', 'messageID', 'message'],
  '/api/delete-course-message/': ['userID', 'courseID', 'messageID'],
  '/api/delete-study-group-message/': ['userID', 'studyGroupID', 'messageID'],
  '/api/mark-chat-read/': ['kind', 'id', 'messageID'],
  // Reactions.
  '/api/react-course-message/': ['userID', 'courseID', 'messageID', 'emoji', 'reacted'],
  '/api/react-study-group-message/': ['userID', 'studyGroupID', 'messageID', 'emoji', 'reacted'],
  '/api/update-study-group/': ['ownerID', 'studyGroupID', 'name', 'description', 'public', 'maxMembers'],
  '/api/insert-study-group-meeting/': ['ownerID', 'studyGroupID', ...MEETING_FIELDS],
  '/api/update-study-group-meeting/': ['ownerID', 'meetingID', 'studyGroupID', ...MEETING_FIELDS],
  '/api/delete-study-group-meeting/': ['ownerID', 'meetingID', 'studyGroupID'],
  '/api/cancel-study-group-meeting-occurrence/': ['ownerID', 'studyGroupID', 'meetingID', 'date'],
  '/api/restore-study-group-meeting-occurrence/': ['ownerID', 'studyGroupID', 'meetingID', 'date'],
  '/api/answer-study-group-meeting/': ['userID', 'studyGroupID', 'meetingID', 'date', 'going'],
  '/api/verify-email/': ['token'],
  '/api/resend-verification/': [],
  '/api/request-password-reset/': ['emailOrUsername'],
  '/api/reset-password/': ['token', 'password'],
  '/api/change-password/': ['currentPassword', 'newPassword'],
  '/api/update-profile/': ['firstName', 'lastName', 'major', 'year', 'bio'],
  '/api/delete-account/': ['password'],
  '/api/insert-study-group-invite-link/': ['ownerID', 'studyGroupID', 'expiresInHours', 'maxUses'],
  '/api/delete-study-group-invite-link/': ['ownerID', 'studyGroupID', 'linkID'],
  '/api/accept-group-invite/': ['token'],
  '/api/insert-study-group-join-request/': ['userID', 'studyGroupID'],
  '/api/delete-study-group-join-request/': ['userID', 'studyGroupID'],
  '/api/answer-study-group-join-request/': ['ownerID', 'studyGroupID', 'studentID', 'accept'],
  '/api/insert-study-group-invite/': ['ownerID', 'studyGroupID', 'username'],
  '/api/delete-study-group-invite/': ['ownerID', 'studyGroupID', 'studentID'],
  '/api/answer-study-group-invite/': ['userID', 'studyGroupID', 'accept'],
  '/api/update-busy-times/': ['busy', 'preferredStart', 'preferredEnd'],
  '/api/insert-calendar-feed/': [],
  '/api/delete-calendar-feed/': [],
  '/api/update-notification-settings/': ['kinds', 'mutedGroups', 'quietHours', 'digestMinutes'],
  '/api/unsubscribe/{token}/': [],
  // Web push: a device's subscription kept and removed, and a test notification.
  '/api/insert-push-subscription/': ['endpoint', 'expirationTime', 'keys'],
  '/api/delete-push-subscription/': ['endpoint'],
  '/api/send-test-notification/': [],
};

/** Every GET route, with {id} slots the generator fills. */
const GET_ROUTES = [
  '/api/is-authenticated/',
  '/api/get-token/',
  '/api/dashboard/',
  '/api/catalog-status/',
  '/api/search-courses/',
  '/api/course/{id}/',
  '/api/course/{id}/study-groups/',
  '/api/course-sections/{id}/',
  '/api/study-group/{id}/',
  '/api/study-group/{id}/calendar.ics',
  '/api/study-group/{id}/invitations/',
  '/api/study-group/{id}/find-a-time/',
  '/api/busy-times/',
  '/api/group-invite/',
  '/api/calendar-feed/',
  '/api/calendar-feed/{id}.ics',
  '/api/notification-settings/',
  '/api/push-key/',
  '/api/select-course-messages/{id}/{id}/',
  '/api/select-study-group-messages/{id}/{id}/',
  '/api/course-most-useful/{id}/',
  '/api/unread-counts/',
  '/api/reset-link/',
  '/healthz',
  '/readyz',
  '/',
  '/course/{id}',
  '/assets/{id}',
];

const NASTY_TEXT = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u200B',
  '\uFEFF',
  '\u0085',
  '\u001B[2J',
  '%00',
  "'; drop table users; --",
  '<script>',
  '🐊',
  'İ',
  'ß',
  '',
];

/**
 * A valid body per route (for the fuzz student, in their course and group), so
 * that a mutation of one or two fields reaches the layers behind validation.
 * The leave and delete calls are left out: a valid one would end the state
 * the other calls need; they get the fully random bodies.
 */
function templates(ids: Ids): Record<string, Record<string, unknown>> {
  return {
    '/api/login/': { username: 'nobody-here', password: 'not-the-password' },
    '/api/signup/': {
      firstName: 'Fuzz',
      lastName: 'Gator',
      major: 'Math',
      email: 'fuzz@ufl.edu',
      username: 'fuzzer',
      password: 'chomp-chomp-42',
      year: '2',
      bio: 'Hi',
    },
    '/api/filter-courses/': { name: 'Programming', courseCode: 'COP', term: 'Fall 2025', page: 1 },
    '/api/insert-course-member/': { userID: ids.user, courseID: ids.course },
    '/api/insert-course-members/': { userID: ids.user, term: 'Fall 2025', classNumbers: [12345, 99999] },
    '/api/insert-course-message/': { userID: ids.user, courseID: ids.course, message: 'hello', clientMessageID: 'fuzz-course-post' },
    '/api/insert-study-group/': { courseID: ids.course, name: 'Fuzz group', description: 'Generated' },
    '/api/insert-study-group-member/': { userID: ids.user, studyGroupID: ids.group },
    '/api/insert-study-group-message/': {
      userID: ids.user,
      studyGroupID: ids.group,
      message: 'hello',
      clientMessageID: crypto.randomUUID(),
    },
    '/api/edit-course-message/': { userID: ids.user, courseID: ids.course, messageID: ids.courseMessage, message: 'edited' },
    '/api/edit-study-group-message/': { userID: ids.user, studyGroupID: ids.group, messageID: ids.groupMessage, message: 'edited' },
    '/api/mark-chat-read/': { kind: 'course', id: ids.course, messageID: ids.courseMessage },
    '/api/update-study-group/': {
      ownerID: ids.user,
      studyGroupID: ids.group,
      name: 'Fuzz',
      description: 'Group',
      public: 1,
      maxMembers: 10,
    },
    '/api/insert-study-group-meeting/': { ownerID: ids.user, studyGroupID: ids.group, day: 'Monday', time: '10:00', location: 'Lab' },
    '/api/update-study-group-meeting/': {
      ownerID: ids.user,
      meetingID: ids.meeting,
      studyGroupID: ids.group,
      day: 'Tuesday',
      time: '11:30',
      location: 'Library',
    },
    // A date that is not one of the meeting's: refused after validation, nothing changes.
    '/api/cancel-study-group-meeting-occurrence/': {
      ownerID: ids.user,
      studyGroupID: ids.group,
      meetingID: ids.meeting,
      date: '2020-01-01',
    },
    '/api/restore-study-group-meeting-occurrence/': {
      ownerID: ids.user,
      studyGroupID: ids.group,
      meetingID: ids.meeting,
      date: '2020-01-01',
    },
    '/api/answer-study-group-meeting/': { userID: ids.user, studyGroupID: ids.group, meetingID: ids.meeting, date: null, going: true },
    // The account calls with a wrong password or an unknown link: mutations reach the checks behind validation, never end the fuzz student.
    '/api/verify-email/': { token: 'x'.repeat(43) },
    '/api/request-password-reset/': { emailOrUsername: 'nobody-here@ufl.edu' },
    '/api/reset-password/': { token: 'y'.repeat(43), password: 'new-pass-1' },
    '/api/change-password/': { currentPassword: 'not-the-password', newPassword: 'new-pass-1' },
    '/api/update-profile/': { firstName: 'Fuzz', lastName: 'Gator', major: 'Math', year: '2', bio: 'Hi' },
    '/api/delete-account/': { password: 'not-the-password' },
    // The ways into a group, on the fuzz student's own group (they stay its owner and member whatever these do).
    '/api/insert-study-group-invite-link/': { ownerID: ids.user, studyGroupID: ids.group, expiresInHours: 24, maxUses: 5 },
    '/api/delete-study-group-invite-link/': { ownerID: ids.user, studyGroupID: ids.group, linkID: 1 },
    '/api/accept-group-invite/': { token: 'z'.repeat(43) },
    '/api/insert-study-group-join-request/': { userID: ids.user, studyGroupID: ids.group },
    '/api/delete-study-group-join-request/': { userID: ids.user, studyGroupID: ids.group },
    '/api/answer-study-group-join-request/': { ownerID: ids.user, studyGroupID: ids.group, studentID: ids.user, accept: false },
    '/api/insert-study-group-invite/': { ownerID: ids.user, studyGroupID: ids.group, username: 'nobody-here' },
    '/api/delete-study-group-invite/': { ownerID: ids.user, studyGroupID: ids.group, studentID: ids.user },
    '/api/answer-study-group-invite/': { userID: ids.user, studyGroupID: ids.group, accept: false },
    '/api/update-notification-settings/': {
      kinds: defaultPreferences().kinds,
      mutedGroups: [ids.group],
      quietHours: { start: '22:00', end: '07:00' },
      digestMinutes: 30,
    },
    '/api/update-busy-times/': { busy: [{ day: 1, start: '09:00', end: '10:30' }], preferredStart: '09:00', preferredEnd: '21:00' },
  };
}

function mutatedBodyArb(template: Record<string, unknown>, ids: Ids) {
  const keys = Object.keys(template);
  const change = fc.oneof(
    { weight: 3, arbitrary: fc.record({ key: fc.constantFrom(...keys), value: textArb() as fc.Arbitrary<unknown> }) },
    { weight: 2, arbitrary: fc.record({ key: fc.constantFrom(...keys), value: valueArb(ids) as fc.Arbitrary<unknown> }) },
    { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...keys), value: fc.constant(undefined) as fc.Arbitrary<unknown> }) },
    {
      weight: 1,
      arbitrary: fc.record({
        key: fc.constantFrom('extra', '__proto__', 'constructor', 'userId'),
        value: valueArb(ids) as fc.Arbitrary<unknown>,
      }),
    },
  );
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const body: Record<string, unknown> = { ...template };
    for (const { key, value } of changes) {
      if (value === undefined) delete body[key];
      else Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return JSON.stringify(body);
  });
}

interface Ids {
  user: number;
  course: number;
  group: number;
  meeting: number;
  courseMessage: string;
  groupMessage: string;
}

function textArb() {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...NASTY_TEXT),
    fc.array(fc.constantFrom(...NASTY_TEXT, 'a', ' ', '\n'), { maxLength: 8 }).map((parts) => parts.join('')),
    fc.constantFrom('x'.repeat(2_001), 'y'.repeat(6_000)),
  );
}

function valueArb(ids: Ids) {
  return fc.oneof(
    textArb(),
    fc.constantFrom(
      ids.user,
      ids.course,
      ids.group,
      ids.meeting,
      String(ids.course),
      0,
      -1,
      2_147_483_648,
      1e308,
      -0,
      1.5,
      Number.MAX_SAFE_INTEGER,
    ),
    fc.constantFrom(ids.courseMessage, ids.groupMessage, '0-0', '9007199254740991-2147483647', '1-99999999999', 'course', 'group'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

function bodyArb(fields: string[], ids: Ids) {
  const named = fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, valueArb(ids)])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    { weight: 6, arbitrary: named.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"message": "hi",',
        '{"a":' + '['.repeat(5_000),
        '\u0000',
        '[]',
        'null',
        '"x"',
        '{"__proto__": {"admin": true}}',
      ),
    },
  );
}

/** encodeURIComponent throws on a lone surrogate; its invalid UTF-8 form is in the constants instead. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

const segmentArb = (ids: Ids) =>
  fc.oneof(
    // Mostly real ids, so the deeper layers (membership, chat cursors) are reached.
    { weight: 4, arbitrary: fc.constantFrom(String(ids.course), String(ids.group), String(ids.user)) },
    fc.constantFrom(
      String(ids.course),
      String(ids.group),
      String(ids.user),
      '0',
      '-1',
      '01',
      '99999999999',
      '1e3',
      '%',
      '%E0%A4%A',
      '%00',
      '..',
      '%2e%2e%2f',
      'abc',
      '%F0%9F%90%8A',
      '%ED%A0%80',
      '%C0%AF',
      '',
    ),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encode),
  ) as fc.Arbitrary<string>;

const queryArb = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?after=0-0',
    '?before=0-0',
    '?after=9007199254740991-2147483647',
    '?before=1-0',
    '?after=1-0&before=2-0',
    '?after=%00',
    '?page=%',
    '?page=-5',
    '?page=1e9',
    '?after=1-0&after=2-0',
    `?token=${'t'.repeat(43)}`,
    '?token=%00&token=x',
  ),
  // Waits that answer at once: refused, or with news (every real room has a message after 0-0; a since never matches).
  fc.constantFrom(
    '?after=0-0&wait=31',
    '?after=0-0&wait=x',
    '?wait=1',
    '?after=0-0&wait=0',
    '?after=0-0&wait=1',
    '?after=0-0&wait=1&watch=%00',
    '?after=0-0&watch=course:1',
    '?after=0-0&wait=1&watch=course:1,group:2',
    '?since=x&wait=99',
    '?since=x&wait=1',
    '?wait=1&wait=2&since=x',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `?after=${encode(s)}&page=${encode(s)}&before=%ED%A0%80`),
  // A course's groups: cursors of the server's form ("others:0", "own:1", out of range) and not.
  fc.constantFrom(
    '?after=b3RoZXJzOjA',
    '?after=b3duOjE',
    '?after=b3RoZXJzOjk5OTk5OTk5OTk5',
    '?after=b3RoZXJzOjA=',
    '?after=',
    '?after=b3duOjE&after=b3duOjE',
  ),
  // The search fields a card's "Show all" repeats.
  fc.constantFrom(
    '?q=%00',
    '?q=%ED%A0%80',
    '?q=cop%203502&term=Fall%202025',
    '?courseCode=' + 'x'.repeat(500),
    '?name=%E2%80%AE&q=a&q=b',
    '?term=%00',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `?q=${encode(s)}&name=${encode(s)}&courseCode=${encode(s)}&term=${encode(s)}`),
);

const headerValueArb = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7E]/g, ''));

interface RawAnswer {
  status: number;
  type: string;
  body: string;
}

function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(baseUrl + path, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), body: text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function expectHouseAnswer(answer: RawAnswer, label: string, path: string, method = 'POST') {
  expect(answer.status, `${label}\n${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (method === 'HEAD') return;
  const isApi = path.startsWith('/api') || path.startsWith('/healthz') || path.startsWith('/readyz');
  if (answer.status >= 400 && (isApi || answer.type.startsWith('application/json'))) {
    expect(answer.type, label).toMatch(/^application\/json/);
    const parsed = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
    expect(typeof parsed.error, label).toBe('string');
    expect(typeof parsed.message, label).toBe('string');
  }
}

function fuzzSuite(app: TestApp) {
  let student: HttpSession;
  let token: string;
  let ids: Ids;

  const cookieHeader = () => [...student.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ANONYMOUS_ROUTES = new Set(['/api/login/', '/api/signup/']);
  /**
   * The fuzz student's cookie and token; a visitor of its own for log-in and
   * sign-up, since signing in there would replace the fuzz student's session.
   */
  const headersFor = async (route: string): Promise<Record<string, string>> => {
    if (!ANONYMOUS_ROUTES.has(route)) return { Cookie: cookieHeader(), 'X-CSRFToken': token, 'X-Forwarded-For': student.clientAddress };
    const visitor = new HttpSession(app.url);
    const visitorToken = await visitor.fetchToken();
    return {
      Cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-CSRFToken': visitorToken,
      'X-Forwarded-For': visitor.clientAddress,
    };
  };

  beforeAll(async () => {
    student = new HttpSession(app.url);
    const user = (await student.signUp(newStudent())).body.user.id as number;
    const course = (await student.post('/api/filter-courses/', { courseCode: 'COP3502' })).body.courses[0].id as number;
    await student.post('/api/insert-course-member/', { courseID: course });
    const group = (await student.post('/api/insert-study-group/', { courseID: course, name: 'Fuzz', description: 'Group' })).body
      .id as number;
    const meeting = (
      await student.post('/api/insert-study-group-meeting/', { studyGroupID: group, day: 'Monday', time: '10:00', location: 'Lab' })
    ).body.id as number;
    const courseMessage = (await student.post('/api/insert-course-message/', { courseID: course, message: 'fuzz target' })).body
      .id as string;
    const groupMessage = (await student.post('/api/insert-study-group-message/', { studyGroupID: group, message: 'fuzz target' })).body
      .id as string;
    ids = { user, course, group, meeting, courseMessage, groupMessage };
    token = await student.fetchToken();
  });

  it('covers every route of the wire contract', () => {
    const posts = Object.values(API)
      .filter((route) => route.method === 'POST')
      .map((route) => route.path);
    const gets = Object.values(API)
      .filter((route) => route.method === 'GET')
      .map((route) => route.path.replace(/\{\w+\}/g, '{id}'));
    expect(posts.filter((path) => !(path in POST_ROUTES))).toEqual([]);
    expect(gets.filter((path) => !GET_ROUTES.includes(path))).toEqual([]);
    // And every field of each POST body, so a new field is fuzzed too.
    for (const route of Object.values(API)) {
      const shape =
        route.method === 'POST' && 'body' in route ? (route.body as { shape?: Record<string, unknown> } | undefined)?.shape : undefined;
      if (shape) expect(new Set(POST_ROUTES[route.path]), route.path).toEqual(new Set(Object.keys(shape)));
    }
  });

  it('answers valid bodies with one or two fields mutated, on every POST route, below 500 with the house error shape', async () => {
    const valid = templates(ids);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(valid)).chain((route) => fc.tuple(fc.constant(route), mutatedBodyArb(valid[route], ids))),
        async ([route, body]) => {
          const headers = {
            ...(await headersFor(route)),
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
          };
          const answer = await send(app.url, 'POST', route, headers, body);
          expectHouseAnswer(answer, `POST ${route} ${JSON.stringify(body).slice(0, 300)}`, route);
        },
      ),
      { seed: SEED, numRuns: 500, endOnFailure: true },
    );
  });

  it('answers generated bodies on every POST route below 500, with the house error shape', async () => {
    const routes = Object.keys(POST_ROUTES).filter((r) => r !== '/api/logout/');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) => fc.tuple(fc.constant(route), bodyArb(POST_ROUTES[route], ids))),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', ''),
        async ([route, body], contentType) => {
          const headers: Record<string, string> = { ...(await headersFor(route)), 'Content-Length': String(Buffer.byteLength(body)) };
          if (contentType) headers['Content-Type'] = contentType;
          const answer = await send(app.url, 'POST', route, headers, body);
          expectHouseAnswer(answer, `POST ${route} ${contentType} ${JSON.stringify(body).slice(0, 200)}`, route);
        },
      ),
      { seed: SEED, numRuns: 250, endOnFailure: true },
    );
  });

  it('answers generated paths and queries on every GET route below 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GET_ROUTES),
        fc.array(segmentArb(ids), { minLength: 2, maxLength: 2 }),
        queryArb,
        fc.constantFrom('GET', 'HEAD'),
        async (route, segments, query, method) => {
          let i = 0;
          const path = route.replace(/\{id\}/g, () => segments[i++ % segments.length]) + query;
          const answer = await send(app.url, method, path, { Cookie: cookieHeader(), 'X-Forwarded-For': student.clientAddress });
          expectHouseAnswer(answer, `${method} ${path}`, path, method);
        },
      ),
      { seed: SEED, numRuns: 300, endOnFailure: true },
    );
  });

  it('answers generated cursors and queries on the chat reads of a real room below 500', async () => {
    const rooms = [`/api/select-course-messages/${ids.course}/${ids.user}/`, `/api/select-study-group-messages/${ids.group}/${ids.user}/`];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...rooms), queryArb, async (room, query) => {
        const answer = await send(app.url, 'GET', room + query, { Cookie: cookieHeader(), 'X-Forwarded-For': student.clientAddress });
        expectHouseAnswer(answer, `GET ${room}${query}`, room, 'GET');
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  });

  it('answers garbage headers (cookies, tokens, request ids, forwarded addresses, methods) below 500', async () => {
    const allRoutes = [
      ...Object.keys(POST_ROUTES).filter((r) => r !== '/api/logout/'),
      ...GET_ROUTES.map((r) => r.replace(/\{id\}/g, String(ids.course))),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...allRoutes),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
        fc.record(
          {
            Cookie: fc.oneof(headerValueArb, fc.constant(`${cookieHeader()}; ss.sid.sig=forged`), fc.constant('ss.sid=%; ss.sid.sig=%')),
            'X-CSRFToken': fc.oneof(headerValueArb, fc.constant(token)),
            'X-Request-Id': headerValueArb,
            'X-Forwarded-For': fc.oneof(headerValueArb, fc.constantFrom('999.1.1.1', '::ffff:1.2.3.4, 10.0.0.1', 'unknown', '')),
            'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*'),
            Range: fc.constantFrom('bytes=0-0', 'bytes=999999-', 'bytes=x'),
          },
          { requiredKeys: [] },
        ),
        async (route, method, headers) => {
          const body = method === 'POST' ? '{}' : undefined;
          const sent: Record<string, string> = { ...headers };
          if (body) Object.assign(sent, { 'Content-Type': 'application/json', 'Content-Length': '2' });
          const answer = await send(app.url, method, route, sent, body);
          expectHouseAnswer(answer, `${method} ${route} ${JSON.stringify(headers)}`, route, method);
        },
      ),
      { seed: SEED, numRuns: 250, endOnFailure: true },
    );
  });

  it('still serves a normal student afterwards', async () => {
    const fresh = new HttpSession(app.url);
    expect((await fresh.signUp(newStudent())).status).toBe(200);
    expect((await fresh.get('/api/dashboard/')).status).toBe(200);
    expect((await fresh.post('/api/filter-courses/', { courseCode: 'COP' })).status).toBe(200);
    expect((await new HttpSession(app.url).get('/healthz')).status).toBe(200);
  });
}

describeOnEveryMode('fuzz: every route', fuzzSuite, { catalog: true, env: { CHAT_POST_LIMIT: '1000000' } });
