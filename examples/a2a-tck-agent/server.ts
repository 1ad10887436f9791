// The A2A TCK's system under test, served by Orkeon:
//   node --conditions=@orkeon/source --import tsx examples/a2a-tck-agent/server.ts [KEY=VALUE …]
//        [--streaming-timeout-ms=2000]
// then, in a checkout of a2aproject/a2a-tck on branch 1.0-dev:
//   ./run_tck.py --sut-host http://127.0.0.1:9999 --transport jsonrpc,http_json
// It exists for the TCK only; it is not part of Orkeon.
import { ConfigurationError, createLogger } from '@orkeon/core';
import { defaultStreamingTimeoutMilliseconds, startTckAgent } from './tck-agent.js';

const timeoutFlag = '--streaming-timeout-ms=';
const settings: string[] = [];
let streamingTimeoutMilliseconds = defaultStreamingTimeoutMilliseconds;
for (const argument of process.argv.slice(2)) {
  if (argument.startsWith(timeoutFlag)) {
    streamingTimeoutMilliseconds = Number(argument.slice(timeoutFlag.length));
    if (!Number.isInteger(streamingTimeoutMilliseconds) || streamingTimeoutMilliseconds < 0) {
      process.stderr.write(`${argument}: give a whole number of milliseconds, e.g. ${timeoutFlag}2000\n`);
      process.exit(1);
    }
  } else settings.push(argument);
}

const logger = createLogger({ level: 'info' });
let agent: Awaited<ReturnType<typeof startTckAgent>>;
try {
  agent = await startTckAgent({ settings, environment: process.env, streamingTimeoutMilliseconds, logger });
} catch (error) {
  if (!ConfigurationError.isInstance(error)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const grpc = agent.grpcAddress === undefined ? '' : `, gRPC at ${agent.grpcAddress.target}`;
logger.info(`TCK agent at ${agent.url} (card: ${agent.url}/.well-known/agent-card.json${grpc})`);
logger.info(`Run the TCK: ./run_tck.py --sut-host ${agent.url} --transport jsonrpc,http_json`);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: stopping`);
  agent.stop(2).then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'The TCK agent did not stop cleanly.');
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
