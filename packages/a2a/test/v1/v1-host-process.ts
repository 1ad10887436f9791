// An A2A host in its own process with v1.0 task records in a SQLite file (the first
// argument), so a test can kill it outright and start another on the same file. It
// serves `echo`, `chain` (which answers with the delegation chain it was sent), `slow` (which answers only when its process is stopped), `asker` (which
// asks its caller for a city) and `traveller` (which asks for a city, then for nights; it
// writes each question it asks to stderr), and prints `listening <url>`.
import { Configuration, createLogger, DocumentStoreService, LoggerService, ServiceCollection } from '@orkeon/core';
import { SqliteDocumentStore } from '@orkeon/store-sqlite';
import {
  AgentDirectoryService,
  a2aSettings,
  addSvcA2A,
  addSvcA2ATaskPersistence,
  startA2AServer,
} from '../../src/index.js';

const services = new ServiceCollection()
  .addInstance(LoggerService, createLogger({ level: 'silent' }))
  .addInstance(DocumentStoreService, new SqliteDocumentStore({ path: process.argv[2] ?? ':memory:' }));
addSvcA2A(
  services,
  Configuration.fromObject({ A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0 } }, [a2aSettings]),
  { acknowledgeExperimental: true },
);
addSvcA2ATaskPersistence(services);
const provider = services.build();
const directory = provider.get(AgentDirectoryService);
directory.register({
  id: 'echo',
  name: 'Echo',
  description: 'Repeats its input',
  tags: [],
  kind: 'local',
  handler: async (request) => `echo: ${request.input}`,
});
directory.register({
  id: 'chain',
  name: 'Chain',
  description: 'Answers with the routers the task passed through',
  tags: [],
  kind: 'local',
  handler: async (request) => `chain: ${String(request.metadata?.['orkeon.delegationChain'] ?? '')}`,
});
directory.register({
  id: 'slow',
  name: 'Slow',
  description: 'Never answers on its own',
  tags: [],
  kind: 'local',
  handler: (_request, signal) =>
    new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
});
directory.register({
  id: 'asker',
  name: 'Asker',
  description: 'Asks which city, then answers',
  tags: [],
  kind: 'local',
  handler: async (_request, signal, task) => {
    const answer = await task?.requestInput?.('Which city?', signal);
    return answer?.answered === true ? `off to ${answer.value}` : 'staying home';
  },
});
directory.register({
  id: 'traveller',
  name: 'Traveller',
  description: 'Asks which city and how many nights, then books',
  tags: [],
  kind: 'local',
  handler: async (request, signal, task) => {
    const ask = async (question: string) => {
      process.stderr.write(`asked ${question}\n`);
      const answer = await task?.requestInput?.(question, signal);
      return answer?.answered === true ? answer.value : '?';
    };
    const city = await ask('Which city?');
    const nights = await ask('How many nights?');
    return `${request.input}: ${city} for ${nights} nights`;
  },
});
const server = await startA2AServer(provider);
process.stdout.write(`listening ${server.address?.url}\n`);
