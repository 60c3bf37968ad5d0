// The text policy at the edge, over HTTP on both run modes: every text field of
// every call refuses control characters and lone surrogates with 400
// INVALID_TEXT naming the field, changes nothing, and stores text as NFC.
import { beforeAll, expect, it } from 'vitest';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

const POISON = { NUL: 'a\u0000b', 'lone surrogate': 'a\uD800b', 'C1 control': 'a\u0085b', escape: '\u001B[31mred' };

function textPolicySuite(app: TestApp) {
  let http: HttpSession;
  let userId: number;
  let courseId: number;
  let groupId: number;
  let meetingId: number;

  beforeAll(async () => {
    http = new HttpSession(app.url);
    userId = (await http.signUp(newStudent())).body.user.id;
    courseId = (await http.post('/api/filter-courses/', { courseCode: 'COP3502' })).body.courses[0].id;
    await http.post('/api/insert-course-member/', { courseID: courseId });
    groupId = (await http.post('/api/insert-study-group/', { courseID: courseId, name: 'Exam prep', description: 'Problem sets' })).body.id;
    meetingId = (
      await http.post('/api/insert-study-group-meeting/', { studyGroupID: groupId, day: 'Monday', time: '18:00', location: 'Marston' })
    ).body.id;
  });

  /** Every call with a text field: a valid body, and the fields to poison in it. */
  const calls = (): [path: string, body: Record<string, unknown>, fields: string[], fresh?: boolean][] => [
    ['/api/login/', { username: 'nobody', password: 'whatever' }, ['username', 'password'], true],
    ['/api/signup/', newStudent(), ['firstName', 'lastName', 'major', 'email', 'username', 'password', 'bio'], true],
    ['/api/filter-courses/', { name: '', courseCode: 'COP', term: '' }, ['name', 'courseCode', 'term']],
    ['/api/insert-course-message/', { courseID: courseId, message: 'hello' }, ['message']],
    ['/api/insert-study-group-message/', { studyGroupID: groupId, message: 'hello' }, ['message']],
    ['/api/insert-study-group/', { courseID: courseId, name: 'Another', description: 'Group' }, ['name', 'description']],
    ['/api/update-study-group/', { studyGroupID: groupId, name: 'Exam prep', description: 'Problem sets' }, ['name', 'description']],
    [
      '/api/insert-study-group-meeting/',
      { studyGroupID: groupId, day: 'Monday', time: '18:00', location: 'Library' },
      ['day', 'time', 'location', 'title'],
    ],
    [
      '/api/update-study-group-meeting/',
      { studyGroupID: groupId, meetingID: meetingId, day: 'Monday', time: '18:00', location: 'Library' },
      ['day', 'time', 'location', 'title'],
    ],
  ];

  async function snapshot() {
    const page = (await http.get(`/api/study-group/${groupId}/`)).body;
    const course = (await http.get(`/api/course/${courseId}/`)).body;
    return {
      group: page.studyGroup,
      groupChat: page.studyGroupMessages,
      courseChat: course.courseMessages,
      groups: course.courseStudyGroups,
    };
  }

  it('refuses control characters and lone surrogates in every text field with 400 INVALID_TEXT, and changes nothing', async () => {
    const before = await snapshot();
    for (const [path, body, fields, fresh] of calls()) {
      for (const field of fields) {
        for (const [kind, value] of Object.entries(POISON)) {
          const client = fresh ? new HttpSession(app.url) : http;
          const res = await client.post(path, { ...body, [field]: value });
          const label = `${path} ${field} ${kind}`;
          expect(res.status, label).toBe(400);
          expect(res.body, label).toMatchObject({ error: 'INVALID_TEXT', field });
          expect(typeof res.body.message, label).toBe('string');
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps line breaks and tabs in chat, bio and descriptions, and refuses them in one-line fields', async () => {
    const chat = await http.post('/api/insert-course-message/', { courseID: courseId, message: 'line one\r\nline two\tend' });
    expect(chat.status).toBe(201);
    expect(chat.body.message).toBe('line one\nline two\tend');
    const described = await http.post('/api/update-study-group/', {
      studyGroupID: groupId,
      name: 'Exam prep',
      description: 'Week 1\nWeek 2',
    });
    expect(described.status).toBe(200);
    expect(described.body.description).toBe('Week 1\nWeek 2');
    const withBio = await new HttpSession(app.url).signUp(newStudent({ bio: 'Hi!\nI like\tcalculus.' }));
    expect(withBio.body.user.bio).toBe('Hi!\nI like\tcalculus.');

    const oneLine = await new HttpSession(app.url).signUp(newStudent({ firstName: 'Al\nbert' }));
    expect(oneLine.status).toBe(400);
    expect(oneLine.body).toMatchObject({ error: 'INVALID_TEXT', field: 'firstName' });
    const location = await http.post('/api/insert-study-group-meeting/', {
      studyGroupID: groupId,
      day: 'Monday',
      time: '18:00',
      location: 'Room\n2',
    });
    expect(location.body).toMatchObject({ error: 'INVALID_TEXT', field: 'location' });
  });

  it('stores text as NFC, so a name typed with a combining accent reads the same as the composed one', async () => {
    const signedUp = await new HttpSession(app.url).signUp(newStudent({ firstName: 'Jose\u0301', major: 'Espan\u0303ol' }));
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.user.firstName).toBe('Jos\u00E9');
    expect(signedUp.body.user.major).toBe('Espa\u00F1ol');
    const chat = await http.post('/api/insert-course-message/', { courseID: courseId, message: 'cafe\u0301 at 5?' });
    expect(chat.body.message).toBe('caf\u00E9 at 5?');
    const read = await http.get(`/api/select-course-messages/${courseId}/${userId}/`);
    expect(read.body.map((m: { message: string }) => m.message)).toContain('caf\u00E9 at 5?');
  });
}

describeOnEveryMode('text policy', textPolicySuite, { catalog: true });
