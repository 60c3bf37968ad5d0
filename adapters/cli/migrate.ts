// `npm run migrate`: brings the configured database's schema up to date.
import { ConfigError, parseConfig } from '@adapters/config';
import { compose, INFRA } from '@adapters/container';
import { migrateToLatest } from '@adapters/database/migration-source';
import { createLogger } from '@adapters/logger';

try {
  const config = parseConfig(process.env);
  const db = compose(config, createLogger(config.logLevel)).resolve(INFRA.Knex);
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Schema already up to date.');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
