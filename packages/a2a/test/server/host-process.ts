// An A2A host in its own process, so that client and server do not share one event loop.
// Settings of the A2A section come as JSON in the first argument; it prints `listening <url>`.
import { Configuration, createLogger, LoggerService, ServiceCollection } from '@orkeon/core';
import { AgentDirectoryService, a2aSettings, addSvcA2A, startA2AServer } from '../../src/index.js';

const given = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
const services = new ServiceCollection().addInstance(LoggerService, createLogger({ level: 'silent' }));
addSvcA2A(
  services,
  Configuration.fromObject({ A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0, ...given } }, [a2aSettings]),
  { acknowledgeExperimental: true },
);
const provider = services.build();
provider.get(AgentDirectoryService).register({
  id: 'echo',
  name: 'Echo',
  description: 'Repeats its input',
  tags: [],
  kind: 'local',
  handler: async (request) => `echo: ${request.input}`,
});
const server = await startA2AServer(provider);
process.stdout.write(`listening ${server.address?.url}\n`);
process.on('SIGTERM', () => {
  void server.stop(1).then(() => process.exit(0));
});
