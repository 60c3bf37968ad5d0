// The embedded default on a fresh data folder with the shipped snapshot (as
// `npm start` on a clean clone): the search panel's examples find what they
// promise, every course the snapshot lists is there (thousands, most without
// sections), and the catalog says which it is and how old.
import { expect, it } from 'vitest';
import { TOKENS } from '@application/ports/tokens';
import { SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { SEARCH_EXAMPLES } from '@web/features/courses/search-examples';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

function shippedCatalogSuite(app: TestApp) {
  it("finds a section for each of the search panel's examples", async () => {
    const student = new HttpSession(app.url);
    await student.signUp(newStudent());
    const searches = [...SEARCH_EXAMPLES.q.map((q) => ({ q })), { name: SEARCH_EXAMPLES.name }, { courseCode: SEARCH_EXAMPLES.courseCode }];
    for (const search of searches) {
      const found = await student.post('/api/filter-courses/', search);
      expect(found.status, JSON.stringify(search)).toBe(200);
      // A course-level record matching is not enough: the example promises a section.
      expect(
        found.body.courses.some((c: { section_count: number }) => c.section_count > 0),
        JSON.stringify(search),
      ).toBe(true);
    }
    // Dorr and 26564 are one real section: Bonnie Dorr's Natural Language Processing, Fall 2025.
    const dorr = await student.post('/api/filter-courses/', { q: '26564' });
    expect(dorr.body.courses[0]).toMatchObject({ course_number: 'CAI6307', term: 'Fall 2025' });
  });

  it('lists every course of the snapshot: thousands, most of them without sections', async () => {
    const student = new HttpSession(app.url);
    await student.signUp(newStudent());
    const all = await student.post('/api/filter-courses/', {});
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(4_000);
    expect(all.body.pageCount).toBe(Math.ceil(all.body.total / 10));
    // The snapshot's Fall 2025 sections are graduate CISE and ECE ones: Programming Fundamentals 1 is listed from its course-level record, without sections.
    const fall = await student.post('/api/filter-courses/', { courseCode: 'cop3502c', term: 'Fall 2025' });
    expect(fall.body).toMatchObject({ total: 1, user_courses_ids: [] });
    expect(fall.body.courses).toEqual([
      expect.objectContaining({
        course_number: 'COP3502C',
        name: 'Programming Fundamentals 1',
        term: 'Fall 2025',
        credits: '4',
        sections_published: false,
        sections_on_offer: 0,
        sections: [],
        section_count: 0,
        class_number: null,
        member_section_ids: [],
      }),
    ]);
    expect(fall.body.courses[0].description).toMatch(/^First course of a two-semester introductory sequence/);
    // Found by the words of its name too, in each term the snapshot lists it (Summer 2025 has course-level records only).
    const byName = await student.post('/api/filter-courses/', { q: 'programming fundamentals 1' });
    expect(byName.body.courses.map((c: { course_number: string; term: string }) => `${c.course_number} ${c.term}`)).toEqual([
      'COP3502C Fall 2025',
      'COP3502C Summer 2025',
      'COP3502C Spring 2025',
    ]);
    // A course with sections is one card with them, under the course's own id.
    const nlp = await student.post('/api/filter-courses/', { courseCode: 'CAI6307', term: 'Fall 2025' });
    expect(nlp.body.courses).toHaveLength(1);
    expect(nlp.body.courses[0]).toMatchObject({ sections_published: true, class_number: 26564, section_count: 1 });
    expect(nlp.body.courses[0].id).not.toBe(nlp.body.courses[0].sections[0].id);
  });

  it('says it holds the shipped snapshot and its date, then the last sync once one has finished', async () => {
    const visitor = new HttpSession(app.url);
    const shipped = await visitor.get('/api/catalog-status/');
    expect(shipped.status).toBe(200);
    expect(shipped.body).toEqual({
      source: 'snapshot',
      description: "Shipped snapshot of UF's Schedule of Courses (Spring 2025, Summer 2025, Fall 2025), built 2025-10-18",
      date: '2025-10-18',
    });

    const state = app.server.resolve(TOKENS.CatalogSyncState);
    await state.finish(await state.start('Fall 2025', 'CWSP'));
    // A run that has not finished does not count.
    await state.start('Spring 2026', 'CWSP');
    const today = new Date().toISOString().slice(0, 10);
    expect((await visitor.get('/api/catalog-status/')).body).toEqual({
      source: 'sync',
      description: `UF Schedule of Courses, Fall 2025, synced ${today}`,
      date: today,
    });
  });
}

describeOnEveryMode('the shipped catalog', shippedCatalogSuite, {
  catalog: true,
  env: { CATALOG_FILE: SHIPPED_CATALOG },
});
