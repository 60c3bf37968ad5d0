// What keeps a group's members busy, in Postgres / PGlite: one query for the
// whole group (a union of its members, their class meetings of the group's
// course's term, their other groups' meetings, their busy grids and their
// preferred hours), and each student's own grid.
import type { Knex } from 'knex';
import type { MemberScheduleRecord, MemberSchedules } from '@application/ports/member-schedules';
import type { MeetTime } from '@domain/course/course';
import { UserId, type StudyGroupId } from '@domain/ids';
import type { BusyGrid } from '@domain/study-group/busy-grid';
import type { Weekday } from '@domain/study-group/meeting-rules';
import { json } from './course-row';

interface ScheduleRow {
  user_id: number;
  kind: 'member' | 'class' | 'meeting' | 'busy' | 'hours';
  meet_times: MeetTime[] | string | null;
  day_name: string | null;
  day: number | null;
  time: string | null;
  start_minute: number | null;
  end_minute: number | null;
}

// Every branch keeps to the group's members (gm); a member's classes are the
// sections they are in of the term of the group's course.
const SCHEDULES_SQL = `
  select gm.user_id, 'member' as kind, null::jsonb as meet_times, null::text as day_name, null::int as day,
         null::text as time, null::int as start_minute, null::int as end_minute
  from study_group_members gm where gm.study_group_id = :groupId
  union all
  select gm.user_id, 'class', c.meet_times, null, null, null, null, null
  from study_group_members gm
  join study_groups g on g.id = gm.study_group_id
  join catalog_courses gc on gc.id = g.course_id
  join section_members sm on sm.user_id = gm.user_id
  join courses c on c.id = sm.section_id and c.term = gc.term
  where gm.study_group_id = :groupId
  union all
  select gm.user_id, 'meeting', null, m.day, null, to_char(m.time, 'HH24:MI:SS'), null, m.length_minutes
  from study_group_members gm
  join study_group_members other on other.user_id = gm.user_id and other.study_group_id <> gm.study_group_id
  join meetings m on m.study_group_id = other.study_group_id and m.kind = 'weekly' and m.end_date >= cast(:today as date)
  where gm.study_group_id = :groupId
  union all
  select gm.user_id, 'busy', null, null, b.day, null, b.start_minute, b.end_minute
  from study_group_members gm join student_busy_times b on b.user_id = gm.user_id
  where gm.study_group_id = :groupId
  union all
  select gm.user_id, 'hours', null, null, null, null, p.start_minute, p.end_minute
  from study_group_members gm join student_preferred_hours p on p.user_id = gm.user_id
  where gm.study_group_id = :groupId`;

export class KnexMemberSchedules implements MemberSchedules {
  constructor(private readonly db: Knex) {}

  async schedulesOf(groupId: StudyGroupId, today: string): Promise<MemberScheduleRecord[]> {
    const { rows }: { rows: ScheduleRow[] } = await this.db.raw(SCHEDULES_SQL, { groupId, today });
    const records = new Map<number, MemberScheduleRecord>();
    const recordOf = (userId: number) => {
      let record = records.get(userId);
      if (!record) {
        record = { userId: UserId(userId), classMeetings: [], otherMeetings: [], busy: [], preferred: null };
        records.set(userId, record);
      }
      return record;
    };
    for (const row of rows) {
      const record = recordOf(row.user_id);
      if (row.kind === 'class' && row.meet_times !== null) record.classMeetings.push(...json(row.meet_times));
      // A meeting's row carries its length in end_minute.
      else if (row.kind === 'meeting')
        record.otherMeetings.push({ day: row.day_name as Weekday, time: String(row.time), lengthMinutes: Number(row.end_minute) });
      else if (row.kind === 'busy')
        record.busy.push({ day: Number(row.day), start: Number(row.start_minute), end: Number(row.end_minute) });
      else if (row.kind === 'hours') record.preferred = { start: Number(row.start_minute), end: Number(row.end_minute) };
    }
    return [...records.values()];
  }

  async busyTimesOf(userId: UserId): Promise<BusyGrid> {
    const [busy, hours] = await Promise.all([
      this.db('student_busy_times')
        .where('user_id', userId)
        .orderBy(['day', 'start_minute', 'end_minute'])
        .select<{ day: number; start_minute: number; end_minute: number }[]>('day', 'start_minute', 'end_minute'),
      this.db('student_preferred_hours')
        .where('user_id', userId)
        .first<{ start_minute: number; end_minute: number } | undefined>('start_minute', 'end_minute'),
    ]);
    return {
      busy: busy.map((row) => ({ day: Number(row.day), start: Number(row.start_minute), end: Number(row.end_minute) })),
      preferred: hours ? { start: Number(hours.start_minute), end: Number(hours.end_minute) } : null,
    };
  }

  async saveBusyTimes(userId: UserId, grid: BusyGrid): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('student_busy_times').where('user_id', userId).delete();
      if (grid.busy.length > 0)
        await trx('student_busy_times').insert(
          grid.busy.map(({ day, start, end }) => ({ user_id: userId, day, start_minute: start, end_minute: end })),
        );
      if (grid.preferred)
        await trx('student_preferred_hours')
          .insert({ user_id: userId, start_minute: grid.preferred.start, end_minute: grid.preferred.end })
          .onConflict('user_id')
          .merge();
      else await trx('student_preferred_hours').where('user_id', userId).delete();
    });
  }
}
