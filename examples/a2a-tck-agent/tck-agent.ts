// Starts an Orkeon A2A server with one local agent, `tck`, that plays the official A2A TCK's
// scenarios (see scenarios.ts and README.md). The settings come from appsettings.json beside
// this file, then SVC_ environment variables, then KEY=VALUE arguments.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type A2AGrpcAddress,
  type A2AServer,
  AgentDirectoryService,
  a2aSecuritySettings,
  a2aSettings,
  addSvcA2A,
  addSvcA2ATaskPersistence,
  startA2AServer,
} from '@orkeon/a2a';
import {
  addDocumentStore,
  createLogger,
  type Logger,
  LoggerService,
  loadConfiguration,
  ServiceCollection,
} from '@orkeon/core';
import { tckHandler } from './scenarios.js';

/** The unit of the slow scenarios' waits, as in the TCK's own reference agent. */
export const defaultStreamingTimeoutMilliseconds = 2000;

export interface TckAgentOptions {
  /** `KEY=VALUE` settings (`A2A:Port=0`), over appsettings.json and the environment. */
  readonly settings?: readonly string[];
  /** Where `SVC_` variables are read from. Default: none, so only the file and `settings` count. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** `tck-delayed-complete` works one of these, `test-resubscribe-message-id` two. */
  readonly streamingTimeoutMilliseconds?: number;
  readonly logger?: Logger;
}

export interface TckAgent {
  /** The base URL the TCK is pointed at (`--sut-host`). */
  readonly url: string;
  /** Where gRPC listens, when `A2A:GrpcPort` is set. */
  readonly grpcAddress: A2AGrpcAddress | undefined;
  readonly server: A2AServer;
  /** Stops the server (running tasks get `graceSeconds`, default `A2A:ShutdownGraceSeconds`). */
  stop(graceSeconds?: number): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

export async function startTckAgent(options: TckAgentOptions = {}): Promise<TckAgent> {
  const logger = options.logger ?? createLogger({ level: 'info' });
  const configuration = await loadConfiguration({
    sections: [a2aSettings, a2aSecuritySettings],
    searchDirectories: [here],
    environment: options.environment ?? {},
    arguments: options.settings ?? [],
  });
  const services = new ServiceCollection();
  services.addInstance(LoggerService, logger);
  // Task records in a document store (in memory), as a persistent host keeps them.
  addDocumentStore(services);
  addSvcA2A(services, configuration, { acknowledgeExperimental: true, logger });
  addSvcA2ATaskPersistence(services);
  const provider = services.build();
  const unregister = provider.get(AgentDirectoryService).register({
    id: 'tck',
    name: 'TCK scenarios',
    description: 'Plays the A2A TCK scenario named by the prefix of the messageId.',
    tags: ['tck'],
    kind: 'local',
    handler: tckHandler({
      streamingTimeoutMilliseconds: options.streamingTimeoutMilliseconds ?? defaultStreamingTimeoutMilliseconds,
    }),
  });
  let server: A2AServer;
  try {
    server = await startA2AServer(provider);
  } catch (error) {
    unregister();
    await provider.dispose();
    throw error;
  }
  return {
    url: server.address?.url ?? '',
    grpcAddress: server.grpcAddress,
    server,
    stop: async (graceSeconds) => {
      try {
        await server.stop(graceSeconds);
      } finally {
        unregister();
        await provider.dispose();
      }
    },
  };
}
