// The migration of meeting plans on a database with meetings: each becomes a
// weekly hour-long series from the day of the migration to its course's
// term's end, or for 16 weeks when that term is over; cancellations and
// answers go with their meeting, answers with their student; one answer per
// student for a date and one for the series; and it rolls back.
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { campusDate, dateOfDayNumber, dayNumber } from '@domain/study-group/meeting-plan';
import { insertUser } from '@tests/support/chat-fixtures';
import { describeMigration } from '@tests/support/migration-databases';

describeMigration('meeting plans migration', '20261203000000_meeting_plans', (database) => {
  it('turns old meetings into series to the term’s end (16 weeks when it is over), keeps answers unique, and rolls back', async () => {
    const db = database();
    const owner = (await insertUser(db, 'olivia')).id;
    const member = (await insertUser(db, 'marco')).id;
    const groupIn = async (term: string) => {
      const [course] = await db('catalog_courses')
        .insert({ term, term_rank: Number(term.slice(-4)) * 10, course_number: 'COP3502C', name: 'Programming 1' })
        .returning('id');
      const [group] = await db('study_groups')
        .insert({ course_id: course.id, owner_id: owner, name: term, description: '' })
        .returning('id');
      const [meeting] = await db('meetings')
        .insert({ study_group_id: group.id, day: 'Tuesday', time: '19:30:00', location: 'Marston 101' })
        .returning('id');
      return meeting.id as number;
    };
    const over = await groupIn('Fall 2025');
    const running = await groupIn('Spring 2027');

    const today = campusDate(new Date());
    await db.migrate.up({ migrationSource });
    const read = (id: number) =>
      db('meetings')
        .where({ id })
        .first(
          'kind',
          'title',
          'length_minutes',
          db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"),
          db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"),
        );
    expect(await read(over)).toEqual({
      kind: 'weekly',
      title: '',
      length_minutes: 60,
      start_date: today,
      end_date: dateOfDayNumber(dayNumber(today)! + 16 * 7),
    });
    expect(await read(running)).toMatchObject({ start_date: today, end_date: '2027-04-25' });

    await db('meeting_answers').insert({ meeting_id: over, user_id: member, occurrence_date: null, going: true });
    await db('meeting_answers').insert({ meeting_id: over, user_id: member, occurrence_date: '2027-01-05', going: false });
    await expect(
      db('meeting_answers').insert({ meeting_id: over, user_id: member, occurrence_date: null, going: false }),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await expect(
      db('meeting_answers').insert({ meeting_id: over, user_id: member, occurrence_date: '2027-01-05', going: true }),
    ).rejects.toMatchObject({ code: '23505' });
    await db('meeting_cancellations').insert({ meeting_id: over, occurrence_date: '2027-01-12' });
    await expect(db('meetings').where({ id: running }).update({ kind: 'monthly' })).rejects.toThrow();
    await expect(db('meetings').where({ id: running }).update({ length_minutes: 5 })).rejects.toThrow();

    await db('users').where({ id: member }).delete();
    expect(Number((await db('meeting_answers').count({ n: '*' }).first())!.n)).toBe(0);
    await db('meetings').where({ id: over }).delete();
    expect(Number((await db('meeting_cancellations').count({ n: '*' }).first())!.n)).toBe(0);

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasTable('meeting_answers')).toBe(false);
    expect(await db.schema.hasColumn('meetings', 'start_date')).toBe(false);
    expect(Number((await db('meetings').count({ n: '*' }).first())!.n)).toBe(1);
  });
});
