// Starts an A2A server in its own process, with the gRPC binding when the first argument
// is `grpc`, and prints whether `@grpc/grpc-js` was loaded: `{"grpc":…,"grpcLoaded":…}`.
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { a2aSettings, addSvcA2A, startA2AServer } from '@orkeon/a2a';
import { Configuration, createLogger, LoggerService, ServiceCollection } from '@orkeon/core';

const withGrpc = process.argv[2] === 'grpc';
const services = new ServiceCollection().addInstance(LoggerService, createLogger({ level: 'silent' }));
addSvcA2A(
  services,
  Configuration.fromObject(
    { A2A: { EnableServer: true, Host: '127.0.0.1', Port: 0, ...(withGrpc ? { GrpcPort: 0 } : {}) } },
    [a2aSettings],
  ),
  { acknowledgeExperimental: true },
);
const provider = services.build();
const server = await startA2AServer(provider);
const grpcModule = `${sep}@grpc${sep}grpc-js${sep}`;
const grpcLoaded = Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes(grpcModule));
process.stdout.write(`${JSON.stringify({ grpc: server.grpcAddress !== undefined, grpcLoaded })}\n`);
await server.stop(0);
await provider.dispose();
