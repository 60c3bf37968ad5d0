// Every account gets the canonical form of its username and email
// (domain/user/canonical-name.ts), unique and used by every lookup, so SQL
// never re-derives identity with lower() (whose idea of case differs from
// JavaScript's: lower('İ') is 'i' in Postgres, 'i̇' in JavaScript).
import type { Knex } from 'knex';
import { canonicalName } from '@domain/user/canonical-name';

const BATCH = 1000;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('username_canonical');
    t.text('email_canonical');
  });

  // Backfilled with the same JavaScript function the app uses. Before this
  // migration two accounts could differ only by a compatibility twin (a
  // full-width letter in the email, say); the oldest keeps the canonical form
  // and a later twin gets a marker without "@" (emails) or with ":" (usernames),
  // which no valid sign-up canonicalises to, so the unique indexes can be built
  // and the older account's name stays the one that counts.
  const rows: { id: number; username: string; email: string }[] = await knex('users').select('id', 'username', 'email').orderBy('id');
  const firstWith = { username: new Map<string, number>(), email: new Map<string, number>() };
  const canonicalOf = (kind: 'username' | 'email', value: string, id: number): string => {
    const canonical = canonicalName(value);
    const first = firstWith[kind].get(canonical);
    if (first === undefined) {
      firstWith[kind].set(canonical, id);
      return canonical;
    }
    return `duplicate-of-${first}:${id}`;
  };
  const values = rows.map((row) => ({
    id: row.id,
    u: canonicalOf('username', row.username, row.id),
    e: canonicalOf('email', row.email, row.id),
  }));
  for (let start = 0; start < values.length; start += BATCH) {
    await knex.raw(
      `update users set username_canonical = v.u, email_canonical = v.e
       from jsonb_to_recordset(?::jsonb) as v(id integer, u text, e text)
       where users.id = v.id`,
      [JSON.stringify(values.slice(start, start + BATCH))],
    );
  }

  await knex.schema.alterTable('users', (t) => {
    t.text('username_canonical').notNullable().alter();
    t.text('email_canonical').notNullable().alter();
  });
  await knex.raw('drop index if exists users_username_lower_unique');
  await knex.raw('drop index if exists users_email_lower_unique');
  await knex.raw('create unique index users_username_canonical_unique on users (username_canonical)');
  await knex.raw('create unique index users_email_canonical_unique on users (email_canonical)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_email_canonical_unique');
  await knex.raw('drop index if exists users_username_canonical_unique');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_canonical');
    t.dropColumn('username_canonical');
  });
  await knex.raw('create unique index users_username_lower_unique on users (lower(username))');
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');
}
