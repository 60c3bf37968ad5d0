// The meetings of study groups in Postgres / PGlite, for KnexStudyGroupRepository:
// plans (meetings), cancelled dates (meeting_cancellations) and Going / Not
// going (meeting_answers, one per student for a date and one for the series).
// Dates are DATE columns read as text: pg would turn a DATE into a Date at the
// server's zone's midnight.
import type { Knex } from 'knex';
import type { MeetingId, StudyGroupId, UserId } from '@domain/ids';
import type { MeetingAnswer } from '@domain/study-group/meeting-answers';
import { isOccurrenceDate, type MeetingKind, type MeetingPlan } from '@domain/study-group/meeting-plan';
import type { Weekday } from '@domain/study-group/meeting-rules';
import type { Meeting } from '@domain/study-group/study-group';

interface MeetingRow {
  id: MeetingId;
  study_group_id: StudyGroupId;
  kind: MeetingKind;
  title: string;
  day: Weekday;
  time: string;
  length_minutes: number;
  location: string;
  start_date: string;
  end_date: string;
}

const MEETING_COLUMNS = [
  'id',
  'study_group_id',
  'kind',
  'title',
  'day',
  'time',
  'length_minutes',
  'location',
  "to_char(start_date, 'YYYY-MM-DD') as start_date",
  "to_char(end_date, 'YYYY-MM-DD') as end_date",
];

function meetingColumns(db: Knex): never {
  return MEETING_COLUMNS.map((column) => db.raw(column)) as never;
}

function meetingRow(plan: MeetingPlan) {
  return {
    kind: plan.kind,
    title: plan.title,
    day: plan.day,
    time: plan.time,
    length_minutes: plan.lengthMinutes,
    location: plan.location,
    start_date: plan.startDate,
    end_date: plan.endDate,
  };
}

function toMeeting(row: MeetingRow, cancelledDates: string[] = []): Meeting {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    day: row.day,
    time: row.time,
    lengthMinutes: row.length_minutes,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    cancelledDates: [...cancelledDates].sort(),
  };
}

/** The distinct occurrence dates (YYYY-MM-DD) a meeting's cancellations or answers name. */
async function datesOf(trx: Knex.Transaction, table: 'meeting_cancellations' | 'meeting_answers', meetingId: MeetingId): Promise<string[]> {
  const rows: { date: string }[] = await trx(table)
    .where('meeting_id', meetingId)
    .whereNotNull('occurrence_date')
    .distinct(trx.raw("to_char(occurrence_date, 'YYYY-MM-DD') as date"));
  return rows.map((row) => row.date);
}

/** The meetings of these groups with their cancelled dates, by group (two queries side by side). */
export async function readMeetings(db: Knex, groupIds: StudyGroupId[]): Promise<Map<StudyGroupId, Meeting[]>> {
  const [meetingRows, cancelledRows] = await Promise.all([
    db('meetings').whereIn('study_group_id', groupIds).select(meetingColumns(db)) as Promise<MeetingRow[]>,
    db('meeting_cancellations as c')
      .join('meetings as m', 'm.id', 'c.meeting_id')
      .whereIn('m.study_group_id', groupIds)
      .select('c.meeting_id', db.raw("to_char(c.occurrence_date, 'YYYY-MM-DD') as date")) as Promise<
      { meeting_id: MeetingId; date: string }[]
    >,
  ]);
  const cancelledOf = new Map<MeetingId, string[]>();
  for (const row of cancelledRows) cancelledOf.set(row.meeting_id, [...(cancelledOf.get(row.meeting_id) ?? []), row.date]);
  const byGroup = new Map<StudyGroupId, Meeting[]>();
  for (const row of meetingRows) {
    byGroup.set(row.study_group_id, [...(byGroup.get(row.study_group_id) ?? []), toMeeting(row, cancelledOf.get(row.id))]);
  }
  return byGroup;
}

/** Inside the transaction that holds the group's lock and admitted the meeting. */
export async function insertMeeting(trx: Knex.Transaction, groupId: StudyGroupId, plan: MeetingPlan): Promise<Meeting> {
  const [row]: MeetingRow[] = await trx('meetings')
    .insert({ study_group_id: groupId, ...meetingRow(plan) })
    .returning(meetingColumns(trx));
  return toMeeting(row);
}

/** The new plan; dates that are no longer occurrences of it lose their cancellation and answers. */
export function updateMeeting(db: Knex, groupId: StudyGroupId, meetingId: MeetingId, plan: MeetingPlan): Promise<Meeting | null> {
  return db.transaction(async (trx) => {
    const [row]: MeetingRow[] = await trx('meetings')
      .where({ id: meetingId, study_group_id: groupId })
      .update(meetingRow(plan))
      .returning(meetingColumns(trx));
    if (!row) return null;
    const stale = (dates: string[]) => dates.filter((date) => !isOccurrenceDate(plan, date));
    const cancelled = await datesOf(trx, 'meeting_cancellations', meetingId);
    const answered = await datesOf(trx, 'meeting_answers', meetingId);
    await trx('meeting_cancellations').where('meeting_id', meetingId).whereIn('occurrence_date', stale(cancelled)).delete();
    await trx('meeting_answers').where('meeting_id', meetingId).whereIn('occurrence_date', stale(answered)).delete();
    return toMeeting(
      row,
      cancelled.filter((date) => isOccurrenceDate(plan, date)),
    );
  });
}

export function setOccurrenceCancelled(
  db: Knex,
  groupId: StudyGroupId,
  meetingId: MeetingId,
  date: string,
  cancelled: boolean,
): Promise<Meeting | null> {
  return db.transaction(async (trx) => {
    const row: MeetingRow | undefined = await trx('meetings')
      .where({ id: meetingId, study_group_id: groupId })
      .forUpdate()
      .first(meetingColumns(trx));
    if (!row) return null;
    if (cancelled) await trx('meeting_cancellations').insert({ meeting_id: meetingId, occurrence_date: date }).onConflict().ignore();
    else await trx('meeting_cancellations').where({ meeting_id: meetingId, occurrence_date: date }).delete();
    return toMeeting(row, await datesOf(trx, 'meeting_cancellations', meetingId));
  });
}

/** Replaces the student's answer for the date (null: the series); `going` null only clears it. False: no such meeting in the group. */
export function answerMeeting(
  db: Knex,
  groupId: StudyGroupId,
  meetingId: MeetingId,
  userId: UserId,
  date: string | null,
  going: boolean | null,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const meeting = await trx('meetings').where({ id: meetingId, study_group_id: groupId }).forUpdate().first('id');
    if (!meeting) return false;
    const answer = trx('meeting_answers').where({ meeting_id: meetingId, user_id: userId });
    if (date === null) answer.whereNull('occurrence_date');
    else answer.andWhere('occurrence_date', date);
    await answer.delete();
    if (going !== null) {
      await trx('meeting_answers').insert({ meeting_id: meetingId, user_id: userId, occurrence_date: date, going, updated_at: new Date() });
    }
    return true;
  });
}

/** Series answers and answers for dates from `fromDate` on, of every meeting of these groups, in one query. */
export async function readMeetingAnswers(db: Knex, groupIds: StudyGroupId[], fromDate: string): Promise<MeetingAnswer[]> {
  if (groupIds.length === 0) return [];
  const rows: { meeting_id: MeetingId; user_id: UserId; date: string | null; going: boolean }[] = await db('meeting_answers as a')
    .join('meetings as m', 'm.id', 'a.meeting_id')
    .whereIn('m.study_group_id', groupIds)
    .andWhere((q) => {
      void q.whereNull('a.occurrence_date').orWhere('a.occurrence_date', '>=', fromDate);
    })
    .select('a.meeting_id', 'a.user_id', db.raw("to_char(a.occurrence_date, 'YYYY-MM-DD') as date"), 'a.going');
  return rows.map((row) => ({ meetingId: row.meeting_id, userId: row.user_id, date: row.date, going: row.going }));
}

/** Inside a leave's transaction: a former member's answers go (the group no longer counts on them). */
export async function deleteMemberAnswers(trx: Knex.Transaction, groupId: StudyGroupId, userId: UserId): Promise<void> {
  await trx('meeting_answers')
    .where('user_id', userId)
    .whereIn('meeting_id', trx('meetings').where('study_group_id', groupId).select('id'))
    .delete();
}
