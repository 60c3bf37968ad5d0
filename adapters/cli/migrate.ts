// `npm run migrate`: brings the configured database's schema up to date.
import { ConfigError, parseConfig } from '../config';
import { createKnex } from '../database/create-knex';
import { migrateToLatest } from '../database/migration-source';

try {
  const config = parseConfig(process.env);
  const db = createKnex(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Schema already up to date.');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
