// A process that writes documents and then dies without warning (SIGKILL), for the crash test.
// argv[2]: the database file. It awaits one put, reports it, queues more, and is killed
// before the event loop turns again: the queued group never starts its commit.
import { SqliteDocumentStore } from '../src/index.js';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: document-writer-process.ts <database file>');
const store = new SqliteDocumentStore({ path });
const acknowledged = await store.put('a2a-tasks', 'acknowledged', { status: 'Completed' });
process.stdout.write(`acknowledged ${acknowledged.version}\n`, () => {
  for (let index = 0; index < 50; index++) void store.put('a2a-tasks', `queued-${index}`, { index });
  process.kill(process.pid, 'SIGKILL');
});
