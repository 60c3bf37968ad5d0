import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, describe } from 'vitest';
import { PgBossJobQueue } from '@adapters/jobs/pg-boss-job-queue';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { jobQueueContract, type JobQueueProcess } from './job-queue.contract';

// Short waits, so that retries, expiry and maintenance happen within a test.
const FAST = { retryDelaySeconds: 1, expireInSeconds: 2, maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 };

/** A schema of pg-boss's own per test: processes of one test share it, as app servers share a database. */
function pgBossWorld(db: () => Knex) {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await db()?.raw(`drop schema if exists ${schema} cascade`);
  });
  return async () => {
    const schema = `jobs_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    return { process: (): JobQueueProcess => new PgBossJobQueue(db(), { ...FAST, schema }) };
  };
}

describe('PgBossJobQueue on PGlite', () => {
  jobQueueContract(pgBossWorld(usePglite()));
});

describe.skipIf(!hasPostgres())('PgBossJobQueue on Postgres', () => {
  jobQueueContract(pgBossWorld(usePostgres()));
});
