// Reads a catalog file as numbered records: JSON Lines (one section or one
// course-level record a line, the shipped format; a snapshot's header is
// passed over) or UF's schedule-of-courses JSON (course objects with a
// sections array, optionally wrapped as [{ COURSES: [...] }]). Either may be gzipped.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync, createGunzip } from 'node:zlib';
import type { SourceRecord } from '@application/catalog/import-catalog';
import { PACKAGE_ROOT } from '@adapters/package-root';
import { isSnapshotHeader } from './uf-soc-snapshot';
import { flattenUfCourse, mergeUfCourses, termFromUfFileName, ufCourses } from './uf-schedule-of-courses';

export const SHIPPED_CATALOG = path.join(PACKAGE_ROOT, 'adapters/catalog/seed/uf-soc-snapshot.jsonl.gz');

export interface ReadOptions {
  /** The term of a schedule-of-courses file, which does not name its term. */
  term?: string;
}

export function readCatalogFile(file: string, options: ReadOptions = {}): AsyncIterable<SourceRecord> {
  const base = path.basename(file).replace(/\.gz$/, '');
  return base.endsWith('.json') ? readScheduleOfCourses(file, options) : readJsonLines(file);
}

async function* readJsonLines(file: string): AsyncIterable<SourceRecord> {
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      value = error as Error;
    }
    if (!isSnapshotHeader(value)) yield { line, value };
  }
}

async function* readScheduleOfCourses(file: string, options: ReadOptions): AsyncIterable<SourceRecord> {
  const buffer = await readFile(file);
  const text = (file.endsWith('.gz') ? gunzipSync(buffer) : buffer).toString('utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    yield { line: 1, value: error as Error };
    return;
  }
  const term = options.term ?? termFromUfFileName(path.basename(file)) ?? '';
  let index = 0;
  for (const course of mergeUfCourses(ufCourses(document))) {
    for (const record of flattenUfCourse(course, term)) {
      index += 1;
      yield { line: index, value: record };
    }
  }
}
