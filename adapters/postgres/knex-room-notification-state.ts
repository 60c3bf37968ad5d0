// A room's members with their read markers and notification marks in one
// query (course_members, or a group's members and its owner, as chat access
// counts them); the marks in notification_marks.
import type { Knex } from 'knex';
import type { NotifiedRoom, RoomNotificationState } from '@application/ports/room-notification-state';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import { UserId } from '@domain/ids';
import type { NotificationChannel } from '@domain/notifications/notification-preferences';

interface ReaderRow {
  user_id: number;
  username: string;
  joined_at: Date | string;
  read_ms: string | number | null;
  read_seq: number | null;
  through_ms: string | number | null;
  through_seq: number | null;
}

const MARKS = `left join chat_read_markers r on r.user_id = u.id and r.room_type = :kind and r.room_id = :room
               left join notification_marks n on n.user_id = u.id and n.room_type = :kind and n.room_id = :room and n.channel = :channel`;
const COLUMNS = 'u.id as user_id, u.username, m.joined_at, r.read_ms, r.read_seq, n.through_ms, n.through_seq';

const idOf = (ms: string | number | null, seq: number | null): MessageId | null => (ms === null ? null : { ms: Number(ms), seq: seq! });

export class KnexRoomNotificationState implements RoomNotificationState {
  constructor(private readonly db: Knex) {}

  async readersOf(room: ChatRoom, channel: NotificationChannel): Promise<NotifiedRoom | null> {
    const bindings = { kind: room.kind, room: room.id, channel };
    let name: string | undefined;
    let rows: ReaderRow[];
    if (room.kind === 'course') {
      name = (await this.db('catalog_courses').where({ id: room.id }).first<{ course_number: string } | undefined>('course_number'))
        ?.course_number;
      if (name === undefined) return null;
      ({ rows } = await this.db.raw<{ rows: ReaderRow[] }>(
        `select ${COLUMNS} from course_members m join users u on u.id = m.user_id ${MARKS}
         where m.course_id = :room order by m.seq`,
        bindings,
      ));
    } else {
      name = (await this.db('study_groups').where({ id: room.id }).first<{ name: string } | undefined>('name'))?.name;
      if (name === undefined) return null;
      // The owner is a member whether or not study_group_members lists them (as for chat access).
      ({ rows } = await this.db.raw<{ rows: ReaderRow[] }>(
        `select ${COLUMNS} from (
           select user_id, joined_at from study_group_members where study_group_id = :room
           union all
           select owner_id, created_at from study_groups g where g.id = :room
             and not exists (select 1 from study_group_members x where x.study_group_id = g.id and x.user_id = g.owner_id)
         ) m join users u on u.id = m.user_id ${MARKS}
         order by m.joined_at, u.id`,
        bindings,
      ));
    }
    return {
      name,
      url: room.kind === 'course' ? `/course/${room.id}` : `/study-group/${room.id}`,
      readers: rows.map((row) => ({
        userId: UserId(row.user_id),
        username: row.username,
        joinedAt: new Date(row.joined_at),
        lastRead: idOf(row.read_ms, row.read_seq),
        notifiedThrough: idOf(row.through_ms, row.through_seq),
      })),
    };
  }

  async markNotified(userId: UserId, room: ChatRoom, channel: NotificationChannel, through: MessageId): Promise<void> {
    // Only forward: a slower gathering of an older batch keeps the newer mark.
    await this.db.raw(
      `insert into notification_marks as n (user_id, room_type, room_id, channel, through_ms, through_seq, updated_at)
       values (?, ?, ?, ?, ?, ?, now())
       on conflict (room_type, room_id, channel, user_id) do update set
         through_ms = excluded.through_ms, through_seq = excluded.through_seq, updated_at = now()
       where (excluded.through_ms, excluded.through_seq) > (n.through_ms, n.through_seq)`,
      [userId, room.kind, room.id, channel, through.ms, through.seq],
    );
  }
}
