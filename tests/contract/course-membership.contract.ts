// One behaviour for every CourseMembership adapter.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseCatalog } from '../../application/ports/course-catalog';
import type { CourseMembership } from '../../application/ports/course-membership';
import type { UserRepository } from '../../application/ports/user-repository';
import type { User } from '../../domain/user/user';
import { toCourseQuery } from '../../domain/course/course-search';
import { CATALOG_FIXTURE } from './course-catalog.contract';

export interface MembershipWorld {
  membership: CourseMembership;
  catalog: CourseCatalog;
  users: UserRepository;
}

export function courseMembershipContract(makeWorld: () => Promise<MembershipWorld>) {
  describe('CourseMembership contract', () => {
    let world: MembershipWorld;
    let alice: User;
    let bob: User;
    let courseIds: number[];

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
    });

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
        { id: alice.id, username: alice.username, firstName: alice.username, lastName: 'Gator', major: 'Zoology', year: '2', bio: `I am ${alice.username}`, verified: false },
        { id: bob.id, username: bob.username, firstName: bob.username, lastName: 'Gator', major: 'Zoology', year: '2', bio: `I am ${bob.username}`, verified: false },
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
  });
}
