// Catalog search cards with many sections (a bounded first list, the student's
// own sections first, "Show all" through ListCourseSections) and joining a
// section UF withdrew, on the in-memory adapters.
import { beforeEach, describe, expect, it } from 'vitest';
import { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { AddClasses } from '@application/courses/add-classes';
import { JoinCourse } from '@application/courses/join-course';
import { ListCourseSections } from '@application/courses/list-course-sections';
import { SearchCourses } from '@application/courses/search-courses';
import { DomainError } from '@domain/errors';
import { CourseId, UserId } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { NoOpMembershipChanges } from '@tests/fakes/no-op-membership-changes';

const STUDENT = UserId(7);
// College Algebra with 30 sections on offer, 20001-20030; 20017 taught by Ada Lovelace.
const algebra = Array.from({ length: 30 }, (_, i) =>
  sectionEntry({
    courseNumber: 'MAC1105',
    name: 'Basic College Algebra',
    classNumber: 20_001 + i,
    instructors: [i === 16 ? 'Ada Lovelace' : `Teacher ${i + 1}`],
  }),
);
const sixSections = Array.from({ length: 6 }, (_, i) =>
  sectionEntry({ courseNumber: 'STA2023', name: 'Introduction to Statistics 1', classNumber: 21_001 + i }),
);

describe('search cards with many sections', () => {
  let catalog: InMemoryCourseCatalog;
  let membership: InMemoryCourseMembership;
  const idOf = async (classNumber: number) => (await catalog.findByClassNumbers('Fall 2025', [classNumber]))[0].id;
  const search = (filters: { q?: string; courseCode?: string }) =>
    new SearchCourses(catalog, membership).execute({ userId: STUDENT, page: 1, ...filters });
  const numbers = (sections: { classNumber: number }[]) => sections.map((s) => s.classNumber);

  beforeEach(async () => {
    catalog = new InMemoryCourseCatalog();
    membership = new InMemoryCourseMembership(catalog, new InMemoryUserRepository());
    await catalog.upsert([...algebra, ...sixSections]);
  });

  it('lists the first five sections of a card, by class number, and how many match', async () => {
    const [card] = (await search({ q: 'mac1105' })).courses;
    expect(numbers(card.sections)).toEqual([20_001, 20_002, 20_003, 20_004, 20_005]);
    expect(card.sectionCount).toBe(30);
    // One more than five shows them all: a "Show all" for one section would be no help.
    const [six] = (await search({ q: 'sta2023' })).courses;
    expect(numbers(six.sections)).toHaveLength(6);
    expect(six.sectionCount).toBe(6);
  });

  it("puts the student's own sections first", async () => {
    await membership.joinSections(STUDENT, [await idOf(20_027)]);
    await membership.joinSections(STUDENT, [await idOf(20_012)]);
    const [card] = (await search({ courseCode: 'MAC1105' })).courses;
    expect(numbers(card.sections)).toEqual([20_012, 20_027, 20_001, 20_002, 20_003]);
    expect(card.sectionCount).toBe(30);
  });

  it('shows the section a search names on its card: a class number, an instructor', async () => {
    const [byNumber] = (await search({ q: '20029' })).courses;
    expect(numbers(byNumber.sections)).toEqual([20_029]);
    const [byInstructor] = (await search({ q: 'algebra lovelace' })).courses;
    expect(numbers(byInstructor.sections)).toEqual([20_017]);
    expect(byInstructor.sectionCount).toBe(1);
  });

  it('lists every matching section of a card for "Show all", in the same order, never a withdrawn one', async () => {
    await membership.joinSections(STUDENT, [await idOf(20_030)]);
    await catalog.withdrawMissing(
      'Fall 2025',
      '',
      [...algebra.slice(0, 29), ...sixSections].map((s) => s.classNumber),
    );
    const list = new ListCourseSections(catalog, membership);
    const anySection = await idOf(20_003);
    const all = await list.execute({ userId: STUDENT, courseId: anySection, q: 'mac1105' });
    expect(numbers(all.sections)).toEqual(Array.from({ length: 29 }, (_, i) => 20_001 + i));
    // The card of the same search: the withdrawn 20030 (the student's) is not among its sections.
    const [card] = (await search({ q: 'mac1105' })).courses;
    expect(card.sectionCount).toBe(29);
    expect(numbers(all.sections).slice(0, 5)).toEqual(numbers(card.sections));

    expect(numbers((await list.execute({ userId: STUDENT, courseId: anySection, q: 'lovelace' })).sections)).toEqual([20_017]);
    expect(numbers((await list.execute({ userId: STUDENT, courseId: anySection, q: 'chemistry' })).sections)).toEqual([]);
    await expect(list.execute({ userId: STUDENT, courseId: CourseId(999_999) })).rejects.toMatchObject({ code: 'COURSE_NOT_FOUND' });
  });
});

describe('joining a section UF withdrew', () => {
  it('refuses a new member with SECTION_WITHDRAWN and changes nothing; a member keeps it and may leave', async () => {
    const catalog = new InMemoryCourseCatalog();
    const membership = new InMemoryCourseMembership(catalog, new InMemoryUserRepository());
    await catalog.upsert(algebra.slice(0, 2), { source: 'uf-soc:CWSP' });
    const [gone] = await catalog.findByClassNumbers('Fall 2025', [20_002]);
    const join = new JoinCourse(
      catalog,
      membership,
      new EmailVerificationPolicy(new InMemoryUserRepository(), 'optional'),
      new NoOpMembershipChanges(),
    );
    await join.execute({ actingUserId: STUDENT, courseId: gone.id });
    await catalog.withdrawMissing('Fall 2025', 'uf-soc:CWSP', [20_001]);

    const newcomer = UserId(STUDENT + 1);
    const refusal = await join.execute({ actingUserId: newcomer, courseId: gone.id }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'SECTION_WITHDRAWN', kind: 'conflict' });
    expect((refusal as Error).message).toContain('no longer offered');
    expect(await membership.isMember(newcomer, gone.courseId)).toBe(false);

    // Joining again changes nothing for a member (joining is idempotent).
    expect(await join.execute({ actingUserId: STUDENT, courseId: gone.id })).toMatchObject({
      courseId: gone.id,
      isMember: true,
      course: { id: gone.courseId },
    });
    expect(await membership.courseIdsOf(STUDENT)).toEqual([gone.courseId, gone.id].sort((a, b) => a - b));
  });

  it('Add my classes joins the numbers all or none within the sections a student may have in a term', async () => {
    const catalog = new InMemoryCourseCatalog();
    const membership = new InMemoryCourseMembership(catalog, new InMemoryUserRepository());
    await catalog.upsert(algebra);
    const verification = new EmailVerificationPolicy(new InMemoryUserRepository(), 'optional');
    const add = (classNumbers: number[]) =>
      new AddClasses(catalog, membership, verification, new NoOpMembershipChanges()).execute({
        actingUserId: STUDENT,
        term: 'Fall 2025',
        classNumbers,
      });
    const outcomes = async (classNumbers: number[]) => (await add(classNumbers)).results.map((r) => r.outcome);
    expect(await outcomes([20_001, 20_002, 20_003, 20_004, 20_005, 20_006, 20_007, 20_008, 20_009, 20_010])).toEqual(
      Array(10).fill('joined'),
    );
    await expect(add([20_011, 20_012, 20_013])).rejects.toMatchObject({ code: 'TOO_MANY_SECTIONS', kind: 'conflict' });
    expect((await membership.coursesOf(STUDENT)).flatMap((c) => c.sections)).toHaveLength(10);
    expect(await outcomes([20_001, 99_999, 20_011, 20_012])).toEqual(['already-member', 'not-found', 'joined', 'joined']);
    const join = new JoinCourse(catalog, membership, verification, new NoOpMembershipChanges());
    const [thirteenth] = await catalog.findByClassNumbers('Fall 2025', [20_013]);
    await expect(join.execute({ actingUserId: STUDENT, courseId: thirteenth.id })).rejects.toMatchObject({ code: 'TOO_MANY_SECTIONS' });
  });
});
