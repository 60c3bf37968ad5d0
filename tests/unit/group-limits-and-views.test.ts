// The domain's rules for how far one student's groups and sections may grow,
// and for what a private group shows a student outside it.
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '@domain/course/course';
import { admitSections, SECTIONS_PER_TERM } from '@domain/course/section-quota';
import { type DomainError, RateLimitedError, ValidationError } from '@domain/errors';
import {
  admitGroupCreation,
  admitGroupMember,
  admitMeeting,
  admitSizeLimit,
  checkSizeLimit,
  CREATION_WINDOW_MS,
  effectiveMaxMembers,
  GROUP_QUOTAS,
} from '@domain/study-group/group-quotas';
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { groupAsSeenBy, groupsAsSeenBy } from '@domain/study-group/group-view';
import type { StudyGroup } from '@domain/study-group/study-group';
import { plannedMeeting } from '@tests/support/meeting-plans';

const codeOf = (work: () => void): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return (error as DomainError).code;
  }
};

const HOUR = 3600 * 1000;
const now = new Date('2025-10-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('starting a group', () => {
  const calm = { recentCreations: [], owned: 0, joined: 0 };

  it('allows the fifth start in a course within a day and refuses the sixth until the oldest is a day old', () => {
    const four = [ago(20 * HOUR), ago(3 * HOUR), ago(2 * HOUR), ago(HOUR)];
    expect(codeOf(() => admitGroupCreation({ ...calm, recentCreations: four }, now))).toBeNull();
    const five = [...four, ago(60_000)];
    let refusal: unknown;
    try {
      admitGroupCreation({ ...calm, recentCreations: five }, now);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect(refusal).toMatchObject({
      retryAfterSeconds: 4 * 3600,
      message: 'You can start at most 5 study groups in a course a day. Try again in 4 hours.',
    });
    // Starts a day old or older no longer count.
    expect(codeOf(() => admitGroupCreation({ ...calm, recentCreations: [ago(CREATION_WINDOW_MS), ...five.slice(1)] }, now))).toBeNull();
  });

  it('refuses an owner of 30 groups or a member of 50 first: waiting does not help there', () => {
    const busy = Array.from({ length: 5 }, () => ago(HOUR));
    expect(codeOf(() => admitGroupCreation({ recentCreations: busy, owned: GROUP_QUOTAS.owned, joined: 0 }, now))).toBe(
      'TOO_MANY_OWNED_GROUPS',
    );
    expect(codeOf(() => admitGroupCreation({ recentCreations: busy, owned: 0, joined: GROUP_QUOTAS.joined }, now))).toBe('TOO_MANY_GROUPS');
    expect(
      codeOf(() => admitGroupCreation({ recentCreations: [], owned: GROUP_QUOTAS.owned - 1, joined: GROUP_QUOTAS.joined - 1 }, now)),
    ).toBeNull();
  });
});

describe('joining a group', () => {
  it('fills a group to its limit and keeps a student to 50 groups', () => {
    expect(codeOf(() => admitGroupMember({ memberCount: 2, maxMembers: 3, joined: 0 }))).toBeNull();
    expect(codeOf(() => admitGroupMember({ memberCount: 3, maxMembers: 3, joined: 0 }))).toBe('GROUP_FULL');
    expect(codeOf(() => admitGroupMember({ memberCount: 1, maxMembers: 3, joined: GROUP_QUOTAS.joined - 1 }))).toBeNull();
    expect(codeOf(() => admitGroupMember({ memberCount: 1, maxMembers: 3, joined: GROUP_QUOTAS.joined }))).toBe('TOO_MANY_GROUPS');
  });

  it('takes the owner’s size limit within the cap, and the cap without one', () => {
    expect(effectiveMaxMembers(null)).toBe(GROUP_QUOTAS.members);
    expect(effectiveMaxMembers(7)).toBe(7);
    // A limit set when the cap was higher follows today's cap.
    expect(effectiveMaxMembers(GROUP_QUOTAS.members + 10)).toBe(GROUP_QUOTAS.members);
  });

  it('accepts a size limit from 2 to the cap, never below the members there are', () => {
    for (const ok of [2, 25, GROUP_QUOTAS.members]) expect(checkSizeLimit(ok), String(ok)).toBeNull();
    for (const bad of [1, 0, -3, GROUP_QUOTAS.members + 1, 2.5, Number.NaN]) {
      expect(checkSizeLimit(bad), String(bad)).toEqual({ field: 'maxMembers', message: 'Choose a size limit from 2 to 50 members.' });
    }
    expect(() => admitSizeLimit(4, 5)).toThrow(
      new ValidationError('This group already has 5 members: choose a size limit of at least 5.', 'maxMembers'),
    );
    expect(() => admitSizeLimit(5, 5)).not.toThrow();
  });
});

describe('meetings and sections', () => {
  it('allows the 20th meeting of a group and refuses the 21st', () => {
    expect(codeOf(() => admitMeeting(GROUP_QUOTAS.meetings - 1))).toBeNull();
    expect(codeOf(() => admitMeeting(GROUP_QUOTAS.meetings))).toBe('TOO_MANY_MEETINGS');
  });

  it('allows 12 sections in a term, and says how many more fit', () => {
    expect(codeOf(() => admitSections('Fall 2025', SECTIONS_PER_TERM - 3, 3))).toBeNull();
    expect(() => admitSections('Fall 2025', SECTIONS_PER_TERM - 3, 4)).toThrow(
      'You can be in at most 12 sections in Fall 2025; you are in 9. You can join 3 more.',
    );
    expect(() => admitSections('Fall 2025', SECTIONS_PER_TERM, 1)).toThrow('you are in 12. Leave one to join another.');
    // Joining nothing new is never refused, even past the limit (a limit lowered later).
    expect(codeOf(() => admitSections('Fall 2025', SECTIONS_PER_TERM + 2, 0))).toBeNull();
  });
});

describe('what a student is shown of a group', () => {
  const person = (id: number): MemberProfile => ({
    id: UserId(id),
    username: `u${id}`,
    firstName: `First${id}`,
    lastName: 'Gator',
    major: 'Zoology',
    year: '3',
    bio: `Bio ${id}`,
    verified: true,
  });
  const group = (isPublic: boolean): StudyGroup => ({
    id: StudyGroupId(9),
    courseId: CourseId(4),
    name: 'Late-night prep',
    description: 'Problem sets',
    isPublic,
    owner: person(1),
    members: [person(1), person(2), person(3)],
    meetings: [plannedMeeting(MeetingId(5), { day: 'Thursday', time: '21:15:00', location: 'Apartment 4B' })],
    maxMembers: 10,
  });

  it('withholds a private group’s members, meetings and owner’s profile from a student outside it', () => {
    expect(groupAsSeenBy(group(false), UserId(7))).toEqual({
      id: 9,
      courseId: 4,
      name: 'Late-night prep',
      description: 'Problem sets',
      isPublic: false,
      owner: { id: 1, username: 'u1', firstName: 'First1', lastName: 'Gator', major: '', year: '', bio: '', verified: true },
      members: [],
      meetings: [],
      maxMembers: 10,
      size: 2,
      withheld: true,
      joinRequest: null,
      pendingRequests: 0,
    });
  });

  it('shows the whole group to its members and owner, and any public group to anyone', () => {
    for (const [isPublic, viewer] of [
      [false, 1],
      [false, 3],
      [true, 7],
    ] as const) {
      expect(groupAsSeenBy(group(isPublic), UserId(viewer)), `${isPublic} ${viewer}`).toEqual({
        ...group(isPublic),
        size: 2,
        withheld: false,
        joinRequest: null,
        pendingRequests: 0,
      });
    }
    expect(groupsAsSeenBy([group(false), group(true)], UserId(7)).map((g) => g.withheld)).toEqual([true, false]);
  });
});
