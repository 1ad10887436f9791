// An A2A host in its own process whose v1.0 tasks, push configs and pending webhook
// deliveries live in a SQLite file (the first argument), so a test can kill it outright
// and start another on the same file. The second argument is the JSON of
// `A2A:PushNotifications`. It serves `slow` (answers only when cancelled) and prints
// `listening <url>`.

import { AgentDirectoryService, a2aSettings, addSvcA2A, addSvcA2ATaskPersistence, startA2AServer } from '@orkeon/a2a';
import { Configuration, createLogger, DocumentStoreService, LoggerService, ServiceCollection } from '@orkeon/core';
import { SqliteDocumentStore } from '@orkeon/store-sqlite';

const services = new ServiceCollection()
  .addInstance(LoggerService, createLogger({ level: 'warn' }))
  .addInstance(DocumentStoreService, new SqliteDocumentStore({ path: process.argv[2] ?? ':memory:' }));
addSvcA2A(
  services,
  Configuration.fromObject(
    { A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0, PushNotifications: JSON.parse(process.argv[3] ?? '{}') } },
    [a2aSettings],
  ),
  { acknowledgeExperimental: true },
);
addSvcA2ATaskPersistence(services);
const provider = services.build();
provider.get(AgentDirectoryService).register({
  id: 'slow',
  name: 'Slow',
  description: 'Answers only when cancelled',
  tags: [],
  kind: 'local',
  handler: (_request, signal) =>
    new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
});
const server = await startA2AServer(provider);
process.stdout.write(`listening ${server.address?.url}\n`);
