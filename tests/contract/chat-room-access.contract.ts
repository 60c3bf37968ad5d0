// One behaviour for every ChatRoomAccess adapter (and the in-process cache in
// front of one): who may read and post in a course or study-group chat.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { UserRepository } from '@application/ports/user-repository';
import { toCourseQuery } from '@domain/course/course-search';
import type { CourseId, StudyGroupId, UserId } from '@domain/ids';
import { sectionEntry } from '@tests/support/catalog-entries';
import type { CatalogStore } from '@tests/support/catalog-store';

export interface RoomAccessWorld {
  access: ChatRoomAccess;
  catalog: CatalogStore;
  membership: CourseMembership;
  users: UserRepository;
  /** Told of every join and leave, as the course and study-group use cases tell it. */
  changes: MembershipChanges;
  addGroup(courseId: CourseId, ownerId: UserId): Promise<StudyGroupId>;
  joinGroup(groupId: StudyGroupId, userId: UserId): Promise<void>;
  leaveGroup(groupId: StudyGroupId, userId: UserId): Promise<void>;
}

let serial = 0;

export function chatRoomAccessContract(makeWorld: () => Promise<RoomAccessWorld>) {
  describe('ChatRoomAccess contract', () => {
    let world: RoomAccessWorld;

    beforeAll(async () => {
      world = await makeWorld();
    });

    async function student(): Promise<UserId> {
      serial += 1;
      const username = `access${process.pid % 1000}x${serial}`;
      const result = await world.users.create({
        firstName: 'Ali',
        lastName: 'Gator',
        username,
        email: `${username}@ufl.edu`,
        major: 'Zoology',
        year: '1',
        bio: '',
        passwordHash: 'x',
      });
      if (!result.created) throw new Error('student not created');
      return result.user.id;
    }

    async function course(): Promise<CourseId> {
      serial += 1;
      const code = `CHT${1000 + serial}`;
      await world.catalog.upsert([sectionEntry({ courseNumber: code, name: 'Chat Studies', classNumber: 90000 + serial })]);
      return (await world.catalog.search(toCourseQuery({ courseCode: code }), 1)).courses[0].sections[0].courseId;
    }

    async function joinCourse(userId: UserId, courseId: CourseId) {
      await world.membership.joinCourse(userId, courseId);
      await world.changes.joined(userId, { kind: 'course', id: courseId });
    }

    async function leaveCourse(userId: UserId, courseId: CourseId) {
      await world.membership.leaveCourse(userId, courseId);
      await world.changes.left(userId, { kind: 'course', id: courseId });
    }

    it('lets course members in, and tells others apart from a course that does not exist', async () => {
      const [courseId, member, outsider] = [await course(), await student(), await student()];
      await world.membership.joinCourse(member, courseId);
      expect(await world.access.check(member, { kind: 'course', id: courseId })).toBe('member');
      expect(await world.access.check(outsider, { kind: 'course', id: courseId })).toBe('not-member');
      expect(await world.access.check(member, { kind: 'course', id: 99_999_999 })).toBe('no-room');
    });

    it('lets a student in as soon as they join, and out as soon as they leave', async () => {
      const [courseId, later] = [await course(), await student()];
      const room = { kind: 'course' as const, id: courseId };
      expect(await world.access.check(later, room)).toBe('not-member');
      await world.membership.joinCourse(later, courseId);
      expect(await world.access.check(later, room)).toBe('member');
      expect(await world.access.check(later, room)).toBe('member');
      await leaveCourse(later, courseId);
      expect(await world.access.check(later, room)).toBe('not-member');
    });

    it('answers a check that takes a recent refusal as it stands once the student joins or leaves', async () => {
      const [courseId, later] = [await course(), await student()];
      const room = { kind: 'course' as const, id: courseId };
      const recent = { recent: true };
      expect(await world.access.check(later, room, recent)).toBe('not-member');
      expect(await world.access.check(later, room, recent)).toBe('not-member');
      expect(await world.access.check(later, { kind: 'group', id: 99_999_999 }, recent)).toBe('no-room');
      await joinCourse(later, courseId);
      expect(await world.access.check(later, room, recent)).toBe('member');
      await leaveCourse(later, courseId);
      expect(await world.access.check(later, room, recent)).toBe('not-member');
      expect(await world.access.check(later, room)).toBe('not-member');
    });

    it('answers many checks of a room made at once, each for its own student', async () => {
      const [courseId, owner] = [await course(), await student()];
      const students = [await student(), await student(), await student(), await student()];
      for (const id of [owner, students[0], students[2]]) await world.membership.joinCourse(id, courseId);
      const groupId = await world.addGroup(courseId, owner);
      await world.joinGroup(groupId, students[0]);
      const courseRoom = { kind: 'course' as const, id: courseId };
      const groupRoom = { kind: 'group' as const, id: groupId };
      const answers = await Promise.all([
        ...students.map((id) => world.access.check(id, courseRoom)),
        ...[owner, ...students].map((id) => world.access.check(id, groupRoom)),
        world.access.check(students[0], courseRoom),
        world.access.check(students[0], { kind: 'course', id: 99_999_999 }),
      ]);
      expect(answers).toEqual([
        'member',
        'not-member',
        'member',
        'not-member',
        'member',
        'member',
        'not-member',
        'not-member',
        'not-member',
        'member',
        'no-room',
      ]);
    });

    it('lets the owner and members of a study group in, and no one else', async () => {
      const [courseId, owner, member, classmate] = [await course(), await student(), await student(), await student()];
      for (const id of [owner, member, classmate]) await world.membership.joinCourse(id, courseId);
      const groupId = await world.addGroup(courseId, owner);
      await world.joinGroup(groupId, member);
      const room = { kind: 'group' as const, id: groupId };
      expect(await world.access.check(owner, room)).toBe('member');
      expect(await world.access.check(member, room)).toBe('member');
      // Being in the course is not enough for a group's chat.
      expect(await world.access.check(classmate, room)).toBe('not-member');
      expect(await world.access.check(owner, { kind: 'group', id: 99_999_999 })).toBe('no-room');
      // A group id is not a course id.
      expect(await world.access.check(owner, { kind: 'course', id: groupId + 50_000_000 })).toBe('no-room');

      await world.leaveGroup(groupId, member);
      await world.changes.left(member, room);
      expect(await world.access.check(member, room)).toBe('not-member');
      expect(await world.access.check(owner, room)).toBe('member');
    });
  });
}
