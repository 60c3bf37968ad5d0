// One behaviour for every CourseMembership adapter.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseMembership } from '@application/ports/course-membership';
import type { UserRepository } from '@application/ports/user-repository';
import { CourseId } from '@domain/ids';
import type { User } from '@domain/user/user';
import { toCourseQuery } from '@domain/course/course-search';
import { SECTIONS_PER_TERM } from '@domain/course/section-quota';
import { DomainError } from '@domain/errors';
import { CATALOG_FIXTURE } from './course-catalog.contract';
import type { CatalogStore } from '@tests/support/catalog-store';

export interface MembershipWorld {
  membership: CourseMembership;
  catalog: CatalogStore;
  users: UserRepository;
}

export function courseMembershipContract(makeWorld: () => Promise<MembershipWorld>) {
  describe('CourseMembership contract', () => {
    let world: MembershipWorld;
    let alice: User;
    let bob: User;
    let courseIds: CourseId[];

    beforeAll(async () => {
      world = await makeWorld();
      await world.catalog.upsert(CATALOG_FIXTURE.slice(0, 4));
      courseIds = (await world.catalog.search(toCourseQuery({}), 1)).courses.flatMap((c) => c.sections.map((s) => s.id));
      const make = async (username: string) => {
        const result = await world.users.create({
          firstName: username,
          lastName: 'Gator',
          username,
          email: `${username}@ufl.edu`,
          major: 'Zoology',
          year: '2',
          bio: `I am ${username}`,
          passwordHash: 'x',
        });
        if (!result.created) throw new Error('user not created');
        return result.user;
      };
      alice = await make(`alice${Date.now() % 100000}`);
      bob = await make(`bob${Date.now() % 100000}`);
      makeStudent = make;
    });

    let makeStudent: (username: string) => Promise<User>;
    let made = 0;
    const fresh = () => makeStudent(`term${(made += 1)}_${Date.now() % 100000}`);

    /** Sections of Fall 2025 (the fixture's 14 ZOO sections) and one of Spring 2025. */
    const termSections = async () => {
      await world.catalog.upsert(CATALOG_FIXTURE.slice(4));
      const fall = await world.catalog.findByClassNumbers(
        'Fall 2025',
        Array.from({ length: 14 }, (_, i) => 12000 + i),
      );
      const [spring] = await world.catalog.findByClassNumbers('Spring 2025', [21002]);
      return { fall: fall.sort((a, b) => a.classNumber - b.classNumber).map((c) => c.id), spring: spring.id };
    };

    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof DomainError ? error.code : error),
      );

    /** The fixture's first four sections: COP3502C Fall 2025 (two), COP3502C Spring 2025, COP3503C Fall 2025. */
    const fixture = async () => {
      const [s1, s2, s3, s4] = await Promise.all(courseIds.map((id) => world.catalog.findById(id)));
      return { s1: s1!, s2: s2!, s3: s3!, s4: s4! };
    };
    const sectionsOf = async (userId: User['id']) => (await world.membership.coursesOf(userId)).flatMap((c) => c.sections.map((s) => s.id));

    it('joins a section and its course, idempotently', async () => {
      const { membership } = world;
      const { s1 } = await fixture();
      expect(await membership.isMember(alice.id, s1.courseId)).toBe(false);
      expect(await membership.joinSections(alice.id, [s1.id])).toEqual([s1.id]);
      expect(await membership.joinSections(alice.id, [s1.id])).toEqual([]);
      expect(await membership.isMember(alice.id, s1.courseId)).toBe(true);
      expect(await membership.sectionIdsIn(alice.id, s1.courseId)).toEqual([s1.id]);
      // One id space: the course's id and the section's.
      expect(await membership.courseIdsOf(alice.id)).toEqual([s1.courseId, s1.id].sort((a, b) => a - b));
      expect(await membership.isMember(bob.id, s1.courseId)).toBe(false);
    });

    it('counts a second section of a course as the same course', async () => {
      const { membership } = world;
      const { s1, s2 } = await fixture();
      expect(s2.courseId).toBe(s1.courseId);
      await membership.joinSections(alice.id, [s2.id]);
      const courses = await membership.coursesOf(alice.id);
      expect(courses.map((c) => [c.course.id, c.sections.map((s) => s.id)])).toEqual([[s1.courseId, [s1.id, s2.id]]]);
      expect(courses[0].course).toMatchObject({ courseNumber: 'COP3502C', term: 'Fall 2025', sectionsPublished: true });
    });

    it('joins a course without naming a section, idempotently', async () => {
      const { membership } = world;
      const { s4 } = await fixture();
      await membership.joinCourse(bob.id, s4.courseId);
      await membership.joinCourse(bob.id, s4.courseId);
      expect(await membership.isMember(bob.id, s4.courseId)).toBe(true);
      expect(await membership.sectionIdsIn(bob.id, s4.courseId)).toEqual([]);
      expect((await membership.coursesOf(bob.id)).map((c) => [c.course.id, c.sections])).toEqual([[s4.courseId, []]]);
    });

    it('lists a student’s courses in the order joined', async () => {
      const { membership } = world;
      const { s1, s3, s4 } = await fixture();
      await membership.joinSections(bob.id, [s3.id]);
      await membership.joinSections(bob.id, [s1.id]);
      expect((await membership.coursesOf(bob.id)).map((c) => c.course.id)).toEqual([s4.courseId, s3.courseId, s1.courseId]);
    });

    it('reads a student’s sections in one go: of one course, whole; of every course, with their course', async () => {
      const { membership } = world;
      const { s1, s2, s3, s4 } = await fixture();
      expect(await membership.sectionsIn(alice.id, s1.courseId)).toEqual([s1, s2]);
      expect(await membership.sectionsIn(bob.id, s4.courseId)).toEqual([]);
      expect(await membership.sectionsIn(bob.id, s1.courseId)).toEqual([s1]);
      expect(await membership.sectionIdsOf(bob.id)).toEqual([
        { id: s3.id, courseId: s3.courseId },
        { id: s1.id, courseId: s1.courseId },
      ]);
      expect(await membership.sectionIdsOf(alice.id)).toEqual([
        { id: s1.id, courseId: s1.courseId },
        { id: s2.id, courseId: s2.courseId },
      ]);
    });

    it('lists the classmates of every section with their public profile and their sections', async () => {
      const { s1, s2 } = await fixture();
      const members = await world.membership.membersOf(s1.courseId);
      const brief = (s: typeof s1) => ({
        id: s.id,
        classNumber: s.classNumber,
        section: s.section,
        meetTimes: s.meetTimes,
        sectWeb: s.sectWeb,
        mode: s.mode,
      });
      expect(members).toEqual([
        {
          id: alice.id,
          username: alice.username,
          firstName: alice.username,
          lastName: 'Gator',
          major: 'Zoology',
          year: '2',
          bio: `I am ${alice.username}`,
          verified: false,
          sections: [brief(s1), brief(s2)],
        },
        {
          id: bob.id,
          username: bob.username,
          firstName: bob.username,
          lastName: 'Gator',
          major: 'Zoology',
          year: '2',
          bio: `I am ${bob.username}`,
          verified: false,
          sections: [brief(s1)],
        },
      ]);
      expect(JSON.stringify(members)).not.toMatch(/email|password/i);
    });

    it('leaves a section idempotently, and a course with every section of it', async () => {
      const { membership } = world;
      const { s1, s2, s3, s4 } = await fixture();
      await membership.leaveSection(alice.id, s1.id);
      await membership.leaveSection(alice.id, s1.id);
      expect(await membership.sectionIdsIn(alice.id, s1.courseId)).toEqual([s2.id]);
      expect(await membership.isMember(alice.id, s1.courseId)).toBe(true);
      await membership.leaveCourse(alice.id, s1.courseId);
      await membership.leaveCourse(alice.id, s1.courseId);
      expect(await membership.isMember(alice.id, s1.courseId)).toBe(false);
      expect(await membership.sectionIdsIn(alice.id, s1.courseId)).toEqual([]);
      expect((await membership.membersOf(s1.courseId)).map((m) => m.id)).toEqual([bob.id]);
      // Bob's other courses stay.
      expect((await membership.coursesOf(bob.id)).map((c) => c.course.id)).toEqual([s4.courseId, s3.courseId, s1.courseId]);
    });

    it(`joins ${SECTIONS_PER_TERM} sections of a term and refuses one more, with nothing written`, async () => {
      const { membership } = world;
      const { fall, spring } = await termSections();
      const student = await fresh();
      for (const id of fall.slice(0, SECTIONS_PER_TERM)) await membership.joinSections(student.id, [id]);
      expect(await refusal(membership.joinSections(student.id, [fall[SECTIONS_PER_TERM]]))).toBe('TOO_MANY_SECTIONS');
      expect(await sectionsOf(student.id)).not.toContain(fall[SECTIONS_PER_TERM]);
      expect(await membership.coursesOf(student.id)).toHaveLength(SECTIONS_PER_TERM);
      // Joining one again is no join; another term counts apart.
      await membership.joinSections(student.id, [fall[0]]);
      await membership.joinSections(student.id, [spring]);
      expect(await sectionsOf(student.id)).toHaveLength(SECTIONS_PER_TERM + 1);
    });

    it('joins a list all or none, skipping sections already joined and ids that name none', async () => {
      const { membership } = world;
      const { fall } = await termSections();
      const student = await fresh();
      expect(await membership.joinSections(student.id, fall.slice(0, 10))).toEqual(fall.slice(0, 10));
      expect(await refusal(membership.joinSections(student.id, fall.slice(9, 13)))).toBe('TOO_MANY_SECTIONS');
      expect(await sectionsOf(student.id)).toEqual(fall.slice(0, 10));
      expect(await membership.joinSections(student.id, [fall[11], fall[0], CourseId(9_999_999), fall[10], fall[11]])).toEqual([
        fall[11],
        fall[10],
      ]);
      expect((await membership.coursesOf(student.id)).map((c) => c.sections[0].id).slice(-2)).toEqual([fall[11], fall[10]]);
      expect(await membership.joinSections(student.id, [])).toEqual([]);
    });

    it('lets no parallel burst of joins past the limit', async () => {
      const { membership } = world;
      const { fall } = await termSections();
      const student = await fresh();
      const outcomes = await Promise.all(fall.map((id) => refusal(membership.joinSections(student.id, [id]))));
      expect(outcomes.filter((o) => o === null)).toHaveLength(SECTIONS_PER_TERM);
      expect(outcomes.filter((o) => o === 'TOO_MANY_SECTIONS')).toHaveLength(fall.length - SECTIONS_PER_TERM);
      expect(await sectionsOf(student.id)).toHaveLength(SECTIONS_PER_TERM);
    });
  });
}
