// Rate limits move to rate-limiter-flexible: its Postgres store's table (the
// column order is the library's: it inserts positionally) replaces the
// hand-written fixed-window table rate_limits, which nothing reads any more.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_points', (t) => {
    // Text, not the library's varchar(255): keys hold a typed username.
    t.text('key').primary();
    t.integer('points').notNullable().defaultTo(0);
    // Epoch milliseconds; null never expires (not used).
    t.bigInteger('expire');
    t.index(['expire'], 'rate_limit_points_expire');
  });
  await knex.schema.dropTableIfExists('rate_limits');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 300).primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });
  await knex.schema.dropTableIfExists('rate_limit_points');
}
