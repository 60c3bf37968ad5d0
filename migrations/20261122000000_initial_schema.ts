// The whole schema the product needs: accounts, the course catalog, memberships,
// study groups with meetings, the chat archive, and the embedded mode's session
// and rate-limit tables.
import type { Knex } from 'knex';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('first_name', 50).notNullable();
    t.string('last_name', 50).notNullable();
    t.string('username', 30).notNullable();
    t.string('email', 254).notNullable();
    t.text('password_hash').notNullable();
    t.string('major', 100).notNullable();
    t.smallint('year').notNullable();
    t.string('bio', 500).notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('year between 1 and 4', [], 'users_year_range');
  });
  // Uniqueness regardless of case; these indexes also serve the login lookup.
  await knex.raw('create unique index users_username_lower_unique on users (lower(username))');
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');

  await knex.schema.createTable('courses', (t) => {
    t.increments('id').primary();
    t.string('term', 30).notNullable();
    t.integer('class_number').notNullable();
    t.string('course_number', 20).notNullable();
    t.string('name', 300).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.string('section', 20).notNullable().defaultTo('');
    t.string('credits', 20).notNullable().defaultTo('');
    t.string('department', 200).notNullable().defaultTo('');
    t.jsonb('instructors').notNullable().defaultTo('[]');
    t.string('mode', 100).notNullable().defaultTo('');
    t.unique(['term', 'class_number'], { indexName: 'courses_term_class_number_unique' });
  });
  await knex.raw('create index courses_course_number_prefix on courses (course_number text_pattern_ops)');
  await knex.raw('create index courses_term on courses (term)');

  await knex.schema.createTable('course_members', (t) => {
    t.integer('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('joined_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Join order, exact even when two joins share a clock tick.
    t.bigIncrements('seq', { primaryKey: false });
    t.primary(['course_id', 'user_id']);
    t.index(['user_id'], 'course_members_user_id');
  });

  await knex.schema.createTable('study_groups', (t) => {
    t.increments('id').primary();
    t.integer('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('description', 1000).notNullable();
    t.boolean('is_public').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['course_id'], 'study_groups_course_id');
    t.index(['owner_id'], 'study_groups_owner_id');
  });

  await knex.schema.createTable('study_group_members', (t) => {
    t.integer('study_group_id').notNullable().references('study_groups.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('joined_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Join order: ownership passes to the longest-standing member.
    t.bigIncrements('seq', { primaryKey: false });
    t.primary(['study_group_id', 'user_id']);
    t.index(['user_id'], 'study_group_members_user_id');
  });

  await knex.schema.createTable('meetings', (t) => {
    t.increments('id').primary();
    t.integer('study_group_id').notNullable().references('study_groups.id').onDelete('CASCADE');
    t.string('day', 9).notNullable();
    t.time('time').notNullable();
    t.string('location', 200).notNullable();
    t.index(['study_group_id'], 'meetings_study_group_id');
    t.check(`day in (${WEEKDAYS.map((d) => `'${d}'`).join(', ')})`, [], 'meetings_day_weekday');
  });

  // The durable archive of chat: one row per message, keyed by its stream id.
  await knex.schema.createTable('chat_messages', (t) => {
    t.bigIncrements('id').primary();
    t.string('room_type', 10).notNullable();
    t.integer('room_id').notNullable();
    // A Redis stream id "ms-seq" split in two so that cursors compare numerically.
    t.bigInteger('stream_ms').notNullable();
    t.integer('stream_seq').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('message', 2000).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['room_type', 'room_id', 'stream_ms', 'stream_seq'], { indexName: 'chat_messages_room_stream_unique' });
    t.check(`room_type in ('course', 'group')`, [], 'chat_messages_room_type');
  });

  // Embedded mode keeps sessions and rate-limit windows in the database.
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 128).primary();
    t.jsonb('data').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at'], 'sessions_expires_at');
  });

  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 300).primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'rate_limits',
    'sessions',
    'chat_messages',
    'meetings',
    'study_group_members',
    'study_groups',
    'course_members',
    'courses',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
