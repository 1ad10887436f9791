// Orkeon's A2A server with one local echo agent; argv[2] = 'memory' (no persistence) or 'sqlite'
// (task records of both dialects in SQLite). It serves the seed dialect (`POST /a2a/tasks/send`)
// and A2A v1.0 (`POST /a2a/jsonrpc`, `POST /a2a/v1/message:send`); the benchmark sends one kind
// of request to a process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentDirectoryService, a2aSettings, addSvcA2A, addSvcA2ATaskPersistence, startA2AServer } from '@orkeon/a2a';
import { Configuration, createLogger, DocumentStoreService, LoggerService, ServiceCollection } from '@orkeon/core';
import { SqliteDocumentStore } from '@orkeon/store-sqlite';

const persistence = process.argv[2] === 'sqlite';
const services = new ServiceCollection().addInstance(LoggerService, createLogger({ level: 'silent' }));
if (persistence) {
  const folder = mkdtempSync(join(tmpdir(), 'orkeon-bench-'));
  // The benchmark stops its servers with SIGTERM: the database goes with the process.
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  services.addInstance(DocumentStoreService, new SqliteDocumentStore({ path: join(folder, 'state.db') }));
}
addSvcA2A(
  services,
  Configuration.fromObject({ A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0 } }, [a2aSettings]),
  {
    acknowledgeExperimental: true,
  },
);
if (persistence) addSvcA2ATaskPersistence(services);
const provider = services.build();
provider.get(AgentDirectoryService).register({
  id: 'echo',
  name: 'Echo',
  description: 'Repeats its input',
  tags: [],
  kind: 'local',
  handler: async (request) => request.input,
});
// Exit on SIGTERM (rather than die of it), so that `--cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
const server = await startA2AServer(provider);
process.stdout.write(`listening ${new URL(server.address?.url ?? '').port}\n`);
