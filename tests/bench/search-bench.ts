// `npm run bench:search`: 200 varied catalog searches on a catalog of tens of
// thousands of sections, timed in the server's search use case, beside a
// trivial query (select 1) measured in the same run on the same connection.
// Postgres when BENCH_DATABASE_URL / TEST_DATABASE_URL is set, else PGlite.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Knex } from 'knex';
import { SearchCourses } from '../../application/courses/search-courses';
import { createKnex } from '../../adapters/database/create-knex';
import { migrateToLatest } from '../../adapters/database/migration-source';
import { KnexCourseCatalog } from '../../adapters/postgres/knex-course-catalog';
import { KnexCourseMembership } from '../../adapters/postgres/knex-course-membership';
import { readCatalogFile, SHIPPED_CATALOG } from '../../adapters/catalog/catalog-file-reader';
import { parseCatalogRecord } from '../../domain/course/catalog-record';
import type { CatalogEntry } from '../../domain/course/course';
import type { CourseFilters } from '../../domain/course/course-search';

const QUERIES = 200;
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

let random = 42;
const rand = () => ((random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)];

async function openDatabase(): Promise<{ db: Knex; label: string; drop(): Promise<void> }> {
  if (!baseUrl) return { db: createKnex({ kind: 'pglite' }), label: 'PGlite (in-process)', drop: async () => {} };
  const name = 'ss_bench_search';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    db: createKnex({ kind: 'postgres', url: url.toString() }),
    label: 'Postgres',
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** The shipped sections spread over ten years of terms, plus synthetic departments. */
async function synthesiseCatalog(): Promise<CatalogEntry[]> {
  const base: CatalogEntry[] = [];
  for await (const record of readCatalogFile(SHIPPED_CATALOG)) {
    const parsed = parseCatalogRecord(record.value);
    if (parsed.ok) base.push(parsed.entry);
  }
  const words = ['Advanced', 'Topics', 'Applied', 'Theory', 'Systems', 'Design', 'Methods', 'Ecology', 'Quantum', 'Ethics', 'Policy', 'Studio', 'Seminar', 'Analysis', 'Modern', 'History', 'Lab', 'Networks', 'Marine', 'Urban'];
  const prefixes = ['AAA', 'BIO', 'CHM', 'DIG', 'EEL', 'FIN', 'GEO', 'HIS', 'ISM', 'JOU', 'LIN', 'MAN', 'NUR', 'PHI', 'REL', 'SYA', 'THE', 'URP', 'VIC', 'WST'];
  const synthetic: Omit<CatalogEntry, 'term' | 'classNumber'>[] = [];
  for (const prefix of prefixes) {
    for (let n = 0; n < 12; n++) {
      const name = `${pick(words)} ${pick(words)} ${pick(words)} ${n + 1}`;
      synthetic.push({ ...base[0], courseNumber: `${prefix}${1000 + Math.floor(rand() * 8999)}`, name, description: `${name}: a synthetic course for benchmarking.` });
    }
  }
  const entries: CatalogEntry[] = [];
  let classNumber = 100000;
  for (let year = 2020; year <= 2029; year++) {
    for (const season of ['Spring', 'Summer', 'Fall']) {
      const term = `${season} ${year}`;
      for (const entry of base) entries.push({ ...entry, term, classNumber: classNumber++ });
      for (const entry of synthetic) {
        for (let s = 0; s < 4; s++) entries.push({ ...entry, term, classNumber: classNumber++ });
      }
    }
  }
  return entries;
}

function queries(): CourseFilters[] {
  const names = ['calculus', 'programming fundamentals', 'fundamentals programming 1', 'chemistry', 'quantum systems', 'data', 'intro', 'ecology lab', 'zzz no match'];
  const codes = ['cop3502', 'COP 3502', 'cop35', 'mac', 'PHY2048', 'chm20', '3502', 'bio1', 'x'];
  const terms = ['', '', 'Fall 2025', 'Spring 2027', 'Summer 2021'];
  return Array.from({ length: QUERIES }, (_, i) => {
    const kind = i % 4;
    return {
      name: kind === 0 || kind === 3 ? pick(names) : '',
      courseCode: kind === 1 || kind === 3 ? pick(codes) : '',
      term: pick(terms),
      page: 1 + Math.floor(rand() * 5),
    } as CourseFilters & { page: number };
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const { db, label, drop } = await openDatabase();
  await migrateToLatest(db);
  const catalog = new KnexCourseCatalog(db);
  const entries = await synthesiseCatalog();
  for (let i = 0; i < entries.length; i += 2000) await catalog.upsert(entries.slice(i, i + 2000));
  await db.raw('analyze courses');
  const search = new SearchCourses(catalog, new KnexCourseMembership(db));

  // Warm up both paths, then interleave them so both see the same machine state.
  for (let i = 0; i < 20; i++) {
    await db.raw('select 1');
    await search.execute({ userId: 1, page: 1, name: 'calculus' });
  }
  const searchMs: number[] = [];
  const baselineMs: number[] = [];
  let results = 0;
  for (const q of queries()) {
    let t = performance.now();
    await db.raw('select 1');
    baselineMs.push(performance.now() - t);
    t = performance.now();
    const r = await search.execute({ userId: 1, page: (q as { page: number }).page, ...q });
    searchMs.push(performance.now() - t);
    results += r.total;
  }
  searchMs.sort((a, b) => a - b);
  baselineMs.sort((a, b) => a - b);
  const plan: { rows: { 'QUERY PLAN': string }[] } = await db.raw(
    `explain select id from courses where course_number like '%COP35%' and lower(name) like '%programming%' limit 10`,
  );
  await db.destroy();
  await drop();

  const fmt = (n: number) => n.toFixed(2).padStart(8);
  console.log(`catalog search on ${label}: ${entries.length} sections, ${QUERIES} queries (${results} matches in all)`);
  console.log(`                          p50 ms    p95 ms`);
  console.log(`baseline (select 1)    ${fmt(percentile(baselineMs, 50))}  ${fmt(percentile(baselineMs, 95))}`);
  console.log(`search (count + page)  ${fmt(percentile(searchMs, 50))}  ${fmt(percentile(searchMs, 95))}`);
  console.log(`ratio p50 search/baseline: ${(percentile(searchMs, 50) / percentile(baselineMs, 50)).toFixed(1)}x`);
  console.log(`plan for a code + name filter: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).filter((l) => /Scan|Index/.test(l)).join(' | ')}`);
}

await main();
