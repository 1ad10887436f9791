// Prints the closing line of a test run from Vitest's JSON report:
// `N passed, N failed`, plus `, N skipped` when any test was skipped or left to do.
import { readFileSync } from 'node:fs';

const path = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch {
  process.stderr.write('test-summary: Vitest wrote no report; the run failed before any test finished.\n');
  process.exit(1);
}
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
const line = `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
process.stdout.write(`${line}\n`);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
