// Calendar feeds in memory, for unit tests: addresses by their token's hash
// (as the database keeps them), the student's groups read through the study
// group repository and the catalog fakes, and served event revisions.
import type { CalendarFeedRecord, CalendarFeeds, EventRevision, FeedGroup } from '@application/ports/calendar-feeds';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { MeetingId, UserId } from '@domain/ids';
import { accountTokenHash, newAccountToken } from '@adapters/security/account-token-secret';

export class InMemoryCalendarFeeds implements CalendarFeeds {
  private readonly feeds = new Map<UserId, { hash: string; createdAt: Date }>();
  private readonly revisions = new Map<MeetingId, EventRevision & { fingerprint: string }>();

  constructor(private readonly groups: StudyGroupRepository) {}

  async create(userId: UserId, now: Date): Promise<{ feed: CalendarFeedRecord; token: string }> {
    const token = newAccountToken();
    this.feeds.set(userId, { hash: accountTokenHash(token), createdAt: now });
    return { feed: { userId, createdAt: now }, token };
  }

  async find(userId: UserId): Promise<CalendarFeedRecord | null> {
    const feed = this.feeds.get(userId);
    return feed ? { userId, createdAt: feed.createdAt } : null;
  }

  async revoke(userId: UserId): Promise<boolean> {
    return this.feeds.delete(userId);
  }

  async ownerOf(token: string): Promise<UserId | null> {
    const hash = accountTokenHash(token);
    for (const [userId, feed] of this.feeds) if (feed.hash === hash) return userId;
    return null;
  }

  async groupsOf(userId: UserId): Promise<FeedGroup[]> {
    const groups = await this.groups.listByMember(userId);
    return Promise.all(
      [...groups]
        .sort((a, b) => a.id - b.id)
        .map(async (group) => ({
          groupId: group.id,
          name: group.name,
          description: group.description,
          meetings: [...group.meetings].sort((a, b) => a.id - b.id).map((m) => ({ ...m })),
        })),
    );
  }

  async revise(events: { meetingId: MeetingId; fingerprint: string }[], now: Date): Promise<Map<MeetingId, EventRevision>> {
    const answer = new Map<MeetingId, EventRevision>();
    for (const { meetingId, fingerprint } of events) {
      const known = this.revisions.get(meetingId);
      const next =
        known === undefined
          ? { fingerprint, sequence: 0, modifiedAt: now }
          : known.fingerprint === fingerprint
            ? known
            : { fingerprint, sequence: known.sequence + 1, modifiedAt: now };
      this.revisions.set(meetingId, next);
      answer.set(meetingId, { sequence: next.sequence, modifiedAt: next.modifiedAt });
    }
    return answer;
  }
}
