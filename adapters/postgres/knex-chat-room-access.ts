// Room access in one query: does the course (or group) exist, and is the student in it?
import type { Knex } from 'knex';
import type { ChatRoomAccess, RoomAccess } from '../../application/ports/chat-room-access';
import type { ChatRoom } from '../../domain/chat/chat-room';

export class KnexChatRoomAccess implements ChatRoomAccess {
  constructor(private readonly db: Knex) {}

  async check(userId: number, room: ChatRoom): Promise<RoomAccess> {
    // The owner counts as a member whether or not the group feature also
    // lists them in study_group_members.
    const sql =
      room.kind === 'course'
        ? `select exists (select 1 from courses where id = :room) as room,
                  exists (select 1 from course_members where course_id = :room and user_id = :user) as member`
        : `select exists (select 1 from study_groups where id = :room) as room,
                  (exists (select 1 from study_group_members where study_group_id = :room and user_id = :user)
                   or exists (select 1 from study_groups where id = :room and owner_id = :user)) as member`;
    const { rows } = await this.db.raw<{ rows: { room: boolean; member: boolean }[] }>(sql, { room: room.id, user: userId });
    if (!rows[0].room) return 'no-room';
    return rows[0].member ? 'member' : 'not-member';
  }
}
