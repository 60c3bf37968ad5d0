// Read markers in chat_read_markers; the student's rooms come from the course
// and group memberships in the same query.
import type { Knex } from 'knex';
import type { ReadMarkers, RoomReadState } from '@application/ports/read-markers';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';

interface RoomRow {
  kind: ChatRoom['kind'];
  id: number;
  joined_at: Date | string;
  read_ms: string | number | null;
  read_seq: number | null;
}

export class KnexReadMarkers implements ReadMarkers {
  constructor(private readonly db: Knex) {}

  async mark(userId: UserId, room: ChatRoom, id: MessageId): Promise<MessageId> {
    // Only forward: a late report from an older tab keeps the newer marker.
    const { rows } = await this.db.raw<{ rows: { read_ms: string | number; read_seq: number }[] }>(
      `insert into chat_read_markers as r (user_id, room_type, room_id, read_ms, read_seq, updated_at)
       values (?, ?, ?, ?, ?, now())
       on conflict (user_id, room_type, room_id) do update set
         read_ms = case when (excluded.read_ms, excluded.read_seq) > (r.read_ms, r.read_seq) then excluded.read_ms else r.read_ms end,
         read_seq = case when (excluded.read_ms, excluded.read_seq) > (r.read_ms, r.read_seq) then excluded.read_seq else r.read_seq end,
         updated_at = now()
       returning read_ms, read_seq`,
      [userId, room.kind, room.id, id.ms, id.seq],
    );
    return { ms: Number(rows[0].read_ms), seq: rows[0].read_seq };
  }

  async roomsOf(userId: UserId): Promise<RoomReadState[]> {
    // A group's owner counts as its member whether or not study_group_members lists them (as for chat access).
    const { rows } = await this.db.raw<{ rows: RoomRow[] }>(
      `select 'course' as kind, cm.course_id as id, cm.joined_at, r.read_ms, r.read_seq, 0 as part, cm.seq as position
       from course_members cm
       left join chat_read_markers r on r.user_id = cm.user_id and r.room_type = 'course' and r.room_id = cm.course_id
       where cm.user_id = :user
       union all
       select 'group', g.id, coalesce(gm.joined_at, g.created_at), r.read_ms, r.read_seq, 1, coalesce(gm.seq, 0)
       from study_groups g
       left join study_group_members gm on gm.study_group_id = g.id and gm.user_id = :user
       left join chat_read_markers r on r.user_id = :user and r.room_type = 'group' and r.room_id = g.id
       where g.id in (select study_group_id from study_group_members where user_id = :user
                      union select id from study_groups where owner_id = :user)
       order by part, position, id`,
      { user: userId },
    );
    return rows.map((row) => ({
      room: { kind: row.kind, id: row.id },
      joinedAt: new Date(row.joined_at),
      lastRead: row.read_ms === null ? null : { ms: Number(row.read_ms), seq: row.read_seq! },
    }));
  }
}
