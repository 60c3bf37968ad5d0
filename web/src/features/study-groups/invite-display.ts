// How the ways into a group read: an invite link's address, how long it still
// works and how often it was used, the owner's count of requests, the
// question before a meeting is deleted, and which way in the group modal
// offers a classmate outside a group.
import type { Meeting } from '@contract/meetings';
import type { JoinRequestState, StudyGroup } from '@contract/study-groups';
import { CAMPUS_TIME_ZONE } from '@domain/study-group/meeting-occurrence';
import { formatTime12 } from '@web/lib/time-of-day';

const MINUTE = 60_000;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The page an invite link opens: `${origin}/invite/{token}`. */
export function inviteUrl(origin: string, token: string): string {
  return `${origin}/invite/${encodeURIComponent(token)}`;
}

/** A choice of how long a link works: 1 -> "1 hour", 24 -> "1 day", 168 -> "7 days". */
export function durationLabel(hours: number): string {
  return hours % 24 === 0 ? plural(hours / 24, 'day') : plural(hours, 'hour');
}

/**
 * "expires in 6 days", "expires in 5 hours", "expires in 12 minutes": the
 * nearest whole unit (a 7-day link just made reads 7 days, not 6), "expired"
 * once the moment has passed.
 */
export function expiresLabel(expiresAt: string, now: Date = new Date()): string {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (!Number.isFinite(left)) return 'expiry unknown';
  if (left <= 0) return 'expired';
  const minutes = Math.ceil(left / MINUTE);
  if (minutes < 60) return `expires in ${plural(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `expires in ${plural(hours, 'hour')}`;
  return `expires in ${plural(Math.round(hours / 24), 'day')}`;
}

/** "3 of 10 uses", "0 of 1 use"; no limit: "3 uses, no limit". */
export function usesLabel(uses: number, maxUses: number | null): string {
  if (maxUses === null) return `${plural(uses, 'use')}, no limit`;
  return `${uses} of ${plural(maxUses, 'use')}`;
}

const createdFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CAMPUS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Created Nov 27, 6:42 PM" on the campus clock. */
export function createdLabel(createdAt: string): string {
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return 'Created';
  return `Created ${createdFormat.format(instant).replace(/[\u202f\u00a0]/g, ' ')}`;
}

/** "1 request to join", "2 requests to join". */
export function requestCountLabel(count: number): string {
  return `${plural(count, 'request')} to join`;
}

/** "Delete the meeting on Tuesday at 7:30 PM?" */
export function deleteMeetingQuestion(meeting: Pick<Meeting, 'day' | 'time'>): string {
  return `Delete the meeting on ${meeting.day} at ${formatTime12(meeting.time)}?`;
}

/** The member who owns the group next unless its owner picks another: the longest-standing (members come in the order they joined). */
export function defaultNextOwner(group: Pick<StudyGroup, 'members' | 'owner'>): number | undefined {
  return group.members.find((member) => member.id !== group.owner.id)?.id;
}

/** What the group modal offers a student of the course who is not in the group. */
export type WayIn = 'invited' | 'requested' | 'declined' | 'full' | 'ask' | 'join';

/**
 * An owner's invite comes first (it lets them in, public or private); a
 * private group then shows their own request (waiting, or declined: they
 * cannot ask again), or Ask to join, full or not (the owner may make room
 * before answering); a public one Join Group, or "Full" at its size limit.
 */
export function wayIn(group: Pick<StudyGroup, 'public' | 'size' | 'maxMembers'>, joinRequest: JoinRequestState | null): WayIn {
  const full = group.size + 1 >= group.maxMembers;
  if (joinRequest?.kind === 'invite' && joinRequest.status === 'pending') return 'invited';
  if (!group.public) return joinRequest?.kind !== 'request' ? 'ask' : joinRequest.status === 'pending' ? 'requested' : 'declined';
  return full ? 'full' : 'join';
}
