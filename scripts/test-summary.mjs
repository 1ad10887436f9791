// Prints the closing line of a test run from Vitest's JSON report:
// `N passed, N failed`, plus `, N skipped` when any test was skipped or left to do.
// A test file that failed outside its tests (a setup hook, an import) counts as a failure too.
import { readFileSync } from 'node:fs';

const path = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch {
  process.stderr.write('test-summary: Vitest wrote no report; the run failed before any test finished.\n');
  process.exit(1);
}
const brokenFiles = (report.testResults ?? []).filter(
  (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
).length;
const failed = report.numFailedTests + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
const line = `${report.numPassedTests} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
process.stdout.write(`${line}\n`);
process.exit(failed > 0 || report.numTotalTests === 0 ? 1 : 0);
