// Find a time (docs/decisions/0105-find-a-time.md): the weekly busy grid each
// student keeps on their profile (stretches of a day, in minutes since
// midnight, campus time) and the hours of the day they would rather meet in.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('student_busy_times', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.smallint('day').notNullable();
    t.smallint('start_minute').notNullable();
    t.smallint('end_minute').notNullable();
    t.check('day between 0 and 6', [], 'student_busy_times_day');
    t.check('start_minute >= 0 and start_minute < end_minute and end_minute <= 1440', [], 'student_busy_times_minutes');
    t.index(['user_id'], 'student_busy_times_user_id');
  });
  await knex.schema.createTable('student_preferred_hours', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.smallint('start_minute').notNullable();
    t.smallint('end_minute').notNullable();
    t.check('start_minute >= 0 and start_minute < end_minute and end_minute <= 1440', [], 'student_preferred_hours_minutes');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('student_preferred_hours');
  await knex.schema.dropTableIfExists('student_busy_times');
}
