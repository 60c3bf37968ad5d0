// Mail digests over HTTP on both run modes, with a real SMTP server as the
// mail peer (issue 26, decision 0122): a verified student mentioned in a
// group chat gets one digest with the message (escaped in the HTML), links
// into the room and to their preferences, and RFC 8058 one-click
// unsubscribe, whose POST (no session, no CSRF token, as a mail client makes
// it) turns their notification mail off; an unverified address gets nothing
// but its verification mail.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { SmtpSink, type ReceivedMail } from '@tests/support/smtp-sink';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

const sink = await SmtpSink.start();
afterAll(() => sink.close());

const PUBLIC_URL = 'https://swamp.example.edu';
const ENV = { SMTP_URL: sink.url, PUBLIC_URL, MAIL_FROM: 'Study Swamp <no-reply@swamp.example.edu>', NOTIFY_GATHER_SECONDS: '1' };
/** The room's window (1 s), the worker's polls (2 s each), the digest's slot (10 s), the send. */
const ARRIVES = { timeout: 40_000, interval: 200 };
const QUIET_MS = 15_000;

interface Student {
  http: HttpSession;
  id: number;
  username: string;
  email: string;
}

async function signUp(app: TestApp, verified: boolean): Promise<Student> {
  const http = new HttpSession(app.url);
  const form = newStudent();
  const res = await http.signUp(form);
  expect(res.body.isAuthenticated).toBe(true);
  if (verified) {
    const [mail] = await sink.waitFor(form.email);
    const token = new URL(mail.link).searchParams.get('token');
    expect((await http.post('/api/verify-email/', { token })).body).toMatchObject({ emailVerified: true });
  }
  return { http, id: res.body.user.id, username: form.username, email: form.email };
}

const digestsTo = (s: Student): ReceivedMail[] => sink.to(s.email).filter((mail) => mail.subject.includes('notification'));

function suite(app: TestApp) {
  let alice: Student;
  let bob: Student;
  let carol: Student;
  let groupId: number;

  beforeAll(async () => {
    [alice, bob, carol] = [await signUp(app, true), await signUp(app, true), await signUp(app, false)];
    const courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [alice, bob, carol]) expect((await s.http.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    groupId = (await alice.http.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam <1> & Co', description: 'x' })).body.id;
    for (const s of [bob, carol])
      expect((await s.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
  });

  it('mails a verified student one digest of the news, escaped, with links and one-click unsubscribe; none to an unverified one', async () => {
    const post = (message: string) =>
      alice.http.post('/api/insert-study-group-message/', { userID: alice.id, studyGroupID: groupId, message });
    expect((await post('<script>alert(1)</script> & bring snacks')).status).toBe(201);
    expect((await post(`@${bob.username} @${carol.username} you have 2b?`)).status).toBe(201);

    await vi.waitFor(() => expect(digestsTo(bob)).toHaveLength(1), ARRIVES);
    const [mail] = digestsTo(bob);
    expect(mail.subject).toBe('1 new notification on Study Swamp');
    expect(mail.text).toContain('2 new messages in Exam <1> & Co, 1 mentions you');
    expect(mail.text).toContain(`  ${alice.username}: <script>alert(1)</script> & bring snacks`);
    expect(mail.text).toContain(`Open: ${PUBLIC_URL}/study-group/${groupId}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; bring snacks');
    expect(mail.html).toContain('Exam &lt;1&gt; &amp; Co');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/study-group/${groupId}"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/profile"`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<(https:[^>]+)>/.exec(mail.headers['list-unsubscribe'])![1];
    expect(unsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/api/unsubscribe/${bob.id}\\.[^/]+/$`));

    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    // One digest for the two messages; the author and the unverified address get none.
    expect(digestsTo(bob)).toHaveLength(1);
    expect(digestsTo(alice)).toEqual([]);
    // Carol's one mail is the verification link she was sent at sign-up.
    expect(sink.to(carol.email).map((m) => m.subject)).toEqual(['Verify your UF email address for Study Swamp']);

    // The mail client's one-click POST: no cookie, no CSRF token.
    const res = await fetch(`${app.url}${new URL(unsubscribe).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const prefs = (await bob.http.get('/api/notification-settings/')).body.preferences;
    expect(Object.values(prefs.kinds as Record<string, { mail: boolean }>).every((kind) => !kind.mail)).toBe(true);
    expect(prefs.kinds.mention.push).toBe(true);

    // And no more mail: the next mention is not mailed.
    await post(`@${bob.username} last call`);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(digestsTo(bob)).toHaveLength(1);
  }, 120_000);
}

describeOnEveryMode('mail digests', suite, { env: ENV, catalog: true });
