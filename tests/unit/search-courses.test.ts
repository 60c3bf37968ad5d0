// Search cards as courses (issue 24): a card is its course (the course's id and
// fields), a course the catalog lists without sections has a card without
// any, and each card says which of the course's sections are the student's,
// whether the search lists them or not; and the wire's search card.
import { beforeEach, describe, expect, it } from 'vitest';
import type { CourseMembership } from '@application/ports/course-membership';
import { SearchCourses } from '@application/courses/search-courses';
import { resultPageToWire } from '@adapters/http/wire';
import { UserId, type CourseId as CourseIdType } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';

const STUDENT = UserId(7);

/** The two reads a search makes of the membership: a student's sections and courses (one id space), and their sections with their courses. */
class Memberships implements Pick<CourseMembership, 'courseIdsOf' | 'sectionIdsOf'> {
  readonly joined: { courseId: CourseIdType; sectionId: CourseIdType | null }[] = [];
  asked = 0;

  async courseIdsOf(): Promise<CourseIdType[]> {
    const ids = this.joined.flatMap((m) => (m.sectionId === null ? [m.courseId] : [m.courseId, m.sectionId]));
    return [...new Set(ids)].sort((a, b) => a - b);
  }

  async sectionIdsOf(): Promise<{ id: CourseIdType; courseId: CourseIdType }[]> {
    this.asked += 1;
    return this.joined.flatMap((m) => (m.sectionId === null ? [] : [{ id: m.sectionId, courseId: m.courseId }]));
  }
}

describe('search cards as courses', () => {
  let catalog: InMemoryCourseCatalog;
  let memberships: Memberships;
  const search = (filters: { q?: string; courseCode?: string; term?: string }) =>
    new SearchCourses(catalog, memberships).execute({ userId: STUDENT, page: 1, ...filters });
  const idOf = async (classNumber: number) => (await catalog.findByClassNumbers('Fall 2025', [classNumber]))[0].id;

  beforeEach(async () => {
    catalog = new InMemoryCourseCatalog();
    memberships = new Memberships();
    await catalog.upsert(
      Array.from({ length: 8 }, (_, i) =>
        sectionEntry({
          courseNumber: 'MAC1105',
          name: 'Basic College Algebra',
          classNumber: 20_001 + i,
          description: 'Algebra.',
          department: 'Mathematics',
          credits: '3',
          instructors: [i === 6 ? 'Ada Lovelace' : `Teacher ${i + 1}`],
        }),
      ),
    );
    await catalog.upsertCourses([
      {
        term: 'Fall 2025',
        courseNumber: 'AST1002',
        name: 'Discovering the Universe',
        description: 'Stars.',
        credits: '3',
        department: '',
        ufCourseId: '',
      },
    ]);
  });

  it('gives a course without sections a card of its own: the course, no sections, none matching', async () => {
    const { courses, total } = await search({ q: 'universe' });
    expect(total).toBe(1);
    expect(courses[0]).toMatchObject({
      courseNumber: 'AST1002',
      description: 'Stars.',
      sectionsPublished: false,
      sectionsOnOffer: 0,
      sections: [],
      sectionCount: 0,
      memberSectionIds: [],
    });
    expect(await catalog.findById(courses[0].id)).toBeNull();
    expect(memberships.asked).toBe(0);
  });

  it("names the student's sections of a card's course, those the search does not list as well, in the order joined", async () => {
    const [card] = (await search({ courseCode: 'MAC1105' })).courses;
    memberships.joined.push({ courseId: card.id, sectionId: await idOf(20_008) }, { courseId: card.id, sectionId: await idOf(20_002) });
    // Lovelace teaches 20007 only: the card lists it alone, and still knows the student is in 20008 and 20002.
    const [byInstructor] = (await search({ q: 'algebra lovelace' })).courses;
    expect(byInstructor.sections.map((s) => s.classNumber)).toEqual([20_007]);
    expect(byInstructor.memberSectionIds).toEqual([await idOf(20_008), await idOf(20_002)]);
    // The student's own sections come first on the card.
    const [all] = (await search({ courseCode: 'MAC1105' })).courses;
    expect(all.sections.map((s) => s.classNumber)).toEqual([20_002, 20_008, 20_001, 20_003, 20_004]);
    expect(all).toMatchObject({ id: card.id, sectionCount: 8, sectionsOnOffer: 8, sectionsPublished: true });
    // The student's sections are read once per page that shows a course of theirs, not once per card.
    expect(memberships.asked).toBe(2);
  });

  it('answers a member of a course without sections with none of its sections', async () => {
    const [ast] = (await search({ courseCode: 'AST1002' })).courses;
    memberships.joined.push({ courseId: ast.id, sectionId: null });
    const result = await search({ courseCode: 'AST1002' });
    expect(result.userCourseIds).toEqual([ast.id]);
    expect(result.courses[0].memberSectionIds).toEqual([]);
  });

  it('puts the course on the wire: its own id and fields, the class number of the first listed section or null', async () => {
    const [algebra] = (await search({ courseCode: 'MAC1105' })).courses;
    memberships.joined.push({ courseId: algebra.id, sectionId: await idOf(20_003) });
    const wire = resultPageToWire(await search({ q: 'algebra lovelace' }));
    expect(wire).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(wire.courses[0]).toEqual({
      id: algebra.id,
      term: 'Fall 2025',
      course_number: 'MAC1105',
      name: 'Basic College Algebra',
      description: 'Algebra.',
      credits: '3',
      department: 'Mathematics',
      uf_course_id: '',
      sections_on_offer: 8,
      sections_published: true,
      class_number: 20_007,
      sections: [expect.objectContaining({ id: await idOf(20_007), class_number: 20_007, instructors: ['Ada Lovelace'] })],
      section_count: 1,
      member_section_ids: [await idOf(20_003)],
    });
    const [universe] = resultPageToWire(await search({ q: 'universe' })).courses;
    expect(universe).toMatchObject({
      course_number: 'AST1002',
      class_number: null,
      sections: [],
      section_count: 0,
      sections_on_offer: 0,
      sections_published: false,
      member_section_ids: [],
    });
  });
});
