// How the ways into a group read on screen: an invite link's address, how long
// it still works, its uses, the owner's request count, the meeting question,
// the default next owner, and which way in the group modal offers.
import { describe, expect, it } from 'vitest';
import {
  createdLabel,
  defaultNextOwner,
  deleteMeetingQuestion,
  durationLabel,
  expiresLabel,
  inviteUrl,
  requestCountLabel,
  usesLabel,
  wayIn,
} from '@web/features/study-groups/invite-display';

const NOW = new Date('2026-11-27T18:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('an invite link', () => {
  it('is the invite page of the site it was made on', () => {
    expect(inviteUrl('https://studyswamp.example', 'abcDEF123_-xyzXYZ7890')).toBe(
      'https://studyswamp.example/invite/abcDEF123_-xyzXYZ7890',
    );
  });

  it.each([
    [1, '1 hour'],
    [24, '1 day'],
    [168, '7 days'],
    [720, '30 days'],
  ])('works for %i hours: "%s"', (hours, label) => {
    expect(durationLabel(hours)).toBe(label);
  });

  it.each([
    [7 * DAY - 5_000, 'expires in 7 days'],
    [6 * DAY + 2 * HOUR, 'expires in 6 days'],
    [DAY + 13 * HOUR, 'expires in 2 days'],
    [DAY - 5_000, 'expires in 1 day'],
    [23 * HOUR - 5_000, 'expires in 23 hours'],
    [HOUR + 20 * MINUTE, 'expires in 1 hour'],
    [59 * MINUTE + 30_000, 'expires in 1 hour'],
    [12 * MINUTE - 1_000, 'expires in 12 minutes'],
    [30_000, 'expires in 1 minute'],
    [0, 'expired'],
    [-DAY, 'expired'],
  ])('with %i ms left reads "%s"', (left, label) => {
    expect(expiresLabel(later(left), NOW)).toBe(label);
  });

  it('says when it cannot tell', () => {
    expect(expiresLabel('not a date', NOW)).toBe('expiry unknown');
  });

  it.each([
    [3, 10, '3 of 10 uses'],
    [0, 1, '0 of 1 use'],
    [1, 1, '1 of 1 use'],
    [0, null, '0 uses, no limit'],
    [1, null, '1 use, no limit'],
    [12, null, '12 uses, no limit'],
  ])('used %i times of %s reads "%s"', (uses, max, label) => {
    expect(usesLabel(uses, max)).toBe(label);
  });

  it('says when it was made on the campus clock', () => {
    // 18:42 UTC is 1:42 PM in Gainesville in November (EST).
    expect(createdLabel('2026-11-27T18:42:00Z')).toBe('Created Nov 27, 1:42 PM');
    expect(createdLabel('garbage')).toBe('Created');
  });
});

describe('the owner', () => {
  it('counts requests to join', () => {
    expect(requestCountLabel(1)).toBe('1 request to join');
    expect(requestCountLabel(2)).toBe('2 requests to join');
  });

  it('is asked before a meeting is deleted, in 12-hour time', () => {
    expect(deleteMeetingQuestion({ day: 'Tuesday', time: '19:30:00' })).toBe('Delete the meeting on Tuesday at 7:30 PM?');
  });

  it('hands the group to the longest-standing member unless they pick another', () => {
    const person = (id: number) => ({ id }) as never;
    expect(defaultNextOwner({ owner: person(1), members: [person(1), person(7), person(3)] })).toBe(7);
    // Members come in the order they joined, whoever owns the group.
    expect(defaultNextOwner({ owner: person(7), members: [person(1), person(7), person(3)] })).toBe(1);
    expect(defaultNextOwner({ owner: person(1), members: [person(1)] })).toBeUndefined();
  });
});

describe('the way into a group a classmate is not in', () => {
  const group = (isPublic: boolean, size = 1, maxMembers = 10) => ({ public: isPublic ? (1 as const) : (0 as const), size, maxMembers });
  const invite = { kind: 'invite', status: 'pending' } as const;
  const asked = { kind: 'request', status: 'pending' } as const;
  const declined = { kind: 'request', status: 'declined' } as const;

  it('is Join Group for a public group, Ask to join for a private one', () => {
    expect(wayIn(group(true), null)).toBe('join');
    expect(wayIn(group(false), null)).toBe('ask');
  });

  it('shows a waiting request, and a declined one without a way to ask again', () => {
    expect(wayIn(group(false), asked)).toBe('requested');
    expect(wayIn(group(false), declined)).toBe('declined');
  });

  it("puts the owner's invite first, public or private", () => {
    expect(wayIn(group(false), invite)).toBe('invited');
    expect(wayIn(group(true), invite)).toBe('invited');
    // Invited to a full group: they may still decline (the server says why an accept is refused).
    expect(wayIn(group(false, 9, 10), invite)).toBe('invited');
  });

  it('says Full for a public group at its limit; a private one still takes requests (the owner may make room)', () => {
    expect(wayIn(group(true, 9, 10), null)).toBe('full');
    expect(wayIn(group(false, 9, 10), null)).toBe('ask');
    expect(wayIn(group(false, 9, 10), asked)).toBe('requested');
  });

  it('lets a group made public since be joined, whatever was asked before', () => {
    expect(wayIn(group(true), declined)).toBe('join');
    expect(wayIn(group(true), asked)).toBe('join');
  });
});
