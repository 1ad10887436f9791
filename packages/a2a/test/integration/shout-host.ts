// A second A2A host in its own process: one local skill, `shout`, on a free port.
import { Configuration, createLogger, LoggerService, ServiceCollection } from '@orkeon/core';
import { AgentDirectoryService, a2aSettings, addSvcA2A, startA2AServer } from '../../src/index.js';

const services = new ServiceCollection().addInstance(LoggerService, createLogger({ level: 'silent' }));
addSvcA2A(
  services,
  Configuration.fromObject({ A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0, Name: 'shouter' } }, [a2aSettings]),
  {
    acknowledgeExperimental: true,
  },
);
const provider = services.build();
provider.get(AgentDirectoryService).register({
  id: 'shout',
  name: 'Shout',
  description: 'Answers in capitals',
  tags: ['text'],
  kind: 'local',
  handler: async (request) => request.input.toUpperCase(),
});
const server = await startA2AServer(provider);
process.stdout.write(`listening ${server.address?.url}\n`);
process.on('SIGTERM', () => {
  void server.stop(1).then(() => process.exit(0));
});
