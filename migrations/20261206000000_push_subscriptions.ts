// Web push (docs/decisions/0114-web-push.md): each student's devices, one row
// per push endpoint (a browser profile on a phone or computer), and which
// device was already sent which message, so a retried send reaches it once.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // One device per endpoint: subscribing again replaces it; under another student it moves.
    t.text('endpoint').notNullable().unique('push_subscriptions_endpoint');
    t.string('p256dh', 100).notNullable();
    t.string('auth', 40).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'created_at'], 'push_subscriptions_user');
  });
  await knex.schema.createTable('push_deliveries', (t) => {
    t.integer('subscription_id').notNullable().references('push_subscriptions.id').onDelete('CASCADE');
    t.string('message_key', 200).notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.primary(['subscription_id', 'message_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('push_deliveries');
  await knex.schema.dropTableIfExists('push_subscriptions');
}
