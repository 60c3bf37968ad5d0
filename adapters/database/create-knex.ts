// One Knex instance for the process: Postgres through pg when DATABASE_URL is
// set, otherwise PGlite (Postgres compiled to WebAssembly) stored under DATA_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

export function createKnex(target: DatabaseTarget): Knex {
  if (target.kind === 'postgres') {
    return knex({ client: 'pg', connection: target.url, pool: { min: 0, max: 10 } });
  }
  // pg_trgm backs the course search indexes, as it does on Postgres.
  const options = { extensions: { pg_trgm } };
  let pglite: PGlite;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir, options);
  } else {
    pglite = new PGlite(options);
  }
  return knex({
    client: ClientPgLite as unknown as typeof knex.Client,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
}
