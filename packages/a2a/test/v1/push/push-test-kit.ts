import { randomUUID } from 'node:crypto';
import { type A2ASettingsInput, AgentDirectory, sharedAgentRegistrationStore } from '@orkeon/a2a';
import { createLogger, LoggerService } from '@orkeon/core';
import { startTestHost, type TestHost, type TestHostOptions } from '../../server/a2a-test-host.js';

/** The push settings of a test: loopback receivers allowed, retries in milliseconds. */
export const loopbackPush = {
  AllowedHosts: ['127.0.0.1'],
  RetryBaseDelaySeconds: 0.02,
  RetryMaxDelaySeconds: 0.2,
  TimeoutSeconds: 2,
} satisfies A2ASettingsInput['PushNotifications'];

/** Lets the `gated` agent's current task finish. */
export interface Gate {
  open(): void;
}

/**
 * Registers `echo` (answers at once) and `gated` (answers when the test opens the gate),
 * so a test can add push configs to a task before its events happen.
 */
export function registerPushAgents(): Gate {
  sharedAgentRegistrationStore.clear();
  const directory = new AgentDirectory();
  const waiting: (() => void)[] = [];
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
  directory.register({
    id: 'gated',
    name: 'Gated',
    description: 'Answers when the test lets it',
    tags: [],
    kind: 'local',
    handler: (request, signal) =>
      new Promise<string>((resolve, reject) => {
        waiting.push(() => resolve(`done: ${request.input}`));
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  });
  return {
    open: () => {
      for (const release of waiting.splice(0)) release();
    },
  };
}

/** Log lines of the server, as JSON records. */
export interface CapturedLog {
  readonly lines: Record<string, unknown>[];
}

/** A test host whose log lines (warn and above) are kept in `log`. */
export async function startPushHost(options: TestHostOptions = {}): Promise<TestHost & { log: CapturedLog }> {
  const log: CapturedLog = { lines: [] };
  const logger = createLogger({
    level: 'warn',
    format: 'json',
    destination: { write: (line: string) => log.lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const host = await startTestHost({
    ...options,
    before: (services) => {
      services.addInstance(LoggerService, logger);
      options.before?.(services);
    },
  });
  return Object.assign(host, { log });
}

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** An HTTP call with `A2A-Version: 1.0`; the body is JSON when given. */
export async function call(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** A JSON-RPC call to the v1.0 binding. */
export function rpc(url: string, method: string, params: unknown): Promise<Answer> {
  return call(`${url}/a2a/jsonrpc`, { body: { jsonrpc: '2.0', id: 1, method, params } });
}

/** A message to `skillId`; `configuration` as given. */
export function message(text: string, skillId: string, configuration: Record<string, unknown> = {}) {
  return {
    message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], metadata: { skillId } },
    configuration,
  };
}

/** Starts a `gated` task (it waits for the gate) and gives its id. */
export async function startGatedTask(url: string): Promise<string> {
  const answer = await rpc(url, 'SendMessage', message('work', 'gated', { returnImmediately: true }));
  const task = (answer.body.result as { task?: { id: string } } | undefined)?.task;
  if (task === undefined) throw new Error(`no task: ${JSON.stringify(answer.body)}`);
  return task.id;
}

/** The ErrorInfo reason of a JSON-RPC error or an HTTP+JSON `google.rpc.Status` body. */
export function reasonOf(body: Record<string, unknown>): unknown {
  const error = body.error as { data?: { reason?: string }[]; details?: { reason?: string }[] } | undefined;
  return (error?.data ?? error?.details)?.[0]?.reason;
}
