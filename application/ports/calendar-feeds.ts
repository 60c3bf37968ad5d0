// Calendar subscription addresses (one per student, its token kept only as a
// SHA-256 hash), the one read a feed needs (every group the student is in,
// with its meetings), and the revisions of the events
// served, so a changed meeting reaches calendar apps with a higher SEQUENCE.
import type { MeetingId, StudyGroupId, UserId } from '@domain/ids';
import type { Meeting } from '@domain/study-group/study-group';

export interface CalendarFeedRecord {
  userId: UserId;
  createdAt: Date;
}

/** A group a feed shows: its name and description and its meetings. */
export interface FeedGroup {
  groupId: StudyGroupId;
  name: string;
  description: string;
  meetings: Meeting[];
}

/** What one meeting's event has been served as: SEQUENCE and LAST-MODIFIED. */
export interface EventRevision {
  sequence: number;
  modifiedAt: Date;
}

export interface CalendarFeeds {
  /**
   * A new address for the student, replacing any old one (which stops working
   * at once). Its token (32 random bytes, base64url) is answered here only:
   * only its SHA-256 hash is kept.
   */
  create(userId: UserId, now: Date): Promise<{ feed: CalendarFeedRecord; token: string }>;
  /** The student's working address, or null. */
  find(userId: UserId): Promise<CalendarFeedRecord | null>;
  /** Turns the student's address off; false when there was none. */
  revoke(userId: UserId): Promise<boolean>;
  /** The student whose working address carries the token, or null. */
  ownerOf(token: string): Promise<UserId | null>;
  /** Every group the student is in, with its meetings, in one read. */
  groupsOf(userId: UserId): Promise<FeedGroup[]>;
  /**
   * The revision of each meeting's event as it is served now, given what it
   * looks like (`fingerprint`): a meeting seen for the first time starts at
   * sequence 0; one whose fingerprint changed since it was last served goes
   * one up, modified `now`; one unchanged keeps its revision.
   */
  revise(events: { meetingId: MeetingId; fingerprint: string }[], now: Date): Promise<Map<MeetingId, EventRevision>>;
}
