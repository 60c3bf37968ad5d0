// `npm run catalog:import [file] [--term "Fall 2025"]`: upserts a catalog file
// (JSON Lines or UF schedule-of-courses JSON, optionally gzipped) into the
// configured database, printing progress and a summary (the inserted, updated
// and unchanged counts are sections'; course-level records have a line of their own).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ImportSummary } from '@application/catalog/import-catalog';
import { readCatalogFile, SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { ConfigError, parseConfig } from '@adapters/config';
import { compose, INFRA } from '@adapters/container';
import { migrateToLatest } from '@adapters/database/migration-source';
import { createLogger } from '@adapters/logger';
import { USE_CASES } from '@adapters/use-cases';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { term: { type: 'string' } } });
const file = positionals[0] ?? SHIPPED_CATALOG;

try {
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  const config = parseConfig(process.env);
  const { resolve } = compose(config, createLogger(config.logLevel));
  const db = resolve(INFRA.Knex);
  await migrateToLatest(db);
  console.log(`Importing ${file} into ${config.databaseUrl ? 'Postgres' : `the embedded database in ${config.dataDir}`}`);
  const progress = (s: ImportSummary) =>
    process.stdout.write(
      `  ${s.read} read, ${s.inserted} inserted, ${s.updated} updated, ${s.unchanged} unchanged, ${s.rejected.length} rejected\r`,
    );
  const summary = await resolve(USE_CASES.importCatalog).execute(readCatalogFile(file, { term: values.term }), progress);
  await db.destroy();
  process.stdout.write('\n');
  for (const { line, reason } of summary.rejected.slice(0, 50)) console.log(`  rejected line ${line}: ${reason}`);
  if (summary.rejected.length > 50) console.log(`  … and ${summary.rejected.length - 50} more rejected lines`);
  console.log(
    `Done: ${summary.read} rows read, ${summary.inserted} inserted, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.rejected.length} rejected.`,
  );
  const courses = summary.courses;
  if (courses.inserted + courses.updated + courses.unchanged > 0)
    console.log(`Course-level records: ${courses.inserted} courses inserted, ${courses.updated} updated, ${courses.unchanged} unchanged.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Import failed: ${(error as Error).message}`);
  process.exit(1);
}
