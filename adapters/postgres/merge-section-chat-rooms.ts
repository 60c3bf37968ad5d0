// One room per course (issue 24): the chat of a section's room (room_type
// 'course', room_id a section's id, a row of courses) moves into its course's
// room (courses.course_group_id). Courses and sections share one id space
// since migration 20261130000000, so a course-kind room whose id is a
// section's is a section room left to merge.
//
// A message's id is its stream id "ms-seq", unique per room; two sections'
// rooms can hold the same one. An id that is free in the course room keeps
// its number; one that is not (or that a section merged before it holds)
// moves above every sequence of its millisecond in the course room, and so do
// the ids after it in that millisecond of the same section, so each room's
// order, and time order by the millisecond, hold. Everything that names an id
// follows it: edit and delete targets, chat_message_edits (the changed
// message and its latest change), read markers. A student's marker in the
// course room is the latest of theirs. A client message id a student already
// used in the course room is dropped from the later row.
//
// chat_section_id_moves records where every id of a section went, so a merge
// run again (the projector's one-time step after it archived what the section
// streams still held, see adapters/redis/chat-section-merge.ts) gives the same
// id the same place: an id only chat_message_edits or a marker names (its
// entry still in a Redis stream) is placed once, where its row lands when it
// is archived, and a row already moved, archived again from its stream, is a
// duplicate and dropped.
//
// Migration 20261130100000 runs it over every section, with nothing else
// writing; the projector's step course by course under the rooms' locks
// (KnexChatArchive.mergeSectionRooms). Written against the chat tables as
// that migration leaves them: a later migration that changes them must keep
// this working, or give the migration a copy of its own.
import type { Knex } from 'knex';

/** What a merge moved. */
export interface SectionRoomMerge {
  /** Section rooms that held chat. */
  sections: number;
  /** chat_messages rows moved into course rooms. */
  messages: number;
  /** Ids placed at a new sequence of their millisecond (their number was taken in the course room). */
  renumbered: number;
  /** Rows of a section room already moved before (an entry archived again from its stream), dropped. */
  duplicates: number;
  /** Changed messages' states moved. */
  edits: number;
  /** Read markers of section rooms merged into course rooms' markers. */
  markers: number;
}

type Db = Knex | Knex.Transaction;

/**
 * Merges the section rooms of the given courses (all courses when none are
 * given) into their course rooms. Takes no lock: a caller beside live
 * writers holds the rooms' locks (KnexChatArchive.mergeSectionRooms).
 */
export async function mergeSectionChatRooms(db: Db, courseIds?: number[]): Promise<SectionRoomMerge> {
  // The work tables live until the transaction ends.
  if (!db.isTransaction) return db.transaction((trx) => mergeSectionChatRooms(trx, courseIds));
  const one = async (sql: string, bindings: readonly Knex.RawBinding[] = []) =>
    Number((await db.raw<{ rows: { n: number | string }[] }>(sql, bindings)).rows[0].n);

  for (const table of ['section_merge_rooms', 'section_merge_ids', 'section_merge_taken'])
    await db.raw(`drop table if exists pg_temp.${table}`);

  // The section rooms holding anything: messages, changed messages' states, read markers.
  await db.raw(
    `create temporary table section_merge_rooms on commit drop as
     select s.id as section_id, s.course_group_id as course_id
     from courses s
     where (${courseIds ? 's.course_group_id = any(?::int[])' : 'true'})
       and (exists (select 1 from chat_messages m where m.room_type = 'course' and m.room_id = s.id)
            or exists (select 1 from chat_message_edits e where e.room_type = 'course' and e.room_id = s.id)
            or s.id in (select distinct r.room_id from chat_read_markers r where r.room_type = 'course'))`,
    courseIds ? [courseIds] : [],
  );
  const sections = await one('select count(*) as n from section_merge_rooms');
  if (sections === 0) return { sections: 0, messages: 0, renumbered: 0, duplicates: 0, edits: 0, markers: 0 };

  // Every id the section rooms name: their rows' (is_row), the targets of
  // their changes, the changed messages and latest changes of
  // chat_message_edits, and where their read markers stand.
  await db.raw(
    `create temporary table section_merge_ids on commit drop as
     select x.section_id, x.course_id, x.ms, x.seq, bool_or(x.is_row) as is_row
     from (
       select s.section_id, s.course_id, m.stream_ms as ms, m.stream_seq as seq, true as is_row
       from section_merge_rooms s join chat_messages m on m.room_type = 'course' and m.room_id = s.section_id
       union all
       select s.section_id, s.course_id, m.target_ms, m.target_seq, false
       from section_merge_rooms s join chat_messages m on m.room_type = 'course' and m.room_id = s.section_id
       where m.target_ms is not null
       union all
       select s.section_id, s.course_id, e.target_ms, e.target_seq, false
       from section_merge_rooms s join chat_message_edits e on e.room_type = 'course' and e.room_id = s.section_id
       union all
       select s.section_id, s.course_id, e.event_ms, e.event_seq, false
       from section_merge_rooms s join chat_message_edits e on e.room_type = 'course' and e.room_id = s.section_id
       union all
       select s.section_id, s.course_id, r.read_ms, r.read_seq, false
       from section_merge_rooms s join chat_read_markers r on r.room_type = 'course' and r.room_id = s.section_id
     ) x
     group by x.section_id, x.course_id, x.ms, x.seq`,
  );
  await db.raw('create index on section_merge_ids (section_id, ms, seq)');
  await db.raw('analyze section_merge_ids');

  // The ids the course rooms hold already, in the milliseconds in question:
  // rows, changed messages and latest changes, and ids placed by a merge
  // before (whose rows are still to come).
  await db.raw(
    `create temporary table section_merge_taken on commit drop as
     with wanted as (select distinct course_id, ms from section_merge_ids)
     select w.course_id, m.stream_ms as ms, m.stream_seq as seq
     from wanted w join chat_messages m on m.room_type = 'course' and m.room_id = w.course_id and m.stream_ms = w.ms
     union
     select w.course_id, e.target_ms, e.target_seq
     from wanted w join chat_message_edits e on e.room_type = 'course' and e.room_id = w.course_id and e.target_ms = w.ms
     union
     select w.course_id, e.event_ms, e.event_seq
     from wanted w join chat_message_edits e on e.room_type = 'course' and e.room_id = w.course_id and e.event_ms = w.ms
     union
     select w.course_id, v.ms, v.course_seq
     from wanted w join chat_section_id_moves v on v.course_id = w.course_id and v.ms = w.ms`,
  );
  await db.raw('create index on section_merge_taken (course_id, ms, seq)');
  await db.raw('analyze section_merge_taken');

  // Each id not placed before gets its place. It clashes when the course
  // room holds it or a section merged before it (a lower id) names it too;
  // from a section's first clashing id of a millisecond on, its ids of that
  // millisecond move above every sequence the millisecond has (in the course
  // room and among the ids placed), in their order.
  const renumbered = await one(
    `with unplaced as (
       select i.section_id, i.course_id, i.ms, i.seq from section_merge_ids i
       where not exists (select 1 from chat_section_id_moves v where v.section_id = i.section_id and v.ms = i.ms and v.section_seq = i.seq)
     ),
     clashing as (
       select p.*,
              (exists (select 1 from section_merge_taken t where t.course_id = p.course_id and t.ms = p.ms and t.seq = p.seq)
               or exists (select 1 from unplaced q where q.course_id = p.course_id and q.ms = p.ms and q.seq = p.seq and q.section_id < p.section_id))
                as clashes,
              greatest(max(p.seq) over (partition by p.course_id, p.ms),
                       (select max(t.seq) from section_merge_taken t where t.course_id = p.course_id and t.ms = p.ms)) as top
       from unplaced p
     ),
     marked as (
       select c.*, coalesce(c.seq >= min(c.seq) filter (where c.clashes) over (partition by c.section_id, c.ms), false) as moves_up
       from clashing c
     ),
     placed as (
       insert into chat_section_id_moves (section_id, ms, section_seq, course_id, course_seq)
       select section_id, ms, seq, course_id,
              case when moves_up then top + row_number() over (partition by course_id, ms, moves_up order by section_id, seq) else seq end
       from marked
       returning section_seq <> course_seq as moved_up
     )
     select count(*) filter (where moved_up) as n from placed`,
  );

  // A row placed before is a copy of one already in its course room (its
  // stream entry archived again): dropped.
  const duplicates = await one(
    `with dropped as (
       delete from chat_messages m using section_merge_rooms s, chat_section_id_moves v
       where m.room_type = 'course' and m.room_id = s.section_id
         and v.section_id = s.section_id and v.ms = m.stream_ms and v.section_seq = m.stream_seq and v.archived
       returning 1
     ) select count(*) as n from dropped`,
  );
  await db.raw(
    `update chat_section_id_moves v set archived = true from section_merge_ids i
     where i.is_row and v.section_id = i.section_id and v.ms = i.ms and v.section_seq = i.seq and not v.archived`,
  );

  // A client message id once per student and room: the course room's own row
  // keeps it, else the earliest of the rows coming in.
  await db.raw(
    `update chat_messages m set client_message_id = null
     from (
       select m2.id,
              row_number() over (partition by s.course_id, m2.user_id, m2.client_message_id
                                 order by m2.stream_ms, m2.stream_seq, m2.room_id) as n,
              exists (select 1 from chat_messages c
                      where c.room_type = 'course' and c.room_id = s.course_id
                        and c.user_id = m2.user_id and c.client_message_id = m2.client_message_id) as taken
       from section_merge_rooms s
       join chat_messages m2 on m2.room_type = 'course' and m2.room_id = s.section_id
       where m2.client_message_id is not null
     ) d
     where m.id = d.id and (d.n > 1 or d.taken)`,
  );

  // The rows, with their targets (set expressions read the row as it was).
  const messages = await one(
    `with moved as (
       update chat_messages m set
         room_id = v.course_id,
         stream_seq = v.course_seq,
         target_seq = (select t.course_seq from chat_section_id_moves t
                       where t.section_id = m.room_id and t.ms = m.target_ms and t.section_seq = m.target_seq)
       from section_merge_rooms s, chat_section_id_moves v
       where m.room_type = 'course' and m.room_id = s.section_id
         and v.section_id = s.section_id and v.ms = m.stream_ms and v.section_seq = m.stream_seq
       returning 1
     ) select count(*) as n from moved`,
  );

  // The changed messages' states (one the course room has already keeps the later change).
  const edits = await one(
    `with moved as (
       insert into chat_message_edits as k
         (room_type, room_id, target_ms, target_seq, message, edited_at, deleted_at, event_ms, event_seq, edit_count)
       select 'course', s.course_id, e.target_ms, t.course_seq, e.message, e.edited_at, e.deleted_at, e.event_ms, v.course_seq, e.edit_count
       from section_merge_rooms s
       join chat_message_edits e on e.room_type = 'course' and e.room_id = s.section_id
       join chat_section_id_moves t on t.section_id = s.section_id and t.ms = e.target_ms and t.section_seq = e.target_seq
       join chat_section_id_moves v on v.section_id = s.section_id and v.ms = e.event_ms and v.section_seq = e.event_seq
       on conflict (room_type, room_id, target_ms, target_seq) do update set
         message = excluded.message, edited_at = excluded.edited_at, deleted_at = excluded.deleted_at,
         event_ms = excluded.event_ms, event_seq = excluded.event_seq, edit_count = greatest(k.edit_count, excluded.edit_count)
       where (excluded.event_ms, excluded.event_seq) > (k.event_ms, k.event_seq)
       returning 1
     ) select count(*) as n from moved`,
  );
  await db.raw(`delete from chat_message_edits e using section_merge_rooms s where e.room_type = 'course' and e.room_id = s.section_id`);

  // Removed means removed: every row of a changed message (the message, its
  // changes) holds its current text, rows archived from a stream under the
  // section (which knew no state there) included.
  await db.raw(
    `update chat_messages m set message = e.message
     from chat_message_edits e
     where m.room_type = 'course' and m.room_id in (select distinct course_id from section_merge_rooms)
       and e.room_type = 'course' and e.room_id = m.room_id
       and e.target_ms = coalesce(m.target_ms, m.stream_ms) and e.target_seq = coalesce(m.target_seq, m.stream_seq)
       and m.message <> e.message`,
  );

  // Each student's latest marker of the course's sections, and the course room's own if later.
  const markers = await one(
    `with merged as (
       insert into chat_read_markers as r (user_id, room_type, room_id, read_ms, read_seq, updated_at)
       select distinct on (k.user_id, s.course_id) k.user_id, 'course', s.course_id, k.read_ms, coalesce(v.course_seq, k.read_seq), k.updated_at
       from section_merge_rooms s
       join chat_read_markers k on k.room_type = 'course' and k.room_id = s.section_id
       left join chat_section_id_moves v on v.section_id = s.section_id and v.ms = k.read_ms and v.section_seq = k.read_seq
       order by k.user_id, s.course_id, k.read_ms desc, coalesce(v.course_seq, k.read_seq) desc
       on conflict (user_id, room_type, room_id) do update set
         read_ms = case when (excluded.read_ms, excluded.read_seq) > (r.read_ms, r.read_seq) then excluded.read_ms else r.read_ms end,
         read_seq = case when (excluded.read_ms, excluded.read_seq) > (r.read_ms, r.read_seq) then excluded.read_seq else r.read_seq end,
         updated_at = greatest(r.updated_at, excluded.updated_at)
       returning 1
     ) select count(*) as n from merged`,
  );
  await db.raw(`delete from chat_read_markers k using section_merge_rooms s where k.room_type = 'course' and k.room_id = s.section_id`);

  return { sections, messages, renumbered, duplicates, edits, markers };
}

/** The courses with a section room that holds anything (messages, changed messages' states, read markers). */
export async function coursesWithSectionChat(db: Db): Promise<number[]> {
  const { rows } = await db.raw<{ rows: { course_id: number }[] }>(
    `select distinct s.course_group_id as course_id
     from courses s
     where exists (select 1 from chat_messages m where m.room_type = 'course' and m.room_id = s.id)
        or exists (select 1 from chat_message_edits e where e.room_type = 'course' and e.room_id = s.id)
        or s.id in (select distinct r.room_id from chat_read_markers r where r.room_type = 'course')
     order by 1`,
  );
  return rows.map((row) => row.course_id);
}

/** The course of each of these ids that is a section's (the others are not in the map). */
export async function coursesOfSections(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db('courses').whereIn('id', ids).select<{ id: number; course_group_id: number }[]>('id', 'course_group_id');
  return new Map(rows.map((row) => [row.id, row.course_group_id]));
}

/** The ids of a course's sections. */
export async function sectionsOf(db: Db, courseId: number): Promise<number[]> {
  return db('courses').where({ course_group_id: courseId }).orderBy('id').pluck('id');
}
