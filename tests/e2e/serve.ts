// Starts a fresh app for the e2e run: `serve.ts embedded|services PORT`.
// Embedded gets an empty DATA_DIR (the app loads the shipped snapshot of UF's
// schedule itself); services gets a freshly created database loaded the way an
// operator does it, with `npm run catalog:import`, and its own Redis key
// prefix. Both then add the fictional test catalog (generated test data the
// specs' courses come from, tests/fixtures/fictional-test-catalog.jsonl.gz), sync
// the real Fall 2025 sections of ../shared/data/uf-soc from a replay of UF's
// API, when that folder is there (tests/e2e/catalog.spec.ts needs them), and
// add a course with many sections, one of them withdrawn (e2e-catalog.ts), and
// one with more study groups than a page (e2e-groups.ts).
// Mail goes over SMTP to a real SMTP server in this process (smtp-server); the
// specs read what arrived from a small JSON endpoint on PORT + MAIL_PORT_OFFSET
// (GET /mails?to=address), as a student reads their inbox.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ImportCatalog } from '@application/catalog/import-catalog';
import { SyncCatalog } from '@application/catalog/sync-catalog';
import { TOKENS } from '@application/ports/tokens';
import { readCatalogFile } from '@adapters/catalog/catalog-file-reader';
import { HttpScheduleOfCourses } from '@adapters/catalog/http-schedule-of-courses';
import { parseConfig } from '@adapters/config';
import { INFRA } from '@adapters/container';
import { startServer } from '@adapters/server';
import { deleteRedisKeys } from '@tests/support/redis-keys';
import { SmtpSink } from '@tests/support/smtp-sink';
import { MAIL_PORT_OFFSET } from './mail-port';
import { missingUfSocData, ufSocCourses } from '@tests/support/uf-soc-data';
import { UfSocReplayServer } from '@tests/support/uf-soc-replay-server';
import { seedE2eCatalog } from './e2e-catalog';
import { seedManyGroupsCourse } from './e2e-groups';
import { catalogStore } from '@tests/support/catalog-store';
import { TEST_CATALOG } from '@tests/support/test-catalog';

const [mode, port] = process.argv.slice(2);
const sink = await SmtpSink.start();
const mailbox = createServer((req, res) => {
  const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '';
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(sink.to(to)));
});
await new Promise<void>((resolve) => mailbox.listen(Number(port) + MAIL_PORT_OFFSET, '127.0.0.1', resolve));

const env: Record<string, string | undefined> = {
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  BCRYPT_COST: '4',
  // signUpViaApi gives each student an address of their own (the per-address sign-up limit).
  TRUST_PROXY: 'true',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `ss-e2e-${mode}-`)),
  SMTP_URL: sink.url,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // tests/e2e/push-notifications.spec.ts's push service listens on this machine, over plain HTTP.
  PUSH_ALLOW_LOOPBACK: 'true',
};

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

// A random part as well as the pid: a database left behind by an earlier run
// whose pid comes round again must not stop this one from starting.
const database = `ss_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
if (mode === 'services') {
  await admin(`create database "${database}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  Object.assign(env, {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `e2e:${process.pid}:${randomBytes(3).toString('hex')}:`,
  });
  execFileSync('npx', ['tsx', 'adapters/cli/import-catalog.ts'], { env: { ...process.env, ...env }, stdio: 'ignore' });
}

const server = await startServer(parseConfig(env));
await new ImportCatalog(server.resolve(TOKENS.CourseCatalogWriter)).execute(readCatalogFile(TEST_CATALOG));
if (!missingUfSocData('2258')) {
  const replay = await UfSocReplayServer.start({ termCode: '2258', courses: ufSocCourses('2258') });
  const sync = new SyncCatalog(
    new HttpScheduleOfCourses(replay.url),
    server.resolve(TOKENS.CourseCatalog),
    server.resolve(TOKENS.CourseCatalogWriter),
    server.resolve(TOKENS.CatalogSyncState),
    async () => {},
  );
  await sync.execute({ term: 'Fall 2025', termCode: '2258', category: 'CWSP' });
  await replay.close();
}
const catalog = catalogStore(server.resolve(TOKENS.CourseCatalog), server.resolve(TOKENS.CourseCatalogWriter));
await seedE2eCatalog(catalog, `http://127.0.0.1:${port}`);
await seedManyGroupsCourse(catalog, server.resolve(TOKENS.StudyGroupRepository), server.resolve(INFRA.Knex), `http://127.0.0.1:${port}`);
const stop = async () => {
  await server.close();
  mailbox.close();
  await sink.close();
  if (mode === 'services') {
    await admin(`drop database if exists "${database}" with (force)`);
    await deleteRedisKeys(process.env.TEST_REDIS_URL!, env.REDIS_KEY_PREFIX!);
  }
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
