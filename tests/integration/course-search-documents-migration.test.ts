// The migration that gives every listed course a search row (its search
// document: the words of its sections on offer, or its own search text), on a
// catalog written the way the version before it wrote it: courses with
// sections, one whose sections were all withdrawn, and a course-level record
// without sections. After it the search finds each course as it did before
// (one word, several words in one section, never a withdrawn section), a
// write keeps the rows, and it rolls back.
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { toCourseQuery, type CourseFilters } from '@domain/course/course-search';
import { sectionEntry } from '@tests/support/catalog-entries';
import { knexCatalog } from '@tests/support/catalog-store';
import { describeMigration } from '@tests/support/migration-databases';

describeMigration('course search documents migration', '20261207000000_course_search_documents', (database) => {
  it('gives each listed course its search row, finds what the sections held, and rolls back', async () => {
    const db = database();
    const course = async (code: string, name: string, fields: Record<string, unknown> = {}) =>
      (
        await db('catalog_courses')
          .insert({ term: 'Fall 2025', term_rank: 20258, course_number: code, name, search_text: '', ...fields })
          .returning('id')
      )[0].id as number;
    const section = async (courseId: number, code: string, name: string, classNumber: number, instructors: string[], withdrawn = false) =>
      db('courses').insert({
        term: 'Fall 2025',
        term_rank: 20258,
        class_number: classNumber,
        course_number: code,
        name,
        department: 'Computer & Information Science & Engineering',
        instructors: JSON.stringify(instructors),
        course_group_id: courseId,
        search_text: `${code} ${name} ${instructors.join(' ')} computer & information science & engineering ${classNumber}`.toLowerCase(),
        withdrawn_at: withdrawn ? new Date() : null,
      });
    const cop = await course('COP3502C', 'Programming Fundamentals 1', { active_sections: 2 });
    await section(cop, 'COP3502C', 'Programming Fundamentals 1', 11001, ['Morgan Ellis']);
    await section(cop, 'COP3502C', 'Programming Fundamentals 1', 11002, ['Avery Santos']);
    await section(cop, 'COP3502C', 'Programming Fundamentals 1', 11003, ['Quinn Withdrawn'], true);
    const gone = await course('COP3503C', 'Programming Fundamentals 2', { active_sections: 0 });
    await section(gone, 'COP3503C', 'Programming Fundamentals 2', 11004, ['Morgan Ellis'], true);
    const record = await course('CAP4641', 'Natural Language Processing', {
      sections_published: false,
      department: 'Computer Science',
      search_text: 'cap4641 natural language processing computer science',
    });

    await db.migrate.up({ migrationSource });
    const rows = await db('catalog_course_search').orderBy('id').select('id', 'course_number', 'sectioned', 'doc');
    expect(rows.map((r) => [r.id, r.course_number, r.sectioned])).toEqual([
      [cop, 'COP3502C', true],
      [record, 'CAP4641', false],
    ]);
    const doc = rows[0].doc.split(' ');
    expect(doc).toEqual([...new Set(doc)]);
    expect(doc).toEqual(expect.arrayContaining(['cop3502c', 'ellis', 'santos', '11001', '11002', 'information']));
    expect(doc).not.toContain('withdrawn');
    expect(rows[1].doc).toBe('cap4641 natural language processing computer science');

    const catalog = knexCatalog(db);
    const cards = async (filters: CourseFilters) =>
      (await catalog.search(toCourseQuery(filters), 1)).courses.map(
        (c) => `${c.courseNumber}#${c.sections.map((s) => s.classNumber).join('+')}`,
      );
    expect(await cards({ q: 'santos' })).toEqual(['COP3502C#11002']);
    expect(await cards({ q: 'ellis programming' })).toEqual(['COP3502C#11001']);
    expect(await cards({ q: 'ellis santos' })).toEqual([]);
    expect(await cards({ q: 'withdrawn' })).toEqual([]);
    expect(await cards({ q: 'language' })).toEqual(['CAP4641#']);
    expect(await cards({ q: 'fundamentals' })).toEqual(['COP3502C#11001+11002']);
    expect(await catalog.count(toCourseQuery({ q: 'computer' }))).toBe(2);

    // A write keeps the rows: the withdrawn course's section comes back, the record gets a section.
    await catalog.upsert([
      sectionEntry({
        courseNumber: 'COP3503C',
        name: 'Programming Fundamentals 2',
        term: 'Fall 2025',
        classNumber: 11004,
        instructors: ['Riley Back'],
      }),
      sectionEntry({
        courseNumber: 'CAP4641',
        name: 'Natural Language Processing',
        term: 'Fall 2025',
        classNumber: 11005,
        instructors: ['Sam Parse'],
      }),
    ]);
    expect(await cards({ q: 'riley' })).toEqual(['COP3503C#11004']);
    expect(await cards({ q: 'parse language' })).toEqual(['CAP4641#11005']);
    expect(Number((await db('catalog_course_search').count({ n: '*' }).first())!.n)).toBe(3);

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasTable('catalog_course_search')).toBe(false);
    const { rows: indexes }: { rows: { indexname: string }[] } = await db.raw(
      `select indexname from pg_indexes where indexname in ('courses_search_text_trgm', 'catalog_courses_search_text_trgm') order by indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(['catalog_courses_search_text_trgm', 'courses_search_text_trgm']);
  });
});
