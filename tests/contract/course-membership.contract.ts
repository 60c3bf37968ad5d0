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

    it('joins idempotently and reports membership', async () => {
      const { membership } = world;
      expect(await membership.isMember(alice.id, courseIds[0])).toBe(false);
      await membership.join(alice.id, courseIds[0]);
      await membership.join(alice.id, courseIds[0]);
      expect(await membership.isMember(alice.id, courseIds[0])).toBe(true);
      expect(await membership.courseIdsOf(alice.id)).toEqual([courseIds[0]]);
      expect(await membership.isMember(bob.id, courseIds[0])).toBe(false);
    });

    it('lists a student’s courses in the order joined', async () => {
      const { membership } = world;
      await membership.join(bob.id, courseIds[2]);
      await membership.join(bob.id, courseIds[0]);
      await membership.join(bob.id, courseIds[1]);
      expect((await membership.coursesOf(bob.id)).map((c) => c.id)).toEqual([courseIds[2], courseIds[0], courseIds[1]]);
      expect(await membership.courseIdsOf(bob.id)).toEqual([...courseIds.slice(0, 3)].sort((a, b) => a - b));
    });

    it('lists classmates with their public profile only', async () => {
      const members = await world.membership.membersOf(courseIds[0]);
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
        },
      ]);
      expect(JSON.stringify(members)).not.toMatch(/email|password/i);
    });

    it('leaves idempotently', async () => {
      const { membership } = world;
      await membership.leave(bob.id, courseIds[0]);
      await membership.leave(bob.id, courseIds[0]);
      expect(await membership.isMember(bob.id, courseIds[0])).toBe(false);
      expect((await membership.coursesOf(bob.id)).map((c) => c.id)).toEqual([courseIds[2], courseIds[1]]);
      expect((await membership.membersOf(courseIds[0])).map((m) => m.id)).toEqual([alice.id]);
    });

    it(`joins ${SECTIONS_PER_TERM} sections of a term and refuses one more, with nothing written`, async () => {
      const { membership } = world;
      const { fall, spring } = await termSections();
      const student = await fresh();
      for (const id of fall.slice(0, SECTIONS_PER_TERM)) await membership.join(student.id, id);
      expect(await refusal(membership.join(student.id, fall[SECTIONS_PER_TERM]))).toBe('TOO_MANY_SECTIONS');
      expect(await membership.isMember(student.id, fall[SECTIONS_PER_TERM])).toBe(false);
      // Joining one again is no join; another term counts apart.
      await membership.join(student.id, fall[0]);
      await membership.join(student.id, spring);
      expect(await membership.courseIdsOf(student.id)).toHaveLength(SECTIONS_PER_TERM + 1);
    });

    it('joins a list all or none, skipping sections already joined and ids that name none', async () => {
      const { membership } = world;
      const { fall } = await termSections();
      const student = await fresh();
      expect(await membership.joinAll(student.id, fall.slice(0, 10))).toEqual(fall.slice(0, 10));
      expect(await refusal(membership.joinAll(student.id, fall.slice(9, 13)))).toBe('TOO_MANY_SECTIONS');
      expect(await membership.courseIdsOf(student.id)).toEqual([...fall.slice(0, 10)].sort((a, b) => a - b));
      expect(await membership.joinAll(student.id, [fall[11], fall[0], CourseId(9_999_999), fall[10], fall[11]])).toEqual([
        fall[11],
        fall[10],
      ]);
      expect((await membership.coursesOf(student.id)).map((c) => c.id).slice(-2)).toEqual([fall[11], fall[10]]);
      expect(await membership.joinAll(student.id, [])).toEqual([]);
    });

    it('lets no parallel burst of joins past the limit', async () => {
      const { membership } = world;
      const { fall } = await termSections();
      const student = await fresh();
      const outcomes = await Promise.all(fall.map((id) => refusal(membership.join(student.id, id))));
      expect(outcomes.filter((o) => o === null)).toHaveLength(SECTIONS_PER_TERM);
      expect(outcomes.filter((o) => o === 'TOO_MANY_SECTIONS')).toHaveLength(fall.length - SECTIONS_PER_TERM);
      expect(await membership.courseIdsOf(student.id)).toHaveLength(SECTIONS_PER_TERM);
    });
  });
}
