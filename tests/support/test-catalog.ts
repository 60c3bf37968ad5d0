// The catalog API suites and the e2e specs run on: generated test data (real
// UF course codes, made-up sections and instructors, labelled so in its
// header line), small and fixed, so a suite's counts do not move when the
// shipped snapshot of UF's schedule is rebuilt.
import path from 'node:path';

export const TEST_CATALOG = path.resolve(import.meta.dirname, '../fixtures/fictional-test-catalog.jsonl.gz');
