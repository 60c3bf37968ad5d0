// Trusted accounts over HTTP on both run modes, with a real SMTP server as the mail
// peer: verification links, Resend, what EMAIL_VERIFICATION=required refuses,
// password reset and change, the profile, deleting an account (its username
// stays reserved), claiming an address an account never verified, and what
// the mails say (nothing the sign-up chose).
// Over 300 lines: every rule of trusted accounts, each against both run modes, sharing one SMTP peer.
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { SmtpSink, type ReceivedMail } from '@tests/support/smtp-sink';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

const sink = await SmtpSink.start();
afterAll(() => sink.close());

const PUBLIC_URL = 'https://swamp.example.edu';
const MAIL_ENV = { SMTP_URL: sink.url, PUBLIC_URL, MAIL_FROM: 'Study Swamp <no-reply@swamp.example.edu>' };

interface Student {
  session: HttpSession;
  id: number;
  form: Record<string, string>;
}

async function signUp(app: TestApp, overrides: Record<string, string> = {}): Promise<Student> {
  const session = new HttpSession(app.url);
  const form = newStudent(overrides);
  const res = await session.signUp(form);
  expect(res.body.isAuthenticated, JSON.stringify(res.body)).toBe(true);
  return { session, id: res.body.user.id, form };
}

const tokenOf = (mail: ReceivedMail) => new URL(mail.link).searchParams.get('token')!;
const knexOf = (app: TestApp): Knex => app.server.resolve(INFRA.Knex);

/** The newest verification (or reset) link mailed to the student. */
async function latestLink(student: Student, count = 1): Promise<string> {
  const mails = await sink.waitFor(student.form.email, count);
  return tokenOf(mails[mails.length - 1]);
}

/** The account looks 25 hours old: an address it never verified may now be claimed. */
async function age(app: TestApp, student: Student): Promise<void> {
  await knexOf(app)('users')
    .where({ id: student.id })
    .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });
}

/** Every mail the app queued so far has reached the sink (or failed). */
const mailsSettled = (app: TestApp) => app.server.resolve(INFRA.Mailer).idle();

async function verify(student: Student): Promise<void> {
  const res = await new HttpSession(student.session.baseUrl).post('/api/verify-email/', { token: await latestLink(student) });
  expect(res.body).toEqual({ emailVerified: true, alreadyVerified: false });
}

/** What a caller can tell from an answer: its status, body and header names, without what differs on every answer. */
function shape(res: ApiResponse) {
  const { requestId: _id, ...body } = res.body as Record<string, unknown>;
  const headers = [...res.headers.keys()].filter((name) => !['date', 'x-request-id', 'set-cookie'].includes(name)).sort();
  return { status: res.status, body, headers };
}

function optionalSuite(app: TestApp) {
  let courseId: number;
  beforeAll(async () => {
    const someone = await signUp(app);
    courseId = (await someone.session.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
  });

  it('mails exactly one verification link at sign-up, with a text and an HTML part; opening it verifies the address', async () => {
    const student = await signUp(app);
    expect((await student.session.get('/api/is-authenticated/')).body.user.emailVerified).toBe(false);
    const [mail] = await sink.waitFor(student.form.email);
    expect(mail.from).toContain('no-reply@swamp.example.edu');
    expect(mail.subject).toContain('Study Swamp');
    expect(mail.link).toMatch(new RegExp(`^${PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain(`href="${mail.link}"`);
    expect(mail.contentType).toBe('multipart/alternative');

    // The link works in any browser, signed in or not.
    const elsewhere = new HttpSession(app.url);
    expect((await elsewhere.post('/api/verify-email/', { token: tokenOf(mail) })).body).toEqual({
      emailVerified: true,
      alreadyVerified: false,
    });
    expect((await student.session.get('/api/is-authenticated/')).body.user.emailVerified).toBe(true);
    expect(sink.to(student.form.email)).toHaveLength(1);
  });

  it('refuses an expired link and one a newer link replaced, with 400 LINK_INVALID; a used one says the address is verified', async () => {
    const student = await signUp(app);
    const first = await latestLink(student);
    expect((await student.session.post('/api/resend-verification/')).body).toEqual({ sent: true, emailVerified: false });
    const second = await latestLink(student, 2);
    const replaced = await student.session.post('/api/verify-email/', { token: first });
    expect(replaced.status).toBe(400);
    expect(replaced.body).toMatchObject({ error: 'LINK_INVALID', message: expect.stringContaining('expired or was already used') });

    // 24 hours on: the link has expired.
    await knexOf(app)('account_tokens')
      .where({ user_id: student.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await student.session.post('/api/verify-email/', { token: second })).body.error).toBe('LINK_INVALID');
    expect((await student.session.get('/api/is-authenticated/')).body.user.emailVerified).toBe(false);

    expect((await student.session.post('/api/resend-verification/')).body.sent).toBe(true);
    const third = await latestLink(student, 3);
    expect((await student.session.post('/api/verify-email/', { token: third })).body).toEqual({
      emailVerified: true,
      alreadyVerified: false,
    });
    // Clicked again, in this browser or any other: the address is verified, and the answer says so.
    for (const browser of [student.session, new HttpSession(app.url)]) {
      const again = await browser.post('/api/verify-email/', { token: third });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ emailVerified: true, alreadyVerified: true });
    }
    expect((await student.session.post('/api/verify-email/', { token: first })).body.error).toBe('LINK_INVALID');
    expect((await student.session.post('/api/verify-email/', { token: 'x'.repeat(43) })).body.error).toBe('LINK_INVALID');
  });

  it('lets a student ask for 3 new links an hour, then says when to try again; a verified student needs none', async () => {
    const student = await signUp(app);
    for (let i = 0; i < 3; i++) expect((await student.session.post('/api/resend-verification/')).body.sent).toBe(true);
    const refused = await student.session.post('/api/resend-verification/');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^You can ask for 3 verification emails an hour\. Try again in \d+ minutes\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await sink.waitFor(student.form.email, 4);
    expect(sink.to(student.form.email)).toHaveLength(4);

    const verified = await signUp(app);
    await verify(verified);
    expect((await verified.session.post('/api/resend-verification/')).body).toEqual({ sent: false, emailVerified: true });
    expect((await new HttpSession(app.url).post('/api/resend-verification/')).status).toBe(401);
  });

  it('allows everything without verification, and marks the classmate "unverified" until they verify', async () => {
    const student = await signUp(app);
    expect((await student.session.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    expect((await student.session.post('/api/insert-course-message/', { courseID: courseId, message: 'hi' })).status).toBe(201);
    expect((await student.session.post('/api/insert-study-group/', { courseID: courseId, name: 'G', description: 'D' })).status).toBe(201);
    const members = async () =>
      (await student.session.get(`/api/course/${courseId}/`)).body.courseMembers as { id: number; verified: boolean }[];
    expect((await members()).find((m) => m.id === student.id)?.verified).toBe(false);
    await verify(student);
    expect((await members()).find((m) => m.id === student.id)?.verified).toBe(true);
  });

  it('resets a forgotten password by address or username: the link works once, within the hour, and ends every session', async () => {
    const student = await signUp(app);
    const phone = new HttpSession(app.url);
    await phone.logIn(student.form.username, student.form.password);
    const visitor = new HttpSession(app.url);
    const answer = await visitor.post('/api/request-password-reset/', { emailOrUsername: student.form.email.toUpperCase() });
    expect(answer.body).toEqual({ message: 'If an account exists, we sent a link' });
    const mails = await sink.waitFor(student.form.email, 2);
    const reset = mails[1];
    expect(reset.subject).toBe('Reset your Study Swamp password');
    expect(reset.link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));

    // The page checks the link as it opens: usable, and checking does not use it up.
    const check = (token: string) => visitor.get(`/api/reset-link/?token=${encodeURIComponent(token)}`);
    for (let i = 0; i < 2; i++) {
      const usable = await check(tokenOf(reset));
      expect(usable.status).toBe(200);
      expect(usable.body).toEqual({ usable: true });
    }

    // The rules are sign-up's; a refused password does not use the link up.
    const tooLong = await visitor.post('/api/reset-password/', { token: tokenOf(reset), password: 'x'.repeat(73) });
    expect(tooLong.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'password', message: 'Password must be at most 72 bytes' });
    expect((await visitor.post('/api/reset-password/', { token: tokenOf(reset), password: '' })).body.message).toBe(
      'Please enter password',
    );
    expect((await visitor.post('/api/reset-password/', { token: tokenOf(reset), password: 'new-chomp-43' })).body).toMatchObject({
      passwordReset: true,
    });
    expect((await visitor.post('/api/reset-password/', { token: tokenOf(reset), password: 'again-44' })).body.error).toBe('LINK_INVALID');
    // Opened again, the used link says so at once.
    const used = await check(tokenOf(reset));
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({
      error: 'LINK_INVALID',
      message: 'This reset link has expired or was already used. Ask for a new one.',
    });
    expect((await check('x'.repeat(43))).body.error).toBe('LINK_INVALID');
    expect((await check('x'.repeat(201))).body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'token' });
    expect((await visitor.get('/api/reset-link/')).status).toBe(400);

    for (const s of [student.session, phone]) expect((await s.get('/api/dashboard/')).status).toBe(401);
    expect((await new HttpSession(app.url).logIn(student.form.username, student.form.password)).status).toBe(401);
    const back = new HttpSession(app.url);
    expect((await back.logIn(student.form.username, 'new-chomp-43')).status).toBe(200);
    // The link reached the address: it counts as verified.
    expect((await back.get('/api/is-authenticated/')).body.user.emailVerified).toBe(true);

    // By username too; after an hour the link has expired.
    await visitor.post('/api/request-password-reset/', { emailOrUsername: student.form.username });
    const late = await latestLink(student, 3);
    await knexOf(app)('account_tokens')
      .where({ user_id: student.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await check(late)).body.error).toBe('LINK_INVALID');
    expect((await visitor.post('/api/reset-password/', { token: late, password: 'later-45' })).body.error).toBe('LINK_INVALID');
  });

  it('answers a reset request the same way for a known and an unknown account, by address and by username', async () => {
    const student = await signUp(app);
    const from = () => new HttpSession(app.url);
    const known = [
      await from().post('/api/request-password-reset/', { emailOrUsername: student.form.email }),
      await from().post('/api/request-password-reset/', { emailOrUsername: student.form.username }),
    ];
    const unknown = [
      await from().post('/api/request-password-reset/', { emailOrUsername: 'nobody-at-all@ufl.edu' }),
      await from().post('/api/request-password-reset/', { emailOrUsername: 'nobody-at-all' }),
    ];
    for (const res of [...known, ...unknown]) expect(shape(res)).toEqual(shape(known[0]));
    expect(known[0].status).toBe(200);
    await sink.waitFor(student.form.email, 3);
    expect(sink.to('nobody-at-all@ufl.edu')).toHaveLength(0);
  });

  it('throttles reset requests per client address (for everyone alike) and per account (silently)', async () => {
    const student = await signUp(app);
    const ask = (address: string, who: string) => {
      const s = new HttpSession(app.url);
      s.clientAddress = address;
      return s.post('/api/request-password-reset/', { emailOrUsername: who });
    };
    // Per account: 3 mails an hour, then the same answer and no mail.
    for (let i = 0; i < 5; i++) expect((await ask(`203.0.113.${10 + i}`, student.form.email)).status).toBe(200);
    await sink.waitFor(student.form.email, 4);
    expect(sink.to(student.form.email)).toHaveLength(4);
    // Per address: 30 an hour, whoever is asked for.
    for (let i = 0; i < 30; i++) expect((await ask('203.0.113.99', `nobody${i}@ufl.edu`)).status).toBe(200);
    const refused = await ask('203.0.113.99', student.form.email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const student = await signUp(app);
    const other = new HttpSession(app.url);
    await other.logIn(student.form.username, student.form.password);
    const wrong = await student.session.post('/api/change-password/', { currentPassword: 'not-it', newPassword: 'new-pass-1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: 'WRONG_PASSWORD', field: 'currentPassword' });
    expect((await other.get('/api/dashboard/')).status).toBe(200);
    expect(
      (await student.session.post('/api/change-password/', { currentPassword: student.form.password, newPassword: '' })).body,
    ).toMatchObject({
      error: 'VALIDATION_FAILED',
      field: 'newPassword',
    });

    const changed = await student.session.post('/api/change-password/', {
      currentPassword: student.form.password,
      newPassword: 'new-pass-1',
    });
    expect(changed.body).toMatchObject({ passwordChanged: true });
    expect((await other.get('/api/dashboard/')).status).toBe(401);
    expect((await student.session.get('/api/dashboard/')).status).toBe(200);
    // The same token still works in the renewed session.
    expect((await student.session.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    expect((await new HttpSession(app.url).logIn(student.form.username, 'new-pass-1')).status).toBe(200);
    expect((await new HttpSession(app.url).logIn(student.form.username, student.form.password)).status).toBe(401);
  });

  it('edits the profile under the sign-up rules; major and year may be cleared and others then see them empty', async () => {
    const student = await signUp(app);
    const classmate = await signUp(app);
    for (const s of [student, classmate]) await s.session.post('/api/insert-course-member/', { courseID: courseId });
    const digit = await student.session.post('/api/update-profile/', { firstName: 'R2D2' });
    expect(digit.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'firstName', message: 'Do not include numbers in your name!' });
    expect((await student.session.post('/api/update-profile/', { year: '5' })).body).toMatchObject({
      field: 'year',
      message: 'Please enter year',
    });
    expect((await student.session.post('/api/update-profile/', { bio: 'b'.repeat(501) })).body.field).toBe('bio');

    const res = await student.session.post('/api/update-profile/', {
      firstName: ' Alberta ',
      lastName: "O'Gator",
      major: '',
      year: '',
      bio: 'Two\r\nlines',
      email: 'changed@ufl.edu',
      username: 'changed',
    });
    expect(res.body.user).toMatchObject({
      firstName: 'Alberta',
      lastName: "O'Gator",
      major: '',
      year: '',
      bio: 'Two\nlines',
      email: student.form.email,
      username: student.form.username,
    });
    const seen = (await classmate.session.get(`/api/course/${courseId}/`)).body.courseMembers.find(
      (m: { id: number }) => m.id === student.id,
    );
    expect(seen).toMatchObject({ first_name: 'Alberta', last_name: "O'Gator", major: '', year: '', bio: 'Two\nlines' });
    // A field left out keeps its value.
    expect((await student.session.post('/api/update-profile/', { year: 4 })).body.user).toMatchObject({
      firstName: 'Alberta',
      year: '4',
      major: '',
    });
  });

  it('deletes an account with its password: sessions and memberships go, groups hand over, messages stay as "Former member"', async () => {
    const leaving = await signUp(app);
    const classmate = await signUp(app);
    for (const s of [leaving, classmate]) await s.session.post('/api/insert-course-member/', { courseID: courseId });
    const group = (await leaving.session.post('/api/insert-study-group/', { courseID: courseId, name: 'Handover', description: 'D' })).body
      .id;
    await classmate.session.post('/api/insert-study-group-member/', { studyGroupID: group });
    const posted = (await leaving.session.post('/api/insert-course-message/', { courseID: courseId, message: 'bye all' })).body.id;
    await leaving.session.post('/api/insert-study-group-message/', { studyGroupID: group, message: 'group bye' });
    const phone = new HttpSession(app.url);
    await phone.logIn(leaving.form.username, leaving.form.password);

    const wrong = await leaving.session.post('/api/delete-account/', { password: 'nope' });
    expect(wrong.body).toMatchObject({ error: 'WRONG_PASSWORD', field: 'password' });
    expect((await phone.get('/api/dashboard/')).status).toBe(200);

    expect((await leaving.session.post('/api/delete-account/', { password: leaving.form.password })).body).toMatchObject({
      isAuthenticated: false,
      accountDeleted: true,
    });
    for (const s of [leaving.session, phone]) expect((await s.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });
    expect((await new HttpSession(app.url).logIn(leaving.form.username, leaving.form.password)).status).toBe(401);

    const page = (await classmate.session.get(`/api/course/${courseId}/`)).body;
    expect(page.courseMembers.map((m: { id: number }) => m.id)).not.toContain(leaving.id);
    const message = page.courseMessages.find((m: { id: string }) => m.id === posted);
    expect(message).toMatchObject({ message: 'bye all', username: '', formerMember: true, user_id: leaving.id });
    const polled = (await classmate.session.get(`/api/select-course-messages/${courseId}/${classmate.id}/?after=0-0`)).body;
    expect(polled.find((m: { id: string }) => m.id === posted)).toMatchObject({ formerMember: true, username: '' });
    const groupPage = (await classmate.session.get(`/api/study-group/${group}/`)).body;
    expect(groupPage.studyGroup.owner.id).toBe(classmate.id);
    expect(groupPage.studyGroupMessages[0]).toMatchObject({ message: 'group bye', formerMember: true });
    expect(JSON.stringify(page)).not.toContain(leaving.form.username);

    // The address is free again; the username stays reserved, in any case (a compatibility spelling is no username at all).
    for (const username of [leaving.form.username, leaving.form.username.toUpperCase()]) {
      const taken = await new HttpSession(app.url).signUp(newStudent({ username }));
      expect(taken.body, username).toMatchObject({ isAuthenticated: false, field: 'username', msg: 'That username is already taken' });
    }
    const fullWidth = [...leaving.form.username].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    const twin = await new HttpSession(app.url).signUp(newStudent({ username: fullWidth }));
    expect(twin.status).toBe(400);
    expect(twin.body.field).toBe('username');
    expect((await new HttpSession(app.url).signUp({ ...newStudent(), email: leaving.form.email })).body.isAuthenticated).toBe(true);
  });

  it('lets a new sign-up claim an address its account never verified after 24 hours; the old account keeps it until the new one opens its link', async () => {
    const stale = await signUp(app);
    await stale.session.post('/api/insert-course-member/', { courseID: courseId });
    const posted = (await stale.session.post('/api/insert-course-message/', { courseID: courseId, message: 'who am I' })).body.id;
    await sink.waitFor(stale.form.email);
    const claim = (overrides: Record<string, string> = {}) =>
      new HttpSession(app.url).signUp(newStudent({ email: stale.form.email.toUpperCase(), ...overrides }));
    expect((await claim()).body).toMatchObject({ isAuthenticated: false, field: 'email', msg: 'Email Address is already registered!' });

    await age(app, stale);
    // The old account's username is still its own, and nothing changes.
    expect((await claim({ username: stale.form.username.toUpperCase() })).body).toMatchObject({
      isAuthenticated: false,
      field: 'username',
    });
    const claimer = new HttpSession(app.url);
    const claimed = await claimer.signUp(newStudent({ email: stale.form.email.toUpperCase() }));
    expect(claimed.body.isAuthenticated).toBe(true);
    expect(claimed.body.user).toMatchObject({ email: stale.form.email, emailVerified: false });
    expect(claimed.body.user.id).not.toBe(stale.id);

    // Until the new account opens its link, the old one is untouched: still signed in, signs in again, its post under its name.
    const reader = await signUp(app);
    await reader.session.post('/api/insert-course-member/', { courseID: courseId });
    const postOf = async () =>
      ((await reader.session.get(`/api/course/${courseId}/`)).body.courseMessages as { id: string; formerMember?: boolean }[]).find(
        (m) => m.id === posted,
      );
    expect((await stale.session.get('/api/is-authenticated/')).body.user).toMatchObject({ id: stale.id, email: stale.form.email });
    expect((await new HttpSession(app.url).logIn(stale.form.username, stale.form.password)).status).toBe(200);
    expect((await stale.session.get('/api/dashboard/')).body.courses.map((c: { id: number }) => c.id)).toEqual([courseId]);
    expect(await postOf()).toMatchObject({ username: stale.form.username });
    expect((await postOf())?.formerMember).not.toBe(true);

    // The link went to the address; opening it gives the address to the new account and retires the old one.
    const [, claimMail] = await sink.waitFor(stale.form.email, 2);
    expect((await new HttpSession(app.url).post('/api/verify-email/', { token: tokenOf(claimMail) })).body).toEqual({
      emailVerified: true,
      alreadyVerified: false,
    });
    expect((await claimer.get('/api/is-authenticated/')).body.user).toMatchObject({ email: stale.form.email, emailVerified: true });
    expect((await stale.session.get('/api/dashboard/')).status).toBe(401);
    expect((await new HttpSession(app.url).logIn(stale.form.username, stale.form.password)).status).toBe(401);
    expect(await postOf()).toMatchObject({ formerMember: true, username: '' });
    // The address is the new account's: a reset by address reaches it, and no further sign-up can claim it.
    await new HttpSession(app.url).post('/api/request-password-reset/', { emailOrUsername: stale.form.email });
    const [, , reset] = await sink.waitFor(stale.form.email, 3);
    expect((await new HttpSession(app.url).post('/api/reset-password/', { token: tokenOf(reset), password: 'mine-now-77' })).status).toBe(
      200,
    );
    expect((await new HttpSession(app.url).logIn(claimed.body.user.username, 'mine-now-77')).status).toBe(200);
    expect((await claim()).body).toMatchObject({ isAuthenticated: false, field: 'email' });

    // A verified address is never claimed, however old.
    const kept = await signUp(app);
    await verify(kept);
    await age(app, kept);
    expect((await new HttpSession(app.url).signUp(newStudent({ email: kept.form.email }))).body.isAuthenticated).toBe(false);
  });

  it('keeps the address with the old account when it verifies first; the new account is told at its next attempt', async () => {
    const stale = await signUp(app);
    await sink.waitFor(stale.form.email);
    await age(app, stale);
    const claimer = await signUp(app, { email: stale.form.email });
    const [oldMail, claimMail] = await sink.waitFor(stale.form.email, 2);
    expect((await stale.session.post('/api/verify-email/', { token: tokenOf(oldMail) })).body).toEqual({
      emailVerified: true,
      alreadyVerified: false,
    });

    const lost = await new HttpSession(app.url).post('/api/verify-email/', { token: tokenOf(claimMail) });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({
      error: 'EMAIL_CLAIM_LOST',
      message: expect.stringContaining('Another account verified this UF email address first'),
    });
    const resend = await claimer.session.post('/api/resend-verification/');
    expect(resend.status).toBe(409);
    expect(resend.body.error).toBe('EMAIL_CLAIM_LOST');
    await mailsSettled(app);
    expect(sink.to(stale.form.email)).toHaveLength(2);

    expect((await stale.session.get('/api/is-authenticated/')).body.user).toMatchObject({ id: stale.id, emailVerified: true });
    expect((await claimer.session.get('/api/is-authenticated/')).body.user).toMatchObject({ id: claimer.id, emailVerified: false });
  });

  it('lets the first of two claims whose link is opened win', async () => {
    const stale = await signUp(app);
    await sink.waitFor(stale.form.email);
    await age(app, stale);
    const first = await signUp(app, { email: stale.form.email });
    await sink.waitFor(stale.form.email, 2);
    const second = await signUp(app, { email: stale.form.email });
    const [, firstMail, secondMail] = await sink.waitFor(stale.form.email, 3);

    expect((await new HttpSession(app.url).post('/api/verify-email/', { token: tokenOf(secondMail) })).body).toEqual({
      emailVerified: true,
      alreadyVerified: false,
    });
    expect((await second.session.get('/api/is-authenticated/')).body.user.emailVerified).toBe(true);
    const late = await new HttpSession(app.url).post('/api/verify-email/', { token: tokenOf(firstMail) });
    expect(late.body.error).toBe('EMAIL_CLAIM_LOST');
    expect((await first.session.get('/api/is-authenticated/')).body.user.emailVerified).toBe(false);
    expect((await stale.session.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });
  });

  it('sends at most 10 account mails an hour to one address, whichever account asks', async () => {
    const stale = await signUp(app);
    await age(app, stale);
    const email = stale.form.email;
    const claimers = [await signUp(app, { email }), await signUp(app, { email })];
    // 3 sign-up mails, and Resend: 3 for the old account, 3 for one claimer, then 1 of the other's.
    for (const [who, times] of [
      [stale, 3],
      [claimers[0], 3],
      [claimers[1], 1],
    ] as const) {
      for (let i = 0; i < times; i++) expect((await who.session.post('/api/resend-verification/')).body.sent).toBe(true);
    }
    const refused = await claimers[1].session.post('/api/resend-verification/');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many emails to this address\. Try again in \d+ minutes\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Past the limit a sign-up still works and a reset request answers as ever; no mail goes.
    const third = await signUp(app, { email });
    expect((await new HttpSession(app.url).post('/api/request-password-reset/', { emailOrUsername: third.form.username })).status).toBe(
      200,
    );
    await mailsSettled(app);
    expect(sink.to(email)).toHaveLength(10);
  });

  it('mails nothing the sign-up chose: no names or username, in the verification or the reset mail', async () => {
    const chosen = { firstName: 'Click here', lastName: 'Visit evil.example', username: 'www.evil-example.com' };
    const student = await signUp(app, chosen);
    await new HttpSession(app.url).post('/api/request-password-reset/', { emailOrUsername: student.form.username });
    const mails = await sink.waitFor(student.form.email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Reset your Study Swamp password', 'Verify your UF email address for Study Swamp']);
    for (const mail of mails) {
      expect(mail.toHeader).toBe(student.form.email);
      const everything = [mail.subject, mail.toHeader, mail.text, mail.html].join('\n').replaceAll(student.form.email, '').toLowerCase();
      for (const text of ['click here', 'visit', 'evil', 'albert']) expect(everything, `${mail.subject}: ${text}`).not.toContain(text);
      expect(mail.text).toContain(mail.link);
    }
  });

  it('refuses bad input on every account call with a 4xx and changes nothing', async () => {
    const student = await signUp(app);
    const calls: [string, Record<string, unknown>][] = [
      ['/api/verify-email/', { token: 'ab\u0000cd' }],
      ['/api/verify-email/', { token: 42 }],
      ['/api/request-password-reset/', { emailOrUsername: '\uD800' }],
      ['/api/request-password-reset/', { emailOrUsername: '' }],
      ['/api/reset-password/', { token: ['x'], password: 'p' }],
      ['/api/change-password/', { currentPassword: student.form.password, newPassword: 'a\u0000b' }],
      ['/api/update-profile/', { firstName: 'Al\u0007ice' }],
      ['/api/update-profile/', { bio: 'x'.repeat(6000) }],
      ['/api/update-profile/', { major: { nested: true } }],
      ['/api/delete-account/', { password: null }],
    ];
    for (const [path, body] of calls) {
      const res = await student.session.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(typeof res.body.error, path).toBe('string');
    }
    const me = (await student.session.get('/api/is-authenticated/')).body.user;
    expect(me).toMatchObject({ firstName: student.form.firstName, major: student.form.major });
    expect((await new HttpSession(app.url).logIn(student.form.username, student.form.password)).status).toBe(200);
  });
}

function requiredSuite(app: TestApp) {
  it('lets an unverified account browse and search, refuses joining, posting and creating with 403 EMAIL_NOT_VERIFIED, and changes nothing', async () => {
    const verified = await signUp(app);
    await verify(verified);
    const courseId = (await verified.session.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await verified.session.post('/api/insert-course-member/', { courseID: courseId });
    const group = (await verified.session.post('/api/insert-study-group/', { courseID: courseId, name: 'Open', description: 'D' })).body.id;

    const student = await signUp(app);
    expect((await student.session.get('/api/dashboard/')).status).toBe(200);
    expect((await student.session.get('/api/search-courses/')).status).toBe(200);
    expect((await student.session.post('/api/filter-courses/', { courseCode: 'COP' })).status).toBe(200);
    expect((await student.session.get(`/api/course/${courseId}/`)).body.isMember).toBe(false);

    const refusals: [string, Record<string, unknown>][] = [
      ['/api/insert-course-member/', { courseID: courseId }],
      ['/api/insert-course-members/', { term: 'Fall 2025', classNumbers: [12345] }],
      ['/api/insert-study-group-member/', { studyGroupID: group }],
    ];
    for (const [path, body] of refusals) {
      const res = await student.session.post(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({
        error: 'EMAIL_NOT_VERIFIED',
        message: expect.stringContaining('verify your UF email address'),
      });
    }
    expect((await student.session.get('/api/dashboard/')).body.courses).toEqual([]);

    // An account that joined before verification became required may read, not post or create.
    await knexOf(app)('course_members').insert({ course_id: courseId, user_id: student.id });
    expect((await student.session.get(`/api/select-course-messages/${courseId}/${student.id}/`)).status).toBe(200);
    for (const [path, body] of [
      ['/api/insert-course-message/', { courseID: courseId, message: 'hi' }],
      ['/api/insert-study-group/', { courseID: courseId, name: 'Mine', description: 'D' }],
    ] as const) {
      const res = await student.session.post(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toBe('EMAIL_NOT_VERIFIED');
    }
    const page = (await student.session.get(`/api/course/${courseId}/`)).body;
    expect(page.courseMessages).toEqual([]);
    expect(page.courseStudyGroups.map((g: { id: number }) => g.id)).toEqual([group]);

    await verify(student);
    expect((await student.session.post('/api/insert-study-group-member/', { studyGroupID: group })).status).toBe(200);
    expect((await student.session.post('/api/insert-course-message/', { courseID: courseId, message: 'hi' })).status).toBe(201);
  });

  it('claims the address of an account that never verified once the new link is opened; the old username stays reserved', async () => {
    const stale = await signUp(app);
    await age(app, stale);
    expect(
      (await new HttpSession(app.url).signUp(newStudent({ email: stale.form.email, username: stale.form.username }))).body,
    ).toMatchObject({ field: 'username' });
    const claimer = await signUp(app, { email: stale.form.email });
    // Until then it is an unverified account like any other.
    const courseId = (await claimer.session.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    expect((await claimer.session.post('/api/insert-course-member/', { courseID: courseId })).body.error).toBe('EMAIL_NOT_VERIFIED');
    expect((await stale.session.get('/api/is-authenticated/')).body.user.id).toBe(stale.id);

    const [, claimMail] = await sink.waitFor(stale.form.email, 2);
    expect((await claimer.session.post('/api/verify-email/', { token: tokenOf(claimMail) })).body).toEqual({
      emailVerified: true,
      alreadyVerified: false,
    });
    expect((await stale.session.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });
    expect((await new HttpSession(app.url).signUp(newStudent({ username: stale.form.username }))).body).toMatchObject({
      field: 'username',
    });
  });
}

describeOnEveryMode('accounts API', optionalSuite, { catalog: true, env: MAIL_ENV });
describeOnEveryMode('accounts API, EMAIL_VERIFICATION=required', requiredSuite, {
  catalog: true,
  env: { ...MAIL_ENV, EMAIL_VERIFICATION: 'required' },
});
