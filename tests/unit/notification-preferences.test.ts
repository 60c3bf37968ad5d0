import { describe, expect, it } from 'vitest';
import { StudyGroupId } from '@domain/ids';
import {
  campusInstant,
  defaultPreferences,
  nextDigestAt,
  normalisePreferences,
  quietUntil,
  roomBatchText,
  wants,
  withoutMail,
  type NotificationPreferences,
} from '@domain/notifications/notification-preferences';

const quiet = (start: string, end: string): NotificationPreferences => ({ ...defaultPreferences(), quietHours: { start, end } });

describe('notification preferences', () => {
  it('by default notify every kind on both channels but course chat messages', () => {
    const prefs = defaultPreferences();
    expect(wants(prefs, { kind: 'mention' }, 'push')).toBe(true);
    expect(wants(prefs, { kind: 'group-message', groupId: StudyGroupId(1) }, 'mail')).toBe(true);
    expect(wants(prefs, { kind: 'course-message' }, 'push')).toBe(false);
    expect(wants(prefs, { kind: 'course-message' }, 'mail')).toBe(false);
    expect(prefs.digestMinutes).toBe(30);
    expect(prefs.quietHours).toBeNull();
  });

  it('a muted group notifies nothing of its messages or meetings, but a mention in it still does', () => {
    const prefs = { ...defaultPreferences(), mutedGroups: [StudyGroupId(7)] };
    expect(wants(prefs, { kind: 'group-message', groupId: StudyGroupId(7) }, 'push')).toBe(false);
    expect(wants(prefs, { kind: 'meeting', groupId: StudyGroupId(7) }, 'mail')).toBe(false);
    expect(wants(prefs, { kind: 'group-message', groupId: StudyGroupId(8) }, 'push')).toBe(true);
    expect(wants(prefs, { kind: 'mention', groupId: StudyGroupId(7) }, 'push')).toBe(true);
  });

  it('a kind turned off on one channel still goes on the other', () => {
    const prefs = normalisePreferences({ kinds: { invite: { mail: false } } });
    expect(wants(prefs, { kind: 'invite' }, 'mail')).toBe(false);
    expect(wants(prefs, { kind: 'invite' }, 'push')).toBe(true);
  });

  it('makes stored or sent preferences whole: unknown kinds dropped, bad values back to defaults', () => {
    const prefs = normalisePreferences({
      kinds: { nonsense: { push: true }, mention: { push: 'yes', mail: false } },
      mutedGroups: [3, 3, -1, 1.5, 'x', 2],
      quietHours: { start: '25:00', end: '07:00' },
      digestMinutes: 7,
    });
    expect(Object.keys(prefs.kinds)).not.toContain('nonsense');
    expect(prefs.kinds.mention).toEqual({ push: true, mail: false });
    expect(prefs.mutedGroups).toEqual([2, 3]);
    expect(prefs.quietHours).toBeNull();
    expect(prefs.digestMinutes).toBe(30);
    expect(normalisePreferences(null)).toEqual(defaultPreferences());
  });

  it('one-click unsubscribe turns every mail off and leaves push as it was', () => {
    const prefs = withoutMail(defaultPreferences());
    expect(Object.values(prefs.kinds).every((channels) => !channels.mail)).toBe(true);
    expect(prefs.kinds.mention.push).toBe(true);
  });

  it('quiet hours across midnight hold deliveries until they end, in campus time', () => {
    const prefs = quiet('22:00', '07:00');
    // 23:30 in Gainesville on 2025-10-01 (EDT, UTC-4) is 03:30 UTC on the 2nd; the hours end at 07:00 EDT, 11:00 UTC.
    expect(quietUntil(prefs, new Date('2025-10-02T03:30:00Z'))?.toISOString()).toBe('2025-10-02T11:00:00.000Z');
    // 06:59 EDT, the same morning
    expect(quietUntil(prefs, new Date('2025-10-02T10:59:00Z'))?.toISOString()).toBe('2025-10-02T11:00:00.000Z');
    expect(quietUntil(prefs, new Date('2025-10-02T11:00:00Z'))).toBeNull();
    expect(quietUntil(prefs, new Date('2025-10-02T16:00:00Z'))).toBeNull();
    expect(quietUntil(defaultPreferences(), new Date('2025-10-02T03:30:00Z'))).toBeNull();
  });

  it('quiet hours within a day, and across the fall-back change (EDT to EST)', () => {
    expect(quietUntil(quiet('13:00', '15:00'), new Date('2025-10-02T17:30:00Z'))?.toISOString()).toBe('2025-10-02T19:00:00.000Z');
    // The night of 2025-11-01/02 the clocks fall back at 02:00 EDT: 07:00 on the 2nd is EST, 12:00 UTC.
    expect(quietUntil(quiet('22:00', '07:00'), new Date('2025-11-02T03:00:00Z'))?.toISOString()).toBe('2025-11-02T12:00:00.000Z');
    // Spring forward (2026-03-08): 07:00 that morning is EDT, 11:00 UTC.
    expect(quietUntil(quiet('22:00', '07:00'), new Date('2026-03-08T04:00:00Z'))?.toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(campusInstant(2026, 1, 15, 9 * 60).toISOString()).toBe('2026-01-15T14:00:00.000Z');
  });

  it('a digest goes at most once per digest interval, and never in quiet hours', () => {
    const prefs = defaultPreferences();
    const now = new Date('2025-10-02T16:00:00Z');
    expect(nextDigestAt(prefs, null, now)).toEqual(now);
    expect(nextDigestAt(prefs, new Date('2025-10-02T15:50:00Z'), now).toISOString()).toBe('2025-10-02T16:20:00.000Z');
    expect(nextDigestAt(prefs, new Date('2025-10-02T15:00:00Z'), now)).toEqual(now);
    const night = quiet('22:00', '07:00');
    expect(nextDigestAt(night, null, new Date('2025-10-02T03:30:00Z')).toISOString()).toBe('2025-10-02T11:00:00.000Z');
  });

  it("words one room's batch as one push", () => {
    expect(roomBatchText('Exam 1 Crammers', 3, 1)).toBe('3 new messages in Exam 1 Crammers, 1 mentions you');
    expect(roomBatchText('Exam 1 Crammers', 1, 0)).toBe('1 new message in Exam 1 Crammers');
    expect(roomBatchText('COP3502', 4, 2)).toBe('4 new messages in COP3502, 2 mention you');
  });
});
