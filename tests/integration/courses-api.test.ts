// Search, membership, dashboard and course page over HTTP, on Postgres + Redis
// and on the embedded default, with the shipped catalog loaded.
import { beforeAll, expect, it } from 'vitest';
import { TOKENS } from '@application/ports/tokens';
import { sectionEntry } from '@tests/support/catalog-entries';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';
import { catalogStore } from '@tests/support/catalog-store';

function coursesApiSuite(app: TestApp) {
  let student: HttpSession;
  let studentId: number;
  let other: HttpSession;
  let otherId: number;

  beforeAll(async () => {
    student = new HttpSession(app.url);
    other = new HttpSession(app.url);
    studentId = (await student.signUp(newStudent({ firstName: 'Sam', lastName: 'Student', bio: 'Hi' }))).body.user.id;
    otherId = (await other.signUp(newStudent({ firstName: 'Olive', lastName: 'Other' }))).body.user.id;
  });

  const filter = (body: Record<string, unknown>) => student.post('/api/filter-courses/', body);
  /** The first card's course id and its first section's id (courses and sections share one id space). */
  const firstCard = async (courseCode: string) => {
    const [card] = (await filter({ courseCode })).body.courses as { id: number; sections: { id: number }[] }[];
    return { courseId: card.id, sectionId: card.sections[0].id };
  };

  it('answers 401 JSON on every course route when signed out', async () => {
    const visitor = new HttpSession(app.url);
    const calls = [
      visitor.get('/api/dashboard/'),
      visitor.get('/api/course/1/'),
      visitor.get('/api/search-courses/'),
      visitor.post('/api/filter-courses/', {}),
      visitor.post('/api/insert-course-member/', { courseID: 1 }),
      visitor.post('/api/delete-course-member/', { courseID: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    }
  });

  it('lists the first page of the catalog with total, page count and terms', async () => {
    const res = await student.get('/api/search-courses/');
    expect(res.status).toBe(200);
    expect(res.body.courses).toHaveLength(10);
    // 246 sections of 117 courses: one card per course and term.
    expect(res.body.total).toBeGreaterThan(100);
    expect(res.body.pageCount).toBe(Math.ceil(res.body.total / 10));
    expect(res.body.page).toBe(1);
    expect(res.body.userCoursesIDs).toEqual([]);
    expect(res.body.terms).toEqual(['Fall 2025', 'Summer 2025', 'Spring 2025']);
    // The spec's course fields (its own id: a course's), and the course's sections with what tells them apart.
    const [card] = res.body.courses;
    expect(Object.keys(card).sort()).toEqual(
      [
        'class_number',
        'course_number',
        'credits',
        'department',
        'description',
        'id',
        'member_section_ids',
        'name',
        'section_count',
        'sections',
        'sections_on_offer',
        'sections_published',
        'term',
        'uf_course_id',
      ].sort(),
    );
    expect(Object.keys(card.sections[0]).sort()).toEqual(
      [
        'class_number',
        'credits',
        'credits_max',
        'credits_min',
        'end_date',
        'final_exam',
        'gen_ed',
        'id',
        'instructors',
        'meet_times',
        'mode',
        'quest',
        'section',
        'sect_web',
        'start_date',
        'term',
        'withdrawn',
        'writing',
      ].sort(),
    );
    expect(card.sections[0]).toMatchObject({ class_number: card.class_number });
    expect(card.sections[0].id).not.toBe(card.id);
  });

  it('finds COP3502C by every spelling, exact and prefix matches first', async () => {
    for (const courseCode of ['cop3502', 'COP 3502', 'cop35', 'cop3502c']) {
      const res = await filter({ name: '', courseCode, term: '' });
      expect(res.status).toBe(200);
      expect(res.body.courses[0].course_number, courseCode).toBe('COP3502C');
      expect(res.body).toHaveProperty('user_courses_ids');
    }
    const prefix = await filter({ courseCode: 'cop35' });
    const numbers = prefix.body.courses.map((c: { course_number: string }) => c.course_number);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers.every((n: string) => n.startsWith('COP35'))).toBe(true);
  });

  it('matches name words in any order and filters by term', async () => {
    const res = await filter({ name: 'fundamentals PROGRAMMING 1' });
    expect(res.body.total).toBeGreaterThan(0);
    expect(new Set(res.body.courses.map((c: { course_number: string }) => c.course_number))).toEqual(new Set(['COP3502C']));
    const summer = await filter({ term: 'Summer 2025', page: 1 });
    expect(summer.body.total).toBeGreaterThan(0);
    expect(summer.body.courses.every((c: { term: string }) => c.term === 'Summer 2025')).toBe(true);
    const none = await filter({ name: 'underwater basket weaving' });
    expect(none.body).toMatchObject({ courses: [], total: 0, page: 1, pageCount: 1 });
  });

  it('pages on the server and clamps a page past the end to the last page', async () => {
    const first = await filter({ term: 'Fall 2025' });
    const { total, pageCount } = first.body;
    const last = await filter({ term: 'Fall 2025', page: pageCount });
    const past = await filter({ term: 'Fall 2025', page: pageCount + 50 });
    expect(last.body.courses).toHaveLength(total - (pageCount - 1) * 10);
    expect(past.body.page).toBe(pageCount);
    expect(past.body.courses).toEqual(last.body.courses);
    const second = await student.get('/api/search-courses/?page=2');
    expect(second.body.page).toBe(2);
    const firstIds = new Set((await student.get('/api/search-courses/?page=1')).body.courses.map((c: { id: number }) => c.id));
    expect(second.body.courses.some((c: { id: number }) => firstIds.has(c.id))).toBe(false);
    expect((await student.get('/api/search-courses/?page=abc')).status).toBe(400);
    expect((await filter({ page: 'x' })).status).toBe(400);
    expect((await filter({ name: 42 })).status).toBe(400);
  });

  it('finds sections from one search box: any spelling of a code, words of the name, instructor, class number; grouped by course', async () => {
    const byCode = await filter({ q: 'cop 3502c' });
    expect(byCode.status).toBe(200);
    expect(byCode.body.courses[0]).toMatchObject({ course_number: 'COP3502C', name: 'Programming Fundamentals 1' });
    const card = byCode.body.courses[0];
    expect(card.sections.length).toBeGreaterThan(1);
    expect(card.sections.every((s: { term: string }) => s.term === card.term)).toBe(true);
    // One card per course and term: no two cards of the page share both.
    const keys = byCode.body.courses.map(
      (c: { course_number: string; term: string; name: string }) => `${c.term} ${c.course_number} ${c.name}`,
    );
    expect(new Set(keys).size).toBe(keys.length);

    const section = card.sections[0];
    const instructor = section.instructors[0] as string;
    const byInstructor = await filter({ q: instructor.toUpperCase() });
    expect(
      byInstructor.body.courses.flatMap((c: { sections: { instructors: string[] }[] }) => c.sections.map((s) => s.instructors)),
    ).toEqual(expect.arrayContaining([expect.arrayContaining([instructor])]));
    const byClassNumber = await filter({ q: String(section.class_number) });
    expect(byClassNumber.body.courses).toHaveLength(1);
    expect(byClassNumber.body.courses[0].sections.map((s: { id: number }) => s.id)).toEqual([section.id]);
    expect((await filter({ q: 'programming FUNDAMENTALS 1' })).body.courses[0].course_number).toBe('COP3502C');
    expect((await filter({ q: 'x'.repeat(201) })).status).toBe(400);
  });

  it('adds my classes by class number: joined, already a member, not found in this term; refuses bad input', async () => {
    const mine = new HttpSession(app.url);
    await mine.signUp(newStudent({ firstName: 'Ada', lastName: 'Adds' }));
    const fall = (await mine.post('/api/filter-courses/', { term: 'Fall 2025' })).body.courses as {
      id: number;
      sections: { id: number; class_number: number }[];
    }[];
    // Sections of two courses.
    const [first, second] = [fall[0].sections[0], fall[1].sections[0]];
    const spring = (await mine.post('/api/filter-courses/', { term: 'Spring 2025' })).body.courses[0].sections[0];
    await mine.post('/api/insert-course-member/', { courseID: second.id });

    const add = (body: Record<string, unknown>) => mine.post('/api/insert-course-members/', body);
    const res = await add({
      term: 'Fall 2025',
      classNumbers: [first.class_number, second.class_number, 99_999, first.class_number, spring.class_number],
    });
    expect(res.status).toBe(200);
    expect(res.body.term).toBe('Fall 2025');
    expect(res.body.results.map((r: { class_number: number; result: string }) => [r.class_number, r.result])).toEqual([
      [first.class_number, 'joined'],
      [second.class_number, 'already-member'],
      [99_999, 'not-found'],
      [spring.class_number, 'not-found'],
    ]);
    expect(res.body.results[0].course).toMatchObject({ id: first.id, class_number: first.class_number });
    expect(res.body.results[2].course).toBeNull();
    // Its sections and their courses: one id space.
    expect([...res.body.user_courses_ids].sort()).toEqual([first.id, second.id, fall[0].id, fall[1].id].sort());
    expect((await mine.get('/api/dashboard/')).body.courses.map((c: { id: number }) => c.id)).toEqual([fall[1].id, fall[0].id]);
    expect((await add({ term: 'Fall 2025', classNumbers: [first.class_number] })).body.results[0].result).toBe('already-member');

    for (const bad of [
      { term: 'Fall 2025', classNumbers: [] },
      { term: 'Fall 2025', classNumbers: Array.from({ length: 21 }, (_, i) => 10_000 + i) },
      { term: 'Fall 2025', classNumbers: ['abc'] },
      { term: 'Fall 2025', classNumbers: [-1] },
      { term: 'Autumn 2025', classNumbers: [first.class_number] },
      { classNumbers: [first.class_number] },
      { term: 'Fall 2025', classNumbers: [first.class_number], userID: studentId },
    ]) {
      const refused = await add(bad);
      expect(refused.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(refused.status, JSON.stringify(bad)).toBeLessThan(500);
      expect(refused.body.error).toMatch(/^(VALIDATION_FAILED|FORBIDDEN)$/);
    }
    const visitor = new HttpSession(app.url);
    expect((await visitor.post('/api/insert-course-members/', { term: 'Fall 2025', classNumbers: [first.class_number] })).status).toBe(401);
  });

  it('joins a course for the session’s student, idempotently', async () => {
    const { courseId, sectionId } = await firstCard('COP3502C');
    const joined = await student.post('/api/insert-course-member/', { userID: studentId, courseID: sectionId });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ courseID: sectionId, isMember: true, course_id: courseId });
    expect((await student.post('/api/insert-course-member/', { courseID: String(sectionId) })).status).toBe(200);
    const dashboard = await student.get('/api/dashboard/');
    expect(dashboard.body).toMatchObject({ userId: studentId, studyGroups: [] });
    // The dashboard lists the course, with the section the student is in.
    expect(dashboard.body.courses.map((c: { id: number; sections: { id: number }[] }) => [c.id, c.sections.map((x) => x.id)])).toEqual([
      [courseId, [sectionId]],
    ]);
    expect((await student.get('/api/search-courses/')).body.userCoursesIDs).toEqual([courseId, sectionId].sort((a, b) => a - b));
  });

  it('refuses another student’s id with 403 and changes nothing', async () => {
    const { courseId: mac2311, sectionId: courseId } = await firstCard('MAC2311');
    const join = await student.post('/api/insert-course-member/', { userID: otherId, courseID: courseId });
    expect(join.status).toBe(403);
    expect(join.body).toMatchObject({ error: 'FORBIDDEN' });
    expect((await other.get('/api/dashboard/')).body.courses).toEqual([]);
    expect((await student.get('/api/dashboard/')).body.courses.map((c: { id: number }) => c.id)).not.toContain(mac2311);

    await other.post('/api/insert-course-member/', { courseID: courseId });
    const leave = await student.post('/api/delete-course-member/', { userID: otherId, courseID: courseId });
    expect(leave.status).toBe(403);
    expect((await other.get('/api/dashboard/')).body.courses.map((c: { id: number }) => c.id)).toEqual([mac2311]);
  });

  it('answers unknown and malformed course ids with 404 and 400', async () => {
    const unknown = await student.post('/api/insert-course-member/', { courseID: 99_999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
    expect((await student.post('/api/insert-course-member/', { courseID: 'abc' })).status).toBe(400);
    expect((await student.post('/api/insert-course-member/', {})).status).toBe(400);
    expect((await student.post('/api/delete-course-member/', { courseID: -1 })).status).toBe(400);
    for (const path of ['/api/course/abc/', '/api/course/0/', '/api/course/1.5/', '/api/course/99999999999/']) {
      const res = await student.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    const missing = await student.get('/api/course/99999999/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
  });

  it('shows members the classmates, and non-members only the header', async () => {
    const { courseId, sectionId } = await firstCard('COP3502C');
    const member = await student.get(`/api/course/${sectionId}/`);
    expect(member.status).toBe(200);
    // A section's id answers its course's page, as the course's own id does.
    expect((await student.get(`/api/course/${courseId}/`)).body).toEqual(member.body);
    expect(member.body).toMatchObject({
      course: { id: courseId, course_number: 'COP3502C', sections: [{ id: sectionId }] },
      userID: studentId,
      isMember: true,
      courseMessages: [],
      courseStudyGroups: [],
      userStudyGroupIDs: [],
    });
    expect(member.body.courseMembers).toEqual([
      {
        id: studentId,
        username: expect.any(String),
        first_name: 'Sam',
        last_name: 'Student',
        major: 'Computer Science',
        year: '2',
        bio: 'Hi',
        verified: false,
        sections: [
          {
            id: sectionId,
            class_number: expect.any(Number),
            section: expect.any(String),
            meet_times: expect.any(Array),
            // The delivery, as the section's own: a classmate's online section reads "Online", not "times not listed".
            sect_web: expect.any(String),
            mode: expect.any(String),
          },
        ],
      },
    ]);

    const outsider = await other.get(`/api/course/${sectionId}/`);
    expect(outsider.status).toBe(200);
    expect(outsider.body).toMatchObject({ course: { id: courseId, sections: [] }, isMember: false, courseMembers: [], courseMessages: [] });
  });

  it('leaves a course, idempotently', async () => {
    const { courseId, sectionId } = await firstCard('COP3502C');
    // The student's last section of the course: leaving it leaves the course.
    const left = await student.post('/api/delete-course-member/', { userID: studentId, courseID: sectionId });
    expect(left.body).toEqual({ courseID: sectionId, isMember: false, course_id: courseId, in_course: false });
    expect((await student.post('/api/delete-course-member/', { courseID: sectionId })).status).toBe(200);
    expect((await student.get('/api/dashboard/')).body.courses).toEqual([]);
    expect((await student.get(`/api/course/${courseId}/`)).body.isMember).toBe(false);
    // A course joined without a section is left with the course's id.
    expect((await student.post('/api/insert-course-member/', { courseID: courseId })).body).toEqual({
      courseID: courseId,
      isMember: true,
      course_id: courseId,
    });
    expect((await student.get('/api/dashboard/')).body.courses).toEqual([expect.objectContaining({ id: courseId, sections: [] })]);
    expect((await student.post('/api/delete-course-member/', { courseID: courseId })).body).toMatchObject({ in_course: false });
    expect((await student.get('/api/dashboard/')).body.courses).toEqual([]);
  });

  it('hides a section UF withdrew from search and Add my classes, and keeps it, its chat and its groups for its members', async () => {
    const catalog = catalogStore(app.server.resolve(TOKENS.CourseCatalog), app.server.resolve(TOKENS.CourseCatalogWriter));
    const synced = [31_001, 31_002].map((classNumber) =>
      sectionEntry({
        term: 'Spring 2026',
        courseNumber: 'EEL3111C',
        name: 'Circuits 1',
        classNumber,
        instructors: [`Teacher ${classNumber}`],
      }),
    );
    await catalog.upsert(synced, { source: 'uf-soc:CWSP' });
    const member = new HttpSession(app.url);
    await member.signUp(newStudent({ firstName: 'Wanda', lastName: 'Withdrawn' }));
    const [joined] = (await member.post('/api/insert-course-members/', { term: 'Spring 2026', classNumbers: [31_001] })).body.results;
    const id = joined.course.id as number;
    expect((await member.post('/api/insert-course-message/', { courseID: id, message: 'Before UF dropped it' })).status).toBe(201);
    const group = (await member.post('/api/insert-study-group/', { courseID: id, name: 'Circuits crew', description: 'Labs' })).body;

    // The sync's complete answer no longer lists 31001.
    expect(await catalog.withdrawMissing('Spring 2026', 'uf-soc:CWSP', [31_002])).toBe(1);
    expect((await filter({ q: '31001' })).body.courses).toEqual([]);
    expect(
      (await filter({ q: 'eel3111c', term: 'Spring 2026' })).body.courses.flatMap((c: { sections: { class_number: number }[] }) =>
        c.sections.map((s) => s.class_number),
      ),
    ).toEqual([31_002]);
    const again = await member.post('/api/insert-course-members/', { term: 'Spring 2026', classNumbers: [31_001] });
    expect(again.body.results).toEqual([{ class_number: 31_001, result: 'not-found', course: null }]);

    expect((await member.get('/api/dashboard/')).body.courses).toEqual([
      expect.objectContaining({
        course_number: 'EEL3111C',
        class_number: 31_001,
        sections: [expect.objectContaining({ id, withdrawn: true })],
      }),
    ]);
    const page = await member.get(`/api/course/${id}/`);
    expect(page.body).toMatchObject({
      course: { course_number: 'EEL3111C', sections: [{ id, withdrawn: true }] },
      isMember: true,
      courseStudyGroups: [{ id: group.id, name: 'Circuits crew' }],
    });
    expect(page.body.courseMessages.map((m: { message: string }) => m.message)).toEqual(['Before UF dropped it']);
    expect((await member.post('/api/insert-course-message/', { courseID: id, message: 'Still here' })).status).toBe(201);

    // Withdrawn whole, the term leaves the term select.
    await catalog.withdrawMissing('Spring 2026', 'uf-soc:CWSP', []);
    expect((await member.get('/api/search-courses/')).body.terms).toEqual(['Fall 2025', 'Summer 2025', 'Spring 2025']);
  });

  it('refuses to join a withdrawn section with 409 SECTION_WITHDRAWN and changes nothing; its members keep it and may leave', async () => {
    const catalog = catalogStore(app.server.resolve(TOKENS.CourseCatalog), app.server.resolve(TOKENS.CourseCatalogWriter));
    const sections = [32_001, 32_002].map((classNumber) =>
      sectionEntry({ term: 'Fall 2025', courseNumber: 'EEL3135', name: 'Signals and Systems', classNumber }),
    );
    await catalog.upsert(sections, { source: 'uf-soc:CWSP' });
    const [gone, kept] = await catalog.findByClassNumbers('Fall 2025', [32_001, 32_002]);
    const member = new HttpSession(app.url);
    await member.signUp(newStudent({ firstName: 'Mo', lastName: 'Member' }));
    expect((await member.post('/api/insert-course-member/', { courseID: gone.id })).status).toBe(200);
    expect(await catalog.withdrawMissing('Fall 2025', 'uf-soc:CWSP', [32_002])).toBe(1);

    const newcomer = new HttpSession(app.url);
    const newcomerId = (await newcomer.signUp(newStudent({ firstName: 'Nia', lastName: 'Newcomer' }))).body.user.id;
    const refused = await newcomer.post('/api/insert-course-member/', { userID: newcomerId, courseID: gone.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'SECTION_WITHDRAWN', message: expect.stringContaining('no longer offered') });
    expect((await newcomer.get('/api/dashboard/')).body.courses).toEqual([]);
    // The course page still answers (a shared link), as a non-member's: the header only.
    const page = await newcomer.get(`/api/course/${gone.id}/`);
    expect(page.body).toMatchObject({
      course: { id: gone.courseId, sections: [] },
      isMember: false,
      courseMembers: [],
      courseMessages: [],
    });
    expect((await newcomer.post('/api/insert-course-message/', { courseID: gone.id, message: 'Hello?' })).status).toBe(403);
    // Its sibling UF still offers is joined as ever.
    expect((await newcomer.post('/api/insert-course-member/', { courseID: kept.id })).status).toBe(200);

    // A member keeps it: joining again changes nothing, the chat still works, leaving works; then the door is closed.
    expect((await member.post('/api/insert-course-member/', { courseID: gone.id })).body).toEqual({
      courseID: gone.id,
      isMember: true,
      course_id: gone.courseId,
    });
    expect((await member.post('/api/insert-course-message/', { courseID: gone.id, message: 'Still here' })).status).toBe(201);
    expect((await member.post('/api/delete-course-member/', { courseID: gone.id })).body).toEqual({
      courseID: gone.id,
      isMember: false,
      course_id: gone.courseId,
      in_course: false,
    });
    expect((await member.post('/api/insert-course-member/', { courseID: gone.id })).status).toBe(409);
    expect((await member.get('/api/dashboard/')).body.courses).toEqual([]);
    await catalog.withdrawMissing('Fall 2025', 'uf-soc:CWSP', []);
  });

  it("lists five sections of a card with many, the student's own first, and every matching one for Show all", async () => {
    const catalog = catalogStore(app.server.resolve(TOKENS.CourseCatalog), app.server.resolve(TOKENS.CourseCatalogWriter));
    const algebra = Array.from({ length: 32 }, (_, i) =>
      sectionEntry({
        courseNumber: 'MAC1105',
        name: 'Basic College Algebra',
        classNumber: 40_001 + i,
        instructors: [i === 20 ? 'Ada Lovelace' : `Teacher ${i + 1}`],
      }),
    );
    await catalog.upsert(algebra);
    const numbers = (sections: { class_number: number }[]) => sections.map((s) => s.class_number);
    const [card] = (await filter({ q: 'mac1105' })).body.courses;
    expect(numbers(card.sections)).toEqual([40_001, 40_002, 40_003, 40_004, 40_005]);
    expect(card).toMatchObject({ class_number: 40_001, section_count: 32 });

    // Joined, a section comes first on its card (and the card's own fields are its).
    const mine = (await catalog.findByClassNumbers('Fall 2025', [40_030]))[0].id;
    await student.post('/api/insert-course-member/', { courseID: mine });
    const [again] = (await filter({ courseCode: 'MAC1105' })).body.courses;
    expect(numbers(again.sections)).toEqual([40_030, 40_001, 40_002, 40_003, 40_004]);
    expect(again).toMatchObject({ id: card.id, class_number: 40_030, section_count: 32, member_section_ids: [mine] });

    // Show all: every matching section, in the card's order, from any of its sections' ids.
    const all = await student.get(`/api/course-sections/${card.id}/?q=mac1105`);
    expect(all.status).toBe(200);
    expect(all.body.courseID).toBe(card.id);
    expect(numbers(all.body.sections)).toEqual([40_030, ...Array.from({ length: 32 }, (_, i) => 40_001 + i).filter((n) => n !== 40_030)]);
    expect(Object.keys(all.body.sections[0]).sort()).toEqual(Object.keys(card.sections[0]).sort());
    expect(
      numbers((await student.get(`/api/course-sections/${mine}/?q=lovelace&courseCode=MAC1105&term=Fall%202025`)).body.sections),
    ).toEqual([40_021]);

    // A searched class number or instructor shows that section on its card, without Show all.
    const [byNumber] = (await filter({ q: '40027' })).body.courses;
    expect(byNumber).toMatchObject({ course_number: 'MAC1105', class_number: 40_027, section_count: 1 });
    expect(numbers(byNumber.sections)).toEqual([40_027]);
    const [byInstructor] = (await filter({ q: 'algebra lovelace' })).body.courses;
    expect(numbers(byInstructor.sections)).toEqual([40_021]);

    expect((await student.get('/api/course-sections/999999/')).body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
    expect((await student.get('/api/course-sections/abc/')).status).toBe(400);
    expect((await student.get(`/api/course-sections/${card.id}/?q=a%00b`)).body).toMatchObject({ error: 'INVALID_TEXT', field: 'q' });
    expect((await new HttpSession(app.url).get(`/api/course-sections/${card.id}/`)).status).toBe(401);
    await student.post('/api/delete-course-member/', { courseID: mine });
  });
}

describeOnEveryMode('courses API', coursesApiSuite, { catalog: true });
