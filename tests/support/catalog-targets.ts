// App targets with the shipped UF catalog loaded, for API suites that need
// courses: the embedded default loads it on first start; on services it is
// imported the way an operator does it.
import { ImportCatalog } from '../../application/catalog/import-catalog';
import { readCatalogFile, SHIPPED_CATALOG } from '../../adapters/catalog/catalog-file-reader';
import { createKnex } from '../../adapters/database/create-knex';
import { migrateToLatest } from '../../adapters/database/migration-source';
import { KnexCourseCatalog } from '../../adapters/postgres/knex-course-catalog';
import { embeddedTarget, servicesTarget, type AppTarget } from './test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix } from './test-services';

export interface PreparedTarget {
  target: AppTarget;
  cleanup(): Promise<void>;
}

export async function embeddedWithCatalog(): Promise<PreparedTarget> {
  return { target: embeddedTarget(), cleanup: async () => {} };
}

/** A fresh database with the shipped catalog imported, and a Redis prefix of its own. */
export async function servicesWithCatalog(): Promise<PreparedTarget> {
  const db = await createTestDatabase();
  const knex = createKnex({ kind: 'postgres', url: db.url });
  await migrateToLatest(knex);
  await new ImportCatalog(new KnexCourseCatalog(knex)).execute(readCatalogFile(SHIPPED_CATALOG));
  await knex.destroy();
  const prefix = uniqueRedisPrefix();
  return {
    target: servicesTarget(db.url, redisUrl(), prefix),
    cleanup: async () => {
      await clearRedisPrefix(prefix);
      await db.drop();
    },
  };
}
