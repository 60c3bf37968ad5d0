// Notification settings and one-click unsubscribe over HTTP, on both run
// modes: a student reads the defaults, changes them (their own only, with
// CSRF), mutes one of their groups but not another's; a mail client's
// one-click POST (no session, no CSRF token, the form body RFC 8058 names)
// with the signed token turns every mail off; a forged or mangled token is a
// 4xx JSON refusal and changes nothing.
import { beforeAll, expect, it } from 'vitest';
import { TOKENS } from '@application/ports/tokens';
import { UserId } from '@domain/ids';
import { defaultPreferences } from '@domain/notifications/notification-preferences';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

function notificationSettingsSuite(app: TestApp) {
  let student: HttpSession;
  let other: HttpSession;
  let studentId: number;
  let groupId: number;
  let othersGroupId: number;

  beforeAll(async () => {
    student = new HttpSession(app.url);
    other = new HttpSession(app.url);
    studentId = (await student.signUp(newStudent({ firstName: 'Nora' }))).body.user.id;
    await other.signUp(newStudent({ firstName: 'Omar' }));
    const courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const s of [student, other]) expect((await s.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    groupId = (await student.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam 1 Crammers', description: 'x' })).body.id;
    othersGroupId = (await other.post('/api/insert-study-group/', { courseID: courseId, name: 'Not yours', description: 'x' })).body.id;
  });

  const settings = () => ({ ...defaultPreferences(), mutedGroups: [] as number[] });

  it('shows the defaults and the groups the student is in', async () => {
    const res = await student.get('/api/notification-settings/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ preferences: defaultPreferences(), groups: [{ id: groupId, name: 'Exam 1 Crammers', muted: false }] });
    expect((await new HttpSession(app.url).get('/api/notification-settings/')).status).toBe(401);
  });

  it('saves the student’s own choices, and mutes only their own groups', async () => {
    const chosen = { ...settings(), mutedGroups: [groupId], quietHours: { start: '22:00', end: '07:00' }, digestMinutes: 60 };
    chosen.kinds['course-message'] = { push: true, mail: false };
    const saved = await student.post('/api/update-notification-settings/', chosen);
    expect(saved.status).toBe(200);
    expect(saved.body.groups).toEqual([{ id: groupId, name: 'Exam 1 Crammers', muted: true }]);
    expect((await student.get('/api/notification-settings/')).body.preferences).toEqual(chosen);

    const refused = await student.post('/api/update-notification-settings/', { ...chosen, mutedGroups: [othersGroupId] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'mutedGroups' });
    expect((await student.get('/api/notification-settings/')).body.preferences.mutedGroups).toEqual([groupId]);
  });

  it('refuses bad input with 4xx JSON and needs the CSRF token', async () => {
    for (const body of [
      { ...settings(), quietHours: { start: '24:00', end: '07:00' } },
      { ...settings(), digestMinutes: 5 },
      { ...settings(), kinds: { mention: { push: true, mail: true } } },
      { ...settings(), mutedGroups: ['\u0000'] },
      { ...settings(), quietHours: { start: '\uD800', end: '07:00' } },
    ]) {
      const res = await student.post('/api/update-notification-settings/', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const malformed = await student.request('POST', '/api/update-notification-settings/', { rawBody: '{"kinds":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('MALFORMED_JSON');
    const noCsrf = await student.post('/api/update-notification-settings/', settings(), { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error).toBe('CSRF_FAILED');
  });

  it('one-click unsubscribe: the signed token alone turns every mail off; push stays', async () => {
    const token = app.server.resolve(TOKENS.UnsubscribeLinks).tokenFor(UserId(studentId));
    // A mail client: no cookies, no CSRF token, RFC 8058's form body.
    const mailClient = new HttpSession(app.url);
    const res = await mailClient.request('POST', `/api/unsubscribe/${token}/`, {
      csrf: false,
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.body).toEqual({ unsubscribed: true });
    expect(res.status).toBe(200);
    const prefs = (await student.get('/api/notification-settings/')).body.preferences;
    expect(Object.values(prefs.kinds as Record<string, { mail: boolean }>).every((c) => !c.mail)).toBe(true);
    expect(prefs.kinds.mention.push).toBe(true);
    expect(prefs.quietHours).toEqual({ start: '22:00', end: '07:00' });
  });

  it('refuses a forged, mangled or other student’s token with 400 LINK_INVALID and changes nothing', async () => {
    await other.post('/api/update-notification-settings/', settings());
    const real = app.server.resolve(TOKENS.UnsubscribeLinks).tokenFor(UserId(studentId));
    const [, mac] = real.split('.');
    for (const token of [`${studentId + 1}.${mac}`, `${studentId}.${'A'.repeat(43)}`, 'nonsense', '%00', '0.x']) {
      const res = await new HttpSession(app.url).request('POST', `/api/unsubscribe/${token}/`, { csrf: false });
      expect(res.status, token).toBe(400);
      expect(res.body).toMatchObject({ error: 'LINK_INVALID', message: expect.any(String) });
    }
    expect((await other.get('/api/notification-settings/')).body.preferences.kinds.mention.mail).toBe(true);
  });
}

describeOnEveryMode('Notification settings API', notificationSettingsSuite, { catalog: true });
