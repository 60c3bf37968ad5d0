// The ids of different records are different types: a pair of ids passed the
// wrong way round does not compile. These are checked by `npm run typecheck`
// (a @ts-expect-error line fails it the day its line compiles); at run time an
// id is the number it was made from.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CourseMembership } from '@application/ports/course-membership';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { isGroupMember, type StudyGroup } from '@domain/study-group/study-group';

describe('branded ids', () => {
  it('are the numbers they were made from', () => {
    expect(UserId(7)).toBe(7);
    expect([CourseId(1), StudyGroupId(2), MeetingId(3)]).toEqual([1, 2, 3]);
  });

  it('read as numbers, but a plain number or another kind of id is not one', () => {
    expectTypeOf(UserId(7)).toExtend<number>();
    expectTypeOf<number>().not.toExtend<UserId>();
    expectTypeOf<UserId>().not.toExtend<CourseId>();
    expectTypeOf<CourseId>().not.toExtend<StudyGroupId>();
    expectTypeOf<StudyGroupId>().not.toExtend<MeetingId>();
    expectTypeOf<MeetingId>().not.toExtend<UserId>();
  });

  it('flow typed through the ports', () => {
    expectTypeOf<CourseMembership['isMember']>().parameters.toEqualTypeOf<[userId: UserId, courseId: CourseId]>();
    expectTypeOf<StudyGroupRepository['deleteMeeting']>().parameters.toEqualTypeOf<[groupId: StudyGroupId, meetingId: MeetingId]>();
    expectTypeOf<StudyGroup['id']>().toEqualTypeOf<StudyGroupId>();
  });

  it('make a swapped pair a compile error', () => {
    const swapped = (membership: CourseMembership, groups: StudyGroupRepository, group: StudyGroup, userId: UserId, courseId: CourseId) => {
      // @ts-expect-error the course's id where the student's goes, and the student's where the course's goes
      void membership.isMember(courseId, userId);
      // @ts-expect-error a student's id is not a group's
      void groups.addMember(userId, group.id);
      // @ts-expect-error a plain number is no student's id until the HTTP edge or a repository says so
      void isGroupMember(group, 7);
    };
    expectTypeOf(swapped).toBeFunction();
  });
});
