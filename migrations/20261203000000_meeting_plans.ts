// Meetings students can plan around (docs/decisions/0106-meetings-students-can-plan-around.md):
// a meeting is a weekly series between two campus dates or a single date, with
// a length and an optional title; the owner may cancel single occurrences of a
// series; members answer Going / Not going for one occurrence or the series.
// Meetings stored before this run on as weekly series from the day of the
// migration to their course's term's end, or for 16 weeks when that term is
// over (the catalog's 2025 terms are): nothing that showed stops showing.
import type { Knex } from 'knex';
import { termDates } from '@domain/study-group/meeting-plan';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('meetings', (t) => {
    t.string('kind', 6).notNullable().defaultTo('weekly');
    t.string('title', 400).notNullable().defaultTo('');
    t.smallint('length_minutes').notNullable().defaultTo(60);
    t.date('start_date');
    t.date('end_date');
  });

  // The backfill: today on the campus clock, and each old meeting's term end.
  const today: string = (await knex.raw(`select to_char((now() at time zone 'America/New_York')::date, 'YYYY-MM-DD') as d`)).rows[0].d;
  const rows: { id: number; term: string | null }[] = await knex('meetings as m')
    .join('study_groups as g', 'g.id', 'm.study_group_id')
    .leftJoin('catalog_courses as c', 'c.id', 'g.course_id')
    .select('m.id', 'c.term');
  const sixteenWeeks = new Date(Date.parse(`${today}T00:00:00Z`) + 16 * 7 * 86_400_000).toISOString().slice(0, 10);
  const ends = new Map<string, number[]>();
  for (const row of rows) {
    const end = row.term ? (termDates(row.term)?.end ?? null) : null;
    const until = end !== null && end >= today ? end : sixteenWeeks;
    ends.set(until, [...(ends.get(until) ?? []), row.id]);
  }
  for (const [until, ids] of ends) {
    await knex('meetings').whereIn('id', ids).update({ start_date: today, end_date: until });
  }

  await knex.schema.alterTable('meetings', (t) => {
    t.date('start_date').notNullable().alter();
    t.date('end_date').notNullable().alter();
    t.check(`kind in ('weekly', 'once')`, [], 'meetings_kind');
    t.check('length_minutes between 15 and 720', [], 'meetings_length_minutes');
    t.check('end_date >= start_date', [], 'meetings_dates');
  });

  await knex.schema.createTable('meeting_cancellations', (t) => {
    t.integer('meeting_id').notNullable().references('meetings.id').onDelete('CASCADE');
    t.date('occurrence_date').notNullable();
    t.primary(['meeting_id', 'occurrence_date']);
  });

  await knex.schema.createTable('meeting_answers', (t) => {
    t.integer('meeting_id').notNullable().references('meetings.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Null: the answer for the whole series; an occurrence's own answer overrides it.
    t.date('occurrence_date');
    t.boolean('going').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id'], 'meeting_answers_user_id');
  });
  // One answer per student for each occurrence, and one for the series (nulls not distinct).
  await knex.raw('create unique index meeting_answers_unique on meeting_answers (meeting_id, user_id, occurrence_date) nulls not distinct');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('meeting_answers');
  await knex.schema.dropTableIfExists('meeting_cancellations');
  await knex.schema.alterTable('meetings', (t) => {
    t.dropChecks(['meetings_kind', 'meetings_length_minutes', 'meetings_dates']);
    t.dropColumns('kind', 'title', 'length_minutes', 'start_date', 'end_date');
  });
}
