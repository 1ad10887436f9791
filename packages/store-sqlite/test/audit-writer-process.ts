// A process that appends audit records to a file another process has open, for the sharing test.
// argv[2]: the database file. It appends two batches, reports, and exits.
import { SqliteAuditTrail } from '../src/index.js';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: audit-writer-process.ts <database file>');
await using trail = new SqliteAuditTrail({ path });
await trail.append([
  { at: '2026-01-01T10:00:00.000Z', kind: 'tool', outcome: 'Success', caller: 'script', detail: 'child 1' },
  { at: '2026-01-01T10:00:01.000Z', kind: 'tool', outcome: 'Failure', caller: 'script', detail: 'child 2' },
]);
await trail.append([{ at: '2026-01-01T10:00:02.000Z', kind: 'guardian', outcome: 'Blocked', detail: 'child 3' }]);
process.stdout.write('appended 3\n');
