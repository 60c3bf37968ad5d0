// The real UF schedule data shared beside the repository (../shared/data/uf-soc,
// or UF_SOC_DIR): read in place, never copied into the repository.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const UF_SOC_DIR = process.env.UF_SOC_DIR ?? path.resolve(import.meta.dirname, '../../../shared/data/uf-soc');

const FILES: Record<string, string> = {
  '2258': '2258-fall-2025.json.gz',
  '2251': '2251-spring-2025.json.gz',
  '2255': '2255-summer-2025.json.gz',
};

/** Why a test that needs the shared data skips, or null when the data is there. */
export function missingUfSocData(termCode = '2258'): string | null {
  const file = path.join(UF_SOC_DIR, FILES[termCode] ?? '');
  return existsSync(file) ? null : `the shared UF data is absent (${file}); set UF_SOC_DIR to its folder`;
}

interface SharedFile {
  term: string;
  termName: string;
  datasets: { id: string; shape: string; records: unknown[] }[];
}

function readUfSocFile(termCode: string): SharedFile {
  return JSON.parse(gunzipSync(readFileSync(path.join(UF_SOC_DIR, FILES[termCode]))).toString('utf8')) as SharedFile;
}

/** UF's course objects of a term, as the API answered them: every uf-soc-api-pages dataset's COURSES, in order. */
export function ufSocCourses(termCode: string): Record<string, unknown>[] {
  return readUfSocFile(termCode)
    .datasets.filter((d) => d.shape === 'uf-soc-api-pages')
    .flatMap((d) => d.records.flatMap((page) => (page as { COURSES: Record<string, unknown>[] }).COURSES));
}

/** A dataset's records in another shape (course lists, CSV rows) for building a larger catalog. */
export function ufSocRecords(termCode: string, shape: string): Record<string, unknown>[] {
  return readUfSocFile(termCode)
    .datasets.filter((d) => d.shape === shape)
    .flatMap((d) => d.records as Record<string, unknown>[]);
}
