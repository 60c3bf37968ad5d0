// The embedded default on a fresh data folder with the shipped snapshot (as
// `npm start` on a clean clone): the search panel's examples find what they
// promise, and the catalog says which it is and how old.
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
      expect(found.body.total, JSON.stringify(search)).toBeGreaterThan(0);
    }
    // Dorr and 26564 are one real section: Bonnie Dorr's Natural Language Processing, Fall 2025.
    const dorr = await student.post('/api/filter-courses/', { q: '26564' });
    expect(dorr.body.courses[0]).toMatchObject({ course_number: 'CAI6307', term: 'Fall 2025' });
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
