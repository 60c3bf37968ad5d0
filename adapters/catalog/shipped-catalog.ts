// The embedded default loads the shipped catalog on first start (its sections
// and its course-level records: every course it lists), so a fresh clone has
// courses to find; services mode loads it with `npm run catalog:import`.
import type { Logger } from 'pino';
import type { ImportCatalog } from '@application/catalog/import-catalog';
import type { CourseCatalog } from '@application/ports/course-catalog';
import { toCourseQuery } from '@domain/course/course-search';
import { readCatalogFile, SHIPPED_CATALOG } from './catalog-file-reader';

export async function loadShippedCatalogIfEmpty(
  importCatalog: ImportCatalog,
  catalog: CourseCatalog,
  logger: Logger,
  file: string = SHIPPED_CATALOG,
): Promise<void> {
  if ((await catalog.count(toCourseQuery({}))) > 0) return;
  const summary = await importCatalog.execute(readCatalogFile(file));
  logger.info(
    { file, read: summary.read, inserted: summary.inserted, courses: summary.courses.inserted, rejected: summary.rejected.length },
    'loaded the shipped course catalog',
  );
}
