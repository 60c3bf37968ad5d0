// Adds up the Vitest and Playwright JSON reports into one closing line, and
// fails when a report is missing, a test failed, or any test was skipped.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') {
        problems.push(`skipped: ${t.ancestorTitles.join(' > ')} > ${t.title}`);
      }
    }
  }
} else problems.push(`missing report: ${vitestFile} (the Vitest suites did not run)`);

if (existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats;
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
  if (stats.skipped) problems.push(`skipped: ${stats.skipped} Playwright test(s)`);
} else problems.push(`missing report: ${playwrightFile} (the e2e suite did not run)`);

for (const line of problems.slice(0, 30)) console.log(line);
console.log(`summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && skipped === 0 && problems.length === 0 ? 0 : 1);
