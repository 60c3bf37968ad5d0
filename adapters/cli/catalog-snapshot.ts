// `npm run catalog:snapshot [out]`: rebuilds the shipped snapshot
// (adapters/catalog/seed/uf-soc-snapshot.jsonl.gz) from the shared UF
// Schedule of Courses files in ../shared/data/uf-soc (or UF_SOC_DIR). Same
// files in, byte-identical file out (gzip without a timestamp).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { PACKAGE_ROOT } from '@adapters/package-root';
import { buildSnapshot, type UfSocFile } from '@adapters/catalog/uf-soc-snapshot';

const dir = process.env.UF_SOC_DIR ?? path.resolve(PACKAGE_ROOT, '../shared/data/uf-soc');
const out = process.argv[2] ?? SHIPPED_CATALOG;

try {
  const names = readdirSync(dir)
    .filter((name) => /^2\d\d[158]-.*\.json\.gz$/.test(name))
    .sort();
  if (names.length === 0) throw new Error(`no UF Schedule of Courses files (2258-fall-2025.json.gz, ...) in ${dir}; set UF_SOC_DIR`);
  const files = names.map((name) => JSON.parse(gunzipSync(readFileSync(path.join(dir, name))).toString('utf8')) as UfSocFile);
  const lines = buildSnapshot(files);
  writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  console.log(`Wrote ${out}: ${lines[0]}`.slice(0, 400));
} catch (error) {
  console.error(`Snapshot failed: ${(error as Error).message}`);
  process.exit(1);
}
