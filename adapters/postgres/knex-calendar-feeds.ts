// Calendar feed addresses and served event revisions in Postgres / PGlite. A
// feed's token is kept as its SHA-256 hash (as invite links and mailed links
// are); a student's groups and meetings are read in one query.
import type { Knex } from 'knex';
import type { CalendarFeedRecord, CalendarFeeds, EventRevision, FeedGroup } from '@application/ports/calendar-feeds';
import { MeetingId, StudyGroupId, type UserId } from '@domain/ids';
import { accountTokenHash as tokenHash, newAccountToken as newToken } from '@adapters/security/account-token-secret';
import { readMeetings } from './knex-meeting-plans';

interface FeedGroupRow {
  group_id: number;
  name: string;
  description: string;
}

const GROUPS_OF_SQL = `
  select g.id as group_id, g.name, g.description
  from study_group_members gm
  join study_groups g on g.id = gm.study_group_id
  where gm.user_id = :userId
  order by g.id`;

interface RevisionRow {
  meeting_id: number;
  sequence: number;
  modified_at: Date | string;
}

// Inserts the meetings seen first, bumps those whose fingerprint changed, and
// answers every one's revision: the rows written (from the upsert) and the
// rows left as they were (the statement's snapshot, before the upsert).
const REVISE_SQL = `
  with served(meeting_id, fingerprint) as (select * from unnest(cast(:ids as int[]), cast(:prints as text[]))),
  written as (
    insert into calendar_event_revisions (meeting_id, fingerprint, sequence, modified_at)
    select s.meeting_id, s.fingerprint, 0, cast(:now as timestamptz) from served s join meetings m on m.id = s.meeting_id
    on conflict (meeting_id) do update
      set fingerprint = excluded.fingerprint,
          sequence = calendar_event_revisions.sequence + 1,
          modified_at = excluded.modified_at
      where calendar_event_revisions.fingerprint <> excluded.fingerprint
    returning meeting_id, sequence, modified_at)
  select meeting_id, sequence, modified_at from written
  union all
  select r.meeting_id, r.sequence, r.modified_at
  from calendar_event_revisions r join served s on s.meeting_id = r.meeting_id
  where r.meeting_id not in (select meeting_id from written)`;

export class KnexCalendarFeeds implements CalendarFeeds {
  constructor(private readonly db: Knex) {}

  async create(userId: UserId, now: Date): Promise<{ feed: CalendarFeedRecord; token: string }> {
    const token = newToken();
    await this.db('calendar_feeds')
      .insert({ user_id: userId, token_hash: tokenHash(token), created_at: now })
      .onConflict('user_id')
      .merge();
    return { feed: { userId, createdAt: now }, token };
  }

  async find(userId: UserId): Promise<CalendarFeedRecord | null> {
    const row: { created_at: Date | string } | undefined = await this.db('calendar_feeds').where('user_id', userId).first('created_at');
    return row ? { userId, createdAt: new Date(row.created_at) } : null;
  }

  async revoke(userId: UserId): Promise<boolean> {
    const gone: unknown[] = await this.db('calendar_feeds').where('user_id', userId).delete().returning('user_id');
    return gone.length > 0;
  }

  async ownerOf(token: string): Promise<UserId | null> {
    const row: { user_id: number } | undefined = await this.db('calendar_feeds').where('token_hash', tokenHash(token)).first('user_id');
    return row ? (row.user_id as UserId) : null;
  }

  /** The student's groups (one query), then all their meetings with cancelled dates (two more, side by side). */
  async groupsOf(userId: UserId): Promise<FeedGroup[]> {
    const { rows }: { rows: FeedGroupRow[] } = await this.db.raw(GROUPS_OF_SQL, { userId });
    if (rows.length === 0) return [];
    const meetings = await readMeetings(
      this.db,
      rows.map((row) => StudyGroupId(row.group_id)),
    );
    return rows.map((row) => ({
      groupId: StudyGroupId(row.group_id),
      name: row.name,
      description: row.description,
      meetings: [...(meetings.get(StudyGroupId(row.group_id)) ?? [])].sort((a, b) => a.id - b.id),
    }));
  }

  async revise(events: { meetingId: MeetingId; fingerprint: string }[], now: Date): Promise<Map<MeetingId, EventRevision>> {
    if (events.length === 0) return new Map();
    const { rows }: { rows: RevisionRow[] } = await this.db.raw(REVISE_SQL, {
      ids: events.map((e) => e.meetingId),
      prints: events.map((e) => e.fingerprint),
      now,
    });
    return new Map(
      rows.map((row) => [MeetingId(row.meeting_id), { sequence: Number(row.sequence), modifiedAt: new Date(row.modified_at) }]),
    );
  }
}
