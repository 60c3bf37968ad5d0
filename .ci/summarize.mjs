// Adds up the Vitest and Playwright JSON reports into one closing line, and
// fails when a report is missing, a test failed, or any test was skipped.
// Names every failed test, and lists the slowest test files and e2e tests, so a run shows where its time goes.
// Also names the screenshots the e2e suite keeps (every screen at 1280 and
// 360 px, by the accessibility walk), and fails when there are none.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [vitestFile, ...playwrightFiles] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
const failures = [];
// The first line of a failure's message, short enough for the closing lines.
const firstLine = (text) =>
  (text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 240);

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      if (t.status === 'failed')
        failures.push(
          `failed: vitest ${path.relative(process.cwd(), file.name)} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`,
        );
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') {
        problems.push(`skipped: ${t.ancestorTitles.join(' > ')} > ${t.title}`);
      }
    }
  }
} else problems.push(`missing report: ${vitestFile} (the Vitest suites did not run)`);

// One report per e2e project (tests/support/run-e2e.mjs): each must be there.
for (const playwrightFile of playwrightFiles) {
  if (existsSync(playwrightFile)) {
    const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats;
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    skipped += stats.skipped;
    if (stats.skipped) problems.push(`skipped: ${stats.skipped} Playwright test(s) in ${playwrightFile}`);
  } else problems.push(`missing report: ${playwrightFile} (that e2e project did not run)`);
}

const playwrightFile = playwrightFiles[0];
const screenshotDir = path.join(path.dirname(playwrightFile), 'screenshots');
const screenshots = existsSync(screenshotDir) ? readdirSync(screenshotDir).filter((name) => name.endsWith('.png')) : [];
const audited = screenshots.filter((name) => /-(1280|360)\.png$/.test(name)).length;
if (existsSync(playwrightFile) && audited === 0) problems.push(`missing artifacts: no screenshots of the screens in ${screenshotDir}`);
else console.log(`artifacts: ${screenshots.length} screenshots in ${screenshotDir} (${audited} of screens at 1280 and 360 px)`);

// Where the time went: the slowest Vitest files and e2e tests.
const slowest = [];
if (existsSync(vitestFile)) {
  const files = JSON.parse(readFileSync(vitestFile, 'utf8')).testResults;
  for (const file of files) slowest.push([file.endTime - file.startTime, `vitest ${path.relative(process.cwd(), file.name)}`]);
  if (files.length)
    console.log(`vitest: ${((Math.max(...files.map((f) => f.endTime)) - Math.min(...files.map((f) => f.startTime))) / 1000).toFixed(0)} s`);
}
const specsOf = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
for (const playwrightFile of playwrightFiles.filter(existsSync)) {
  const project = path.basename(playwrightFile, '.json').replace('playwright-', '');
  const report = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  console.log(`e2e ${project}: ${(report.stats.duration / 1000).toFixed(0)} s`);
  for (const spec of report.suites.flatMap(specsOf))
    for (const t of spec.tests) {
      if (t.status === 'unexpected' || t.status === 'flaky')
        failures.push(
          `${t.status === 'flaky' ? 'flaky' : 'failed'}: e2e ${project} ${spec.file}:${spec.line} ${spec.title}: ${firstLine(t.results.at(-1)?.error?.message)}`,
        );
      slowest.push([t.results.reduce((sum, r) => sum + r.duration, 0), `e2e ${project} ${spec.file}: ${spec.title}`]);
    }
}
slowest.sort((a, b) => b[0] - a[0]);
console.log('slowest:');
for (const [ms, name] of slowest.slice(0, 12)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);

// Last, beside the closing line, so a shortened log still names what failed.
for (const line of [...failures, ...problems].slice(0, 30)) console.log(line);
console.log(`summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && skipped === 0 && problems.length === 0 ? 0 : 1);
