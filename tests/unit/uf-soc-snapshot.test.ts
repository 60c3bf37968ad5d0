// `npm run catalog:snapshot`: the shipped snapshot is the shared UF files'
// every real section and every course-level record (deduplicated on code +
// name per term), rebuilt byte for byte the same, and it is the committed one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { parseSnapshotHeader } from '@adapters/catalog/uf-soc-snapshot';
import { missingUfSocData, ufSocCourses, ufSocRecords } from '@tests/support/uf-soc-data';

const root = path.resolve(import.meta.dirname, '../..');
const build = (out: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'adapters/cli/catalog-snapshot.ts', out], { cwd: root, encoding: 'utf8' });
const lines = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
const missing = missingUfSocData('2258') ?? missingUfSocData('2251') ?? missingUfSocData('2255');

describe.skipIf(missing)('npm run catalog:snapshot', () => {
  it('writes the same bytes from the same files, and those are the committed snapshot', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ss-snapshot-'));
    build(path.join(dir, 'a.jsonl.gz'));
    build(path.join(dir, 'b.jsonl.gz'));
    const a = readFileSync(path.join(dir, 'a.jsonl.gz'));
    expect(a.equals(readFileSync(path.join(dir, 'b.jsonl.gz')))).toBe(true);
    expect(a.equals(readFileSync(SHIPPED_CATALOG)), 'run npm run catalog:snapshot and commit the result').toBe(true);
  });

  it('holds every real section and every course record of the three terms, deduplicated on code + name', () => {
    const [first, ...rest] = lines(SHIPPED_CATALOG);
    const header = parseSnapshotHeader(first);
    const records = rest.map((line) => JSON.parse(line) as Record<string, unknown>);
    const sections = records.filter((r) => r.kind === undefined);
    const courses = records.filter((r) => r.kind === 'course');

    const classNumbers = (term: string) =>
      ufSocCourses(term).flatMap((c) => (c.sections as { classNumber: number }[]).map((s) => s.classNumber));
    const expected = [...new Set(classNumbers('2251'))].length + [...new Set(classNumbers('2258'))].length;
    expect(sections).toHaveLength(expected);
    expect(header).toMatchObject({
      source: "UF's Schedule of Courses",
      terms: ['Spring 2025', 'Summer 2025', 'Fall 2025'],
      built: '2025-10-18',
      sections: expected,
      courses: courses.length,
    });
    // Summer 2025 has no sections, only course-level rows: 2,729 rows, repeats of code + name dropped.
    const summer = ufSocRecords('2255', 'uf-scheduler-fts-rows');
    const summerKeys = new Set(summer.map((r) => `${String(r.code)}|${String(r.name).trim()}`));
    expect(courses.filter((c) => c.term === 'Summer 2025')).toHaveLength(summerKeys.size);
    expect(summerKeys.size).toBeLessThan(summer.length);
    // Each term's course list holds no code + name twice.
    const keys = courses.map((c) => `${String(c.term)}|${String(c.code)}|${String(c.name)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(courses.length).toBeGreaterThan(4_000);

    expect(sections.find((s) => s.classNumber === 26564)).toMatchObject({
      term: 'Fall 2025',
      code: 'CAI6307',
      instructors: [{ name: 'Bonnie Dorr' }],
      meetTimes: [{ days: ['T'], begin: '4:05 PM', end: '7:05 PM', building: 'LIT', room: 101 }],
    });
    expect(courses.find((c) => c.term === 'Spring 2025' && c.code === 'AFA3332')).toMatchObject({
      name: 'Black Feminist and Womanist Theory',
      credits: '3',
    });
  });
});
