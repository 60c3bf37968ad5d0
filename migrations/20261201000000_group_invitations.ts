// The ways into a group besides joining a public one
// (docs/decisions/0104-ways-into-a-private-group.md): invite links, kept by
// the SHA-256 hash of their token (the token itself is shown once), with
// their expiry, uses and whether the owner turned them off; and each
// student's standing with a group they are not in: the owner's invite, or
// their request to join (pending, or declined for good).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_group_invite_links', (t) => {
    t.increments('id').primary();
    t.integer('study_group_id').notNullable().references('study_groups.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique('study_group_invite_links_token_hash');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.smallint('max_uses');
    t.integer('uses').notNullable().defaultTo(0);
    t.timestamp('revoked_at', { useTz: true });
    t.check('max_uses is null or max_uses > 0', [], 'study_group_invite_links_max_uses');
    t.check('max_uses is null or uses <= max_uses', [], 'study_group_invite_links_uses');
    // The group's links, newest first, and the count of its working ones.
    t.index(['study_group_id', 'created_at'], 'study_group_invite_links_group');
  });
  await knex.schema.createTable('study_group_join_requests', (t) => {
    t.integer('study_group_id').notNullable().references('study_groups.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 8).notNullable();
    t.string('status', 8).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['study_group_id', 'user_id']);
    t.check("kind in ('invite', 'request')", [], 'study_group_join_requests_kind');
    t.check("status = 'pending' or (kind = 'request' and status = 'declined')", [], 'study_group_join_requests_status');
    // A student's standings (a page of groups' reads them at once) and their pending requests (a cap counts them).
    t.index(['user_id', 'kind', 'status'], 'study_group_join_requests_user');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('study_group_join_requests');
  await knex.schema.dropTableIfExists('study_group_invite_links');
}
