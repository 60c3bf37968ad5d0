// One Knex instance for the process: Postgres through pg when DATABASE_URL is
// set, otherwise PGlite (Postgres compiled to WebAssembly) stored under DATA_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

export function createKnex(target: DatabaseTarget): Knex {
  if (target.kind === 'postgres') {
    return knex({ client: 'pg', connection: target.url, pool: { min: 0, max: 10 } });
  }
  let pglite: PGlite;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  } else {
    pglite = new PGlite();
  }
  return knex({
    client: ClientPgLite as unknown as typeof knex.Client,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
}
