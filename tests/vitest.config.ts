import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root,
  // The import aliases (@domain/*, @application/*, …) come from tsconfig.json's `paths`.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/{unit,contract,integration}/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Opening PGlite takes seconds; each file shares one instance in beforeAll.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'tests/.artifacts/vitest-results.json' },
  },
});
