// Orkeon's A2A server with one local echo agent; argv[2] = 'memory' (no persistence) or 'sqlite'.
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
  process.once('SIGTERM', () => {
    rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  });
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
const server = await startA2AServer(provider);
process.stdout.write(`listening ${new URL(server.address?.url ?? '').port}\n`);
