import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '@domain/course/course';
import { ValidationError } from '@domain/errors';
import { CourseId, StudyGroupId, UserId } from '@domain/ids';
import {
  applyLeave,
  assertGroupMember,
  assertGroupOwner,
  assertMayCreateIn,
  mayJoin,
  planLeave,
  type GroupMembershipState,
} from '@domain/study-group/group-roles';
import { localDateTime, nextOccurrence } from '@domain/study-group/meeting-occurrence';
import { compareMeetings, MEETING_MESSAGES, normaliseMeeting, normaliseMeetingTime } from '@domain/study-group/meeting-rules';
import { groupSize, type StudyGroup } from '@domain/study-group/study-group';
import {
  GroupPrivateError,
  InvalidNextOwnerError,
  NotCourseMemberError,
  NotGroupMemberError,
  NotGroupOwnerError,
} from '@domain/study-group/study-group-errors';
import { checkStudyGroupDetails, normaliseStudyGroupDetails, TITLE_AND_DESCRIPTION_MESSAGE } from '@domain/study-group/study-group-rules';

const person = (id: number): MemberProfile => ({
  id: UserId(id),
  username: `u${id}`,
  firstName: 'A',
  lastName: 'B',
  major: '',
  year: '1',
  bio: '',
  verified: true,
});

const group = (ownerId: number, memberIds: number[], isPublic = true): StudyGroup => ({
  id: StudyGroupId(1),
  courseId: CourseId(10),
  name: 'Exam prep',
  description: 'Problem sets',
  isPublic,
  owner: person(ownerId),
  members: memberIds.map(person),
  meetings: [],
  maxMembers: 50,
});

describe('group name and description', () => {
  it.each([
    [{ name: '', description: 'x' }, 'name'],
    [{ name: '   ', description: 'x' }, 'name'],
    [{ name: 'x', description: '' }, 'description'],
    [{ name: 'x', description: ' \n\t ' }, 'description'],
    [{ name: '', description: '' }, 'name'],
  ])('%j is refused with the form’s message', (input, field) => {
    expect(checkStudyGroupDetails(input)).toEqual({ field, message: TITLE_AND_DESCRIPTION_MESSAGE });
    expect(TITLE_AND_DESCRIPTION_MESSAGE).toBe('Please enter a title and description');
  });

  it('allows 100 and 1,000 characters after trimming, and no more', () => {
    expect(checkStudyGroupDetails({ name: ` ${'n'.repeat(100)} `, description: 'd'.repeat(1000) })).toBeNull();
    expect(checkStudyGroupDetails({ name: 'n'.repeat(101), description: 'd' })).toMatchObject({ field: 'name' });
    expect(checkStudyGroupDetails({ name: 'n', description: 'd'.repeat(1001) })).toMatchObject({ field: 'description' });
  });

  it('says the limit and the count, as the chat does, counting characters as the database does', () => {
    expect(checkStudyGroupDetails({ name: 'n'.repeat(101), description: 'd' })).toEqual({
      field: 'name',
      message: 'Group names can be at most 100 characters (this one has 101).',
    });
    expect(checkStudyGroupDetails({ name: 'n', description: 'd'.repeat(1234) })).toEqual({
      field: 'description',
      message: 'Descriptions can be at most 1,000 characters (this one has 1,234).',
    });
    // 100 emoji are 200 UTF-16 units but 100 characters in a varchar(100).
    expect(checkStudyGroupDetails({ name: '🐊'.repeat(100), description: 'd' })).toBeNull();
    expect(checkStudyGroupDetails({ name: '🐊'.repeat(101), description: 'd' })?.message).toContain('(this one has 101)');
  });

  it('stores the trimmed text and throws a validation error naming the field', () => {
    expect(normaliseStudyGroupDetails({ name: '  Exam 2  ', description: '\nWeekly\n' })).toEqual({
      name: 'Exam 2',
      description: 'Weekly',
    });
    expect(() => normaliseStudyGroupDetails({ name: 'x', description: '' })).toThrow(
      new ValidationError(TITLE_AND_DESCRIPTION_MESSAGE, 'description'),
    );
  });
});

describe('meeting rules', () => {
  it.each([
    ['18:30', '18:30:00'],
    ['18:30:15', '18:30:15'],
    ['00:00', '00:00:00'],
    ['23:59', '23:59:00'],
    ['23:59:59', '23:59:59'],
    [' 07:05 ', '07:05:00'],
  ])('time %j is stored as %j', (raw, stored) => {
    expect(normaliseMeetingTime(raw)).toBe(stored);
  });

  it.each(['24:00', '12:60', '12:30:60', '7:30', '1830', '18:30:00:00', '', 'noon', '18:3', '-1:00', '18:30 PM'])(
    'time %j is refused',
    (raw) => {
      expect(normaliseMeetingTime(raw)).toBeNull();
    },
  );

  it('accepts the seven weekdays only, as written', () => {
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      expect(normaliseMeeting({ day, time: '10:00', location: 'Marston' }).day).toBe(day);
    }
    for (const day of ['monday', 'Mon', 'Funday', '']) {
      expect(() => normaliseMeeting({ day, time: '10:00', location: 'Marston' })).toThrow(new ValidationError(MEETING_MESSAGES.day, 'day'));
    }
  });

  it('needs a location of 1 to 200 characters and trims it', () => {
    expect(normaliseMeeting({ day: 'Friday', time: '09:15', location: '  Library West  ' })).toEqual({
      day: 'Friday',
      time: '09:15:00',
      location: 'Library West',
    });
    expect(normaliseMeeting({ day: 'Friday', time: '09:15', location: 'x'.repeat(200) }).location).toHaveLength(200);
    for (const location of ['', '   ', 'x'.repeat(201)]) {
      expect(() => normaliseMeeting({ day: 'Friday', time: '09:15', location })).toThrow(
        new ValidationError(MEETING_MESSAGES.location, 'location'),
      );
    }
  });

  it('names the time field for a bad time', () => {
    expect(() => normaliseMeeting({ day: 'Friday', time: '25:00', location: 'x' })).toThrow(
      new ValidationError(MEETING_MESSAGES.time, 'time'),
    );
  });

  it('orders meetings Sunday to Saturday, then by time', () => {
    const m = (id: number, day: 'Sunday' | 'Monday' | 'Saturday', time: string) => ({ id, day, time, location: '' });
    const sorted = [m(1, 'Saturday', '08:00:00'), m(2, 'Monday', '18:00:00'), m(3, 'Sunday', '23:00:00'), m(4, 'Monday', '09:00:00')].sort(
      compareMeetings,
    );
    expect(sorted.map((x) => x.id)).toEqual([3, 4, 2, 1]);
  });
});

describe('who may do what', () => {
  it('lets only the owner edit the group and its meetings', () => {
    expect(() => assertGroupOwner(group(1, [1, 2]), UserId(1))).not.toThrow();
    expect(() => assertGroupOwner(group(1, [1, 2]), UserId(2))).toThrow(NotGroupOwnerError);
    expect(() => assertGroupOwner(group(1, [1, 2]), UserId(3))).toThrow(NotGroupOwnerError);
  });

  it('shows the group page to members only', () => {
    expect(() => assertGroupMember(group(1, [1, 2]), UserId(2))).not.toThrow();
    expect(() => assertGroupMember(group(1, [1, 2]), UserId(3))).toThrow(NotGroupMemberError);
  });

  it('lets a course member create a group, no one else', () => {
    expect(() => assertMayCreateIn(true)).not.toThrow();
    expect(() => assertMayCreateIn(false)).toThrow(NotCourseMemberError);
  });

  it('lets a course member join a public group; a private group says so', () => {
    expect(mayJoin(group(1, [1]), UserId(2), true)).toBe('join');
    expect(() => mayJoin(group(1, [1]), UserId(2), false)).toThrow(NotCourseMemberError);
    expect(() => mayJoin(group(1, [1], false), UserId(2), true)).toThrow(GroupPrivateError);
    expect(() => mayJoin(group(1, [1], false), UserId(2), true)).toThrow('This group is private');
    expect(mayJoin(group(1, [1, 2], false), UserId(2), true)).toBe('already-member');
  });

  it('counts the members other than the owner as the size', () => {
    expect(groupSize(group(1, [1]))).toBe(0);
    expect(groupSize(group(1, [1, 2, 3]))).toBe(2);
  });
});

describe('leaving', () => {
  const members = (ownerId: number, memberIds: number[]): GroupMembershipState => ({
    ownerId: UserId(ownerId),
    memberIds: memberIds.map(UserId),
  });

  it('a member leaving keeps the owner', () => {
    expect(planLeave(members(1, [1, 2, 3]), UserId(3))).toEqual({ wasMember: true, ownerId: 1, groupDeleted: false });
  });

  it('an owner leaving hands the group to the longest-standing member', () => {
    expect(planLeave(members(1, [1, 5, 3]), UserId(1))).toEqual({ wasMember: true, ownerId: 5, groupDeleted: false });
    // A handed-over owner need not be the first in join order.
    expect(planLeave(members(3, [5, 3, 9]), UserId(3))).toEqual({ wasMember: true, ownerId: 5, groupDeleted: false });
  });

  it('an owner leaving alone deletes the group', () => {
    expect(planLeave(members(1, [1]), UserId(1))).toEqual({ wasMember: true, ownerId: null, groupDeleted: true });
  });

  it('leaving a group one is not in changes nothing', () => {
    expect(planLeave(members(1, [1, 2]), UserId(7))).toEqual({ wasMember: false, ownerId: 1, groupDeleted: false });
  });

  it('an owner leaving hands the group to the member they name, whoever joined first', () => {
    expect(planLeave(members(1, [1, 5, 3, 9]), UserId(1), UserId(9))).toEqual({ wasMember: true, ownerId: 9, groupDeleted: false });
  });

  it('refuses a next owner who is not another member, and one named by anyone but the leaving owner', () => {
    expect(() => planLeave(members(1, [1, 5]), UserId(1), UserId(7))).toThrow(InvalidNextOwnerError);
    expect(() => planLeave(members(1, [1, 5]), UserId(1), UserId(1))).toThrow(InvalidNextOwnerError);
    // Alone: nobody to hand it to, and the group is not deleted behind the owner's back.
    expect(() => planLeave(members(1, [1]), UserId(1), UserId(5))).toThrow(InvalidNextOwnerError);
    expect(() => planLeave(members(1, [1, 5, 3]), UserId(5), UserId(3))).toThrow(ValidationError);
    // Not in the group: nothing to do, whatever is named.
    expect(planLeave(members(1, [1, 5]), UserId(7), UserId(5))).toEqual({ wasMember: false, ownerId: 1, groupDeleted: false });
  });

  it('writes nothing when the next owner is refused', async () => {
    const writes: string[] = [];
    const record = {
      deleteGroup: async () => void writes.push('delete'),
      setOwner: async () => void writes.push('owner'),
      removeMember: async () => void writes.push('remove'),
    };
    await expect(applyLeave(members(1, [1, 5]), UserId(1), record, UserId(8))).rejects.toBeInstanceOf(InvalidNextOwnerError);
    expect(writes).toEqual([]);
    await applyLeave(members(1, [1, 5, 3]), UserId(1), record, UserId(3));
    expect(writes).toEqual(['owner', 'remove']);
  });

  it('makes the writes in an order that never leaves the owner outside the group', async () => {
    const written = async (state: GroupMembershipState, leaving: number) => {
      const writes: string[] = [];
      const outcome = await applyLeave(state, UserId(leaving), {
        deleteGroup: async () => void writes.push('delete group'),
        setOwner: async (id) => void writes.push(`owner ${id}`),
        removeMember: async (id) => void writes.push(`remove ${id}`),
      });
      return { outcome, writes };
    };
    expect(await written(members(1, [1, 5, 3]), 1)).toEqual({
      outcome: { wasMember: true, ownerId: 5, groupDeleted: false },
      writes: ['owner 5', 'remove 1'],
    });
    expect((await written(members(1, [1, 5, 3]), 3)).writes).toEqual(['remove 3']);
    expect((await written(members(1, [1]), 1)).writes).toEqual(['delete group']);
    expect((await written(members(1, [1, 2]), 7)).writes).toEqual([]);
  });
});

describe('next occurrence in campus time', () => {
  // 2026-11-23 is a Monday; 14:05 UTC is 09:05 EST.
  const mondayMorning = new Date('2026-11-23T14:05:00Z');

  it('reads the wall clock in New York', () => {
    expect(localDateTime(mondayMorning, 'America/New_York')).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 9,
      minute: 5,
      second: 0,
      weekday: 'Monday',
    });
  });

  it('is later today when the time has not passed, else next week', () => {
    expect(nextOccurrence('Monday', '18:30:00', mondayMorning)).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 18,
      minute: 30,
      second: 0,
    });
    expect(nextOccurrence('Monday', '09:05:00', mondayMorning)).toMatchObject({ day: 23 });
    expect(nextOccurrence('Monday', '08:00:00', mondayMorning)).toMatchObject({ month: 11, day: 30, hour: 8 });
  });

  it('counts forward to the weekday, across month and year ends', () => {
    expect(nextOccurrence('Sunday', '10:00:00', mondayMorning)).toMatchObject({ month: 11, day: 29 });
    expect(nextOccurrence('Thursday', '10:00:00', new Date('2026-12-30T15:00:00Z'))).toMatchObject({ year: 2026, month: 12, day: 31 });
    expect(nextOccurrence('Friday', '10:00:00', new Date('2026-12-30T15:00:00Z'))).toMatchObject({ year: 2027, month: 1, day: 1 });
  });

  it('uses the New York date, not the UTC date, late in the evening', () => {
    // 2026-11-24T03:00Z is still Monday 22:00 in New York.
    expect(nextOccurrence('Monday', '23:00:00', new Date('2026-11-24T03:00:00Z'))).toMatchObject({ month: 11, day: 23, hour: 23 });
    expect(nextOccurrence('Tuesday', '08:00:00', new Date('2026-11-24T03:00:00Z'))).toMatchObject({ month: 11, day: 24 });
  });
});
