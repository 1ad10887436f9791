import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@orkeon/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTckAgent, type TckAgent } from '../../../../examples/a2a-tck-agent/tck-agent.js';

interface Part {
  readonly text?: string;
}
interface Message {
  readonly messageId: string;
  readonly role: string;
  readonly parts: readonly Part[];
}
interface Task {
  readonly id: string;
  readonly contextId: string;
  readonly status: { readonly state: string; readonly message?: Message };
  readonly artifacts?: readonly { readonly parts: readonly Part[] }[];
  readonly history?: readonly Message[];
}
type StreamEvent =
  | { readonly task: Task }
  | { readonly artifactUpdate: { readonly taskId: string; readonly artifact: { readonly parts: readonly Part[] } } }
  | { readonly statusUpdate: { readonly taskId: string; readonly status: { readonly state: string } } };

/** The streaming time-out of the slow scenarios: the resubscribe one works twice this long. */
const unit = 500;
let agent: TckAgent;

beforeAll(async () => {
  agent = await startTckAgent({
    settings: ['A2A:Port=0'],
    streamingTimeoutMilliseconds: unit,
    logger: createLogger({ level: 'silent' }),
  });
});

afterAll(async () => {
  await agent?.stop(1);
});

/** The same text for every scenario, as the TCK sends: only the messageId tells them apart. */
function message(prefix: string, extra: Record<string, unknown> = {}) {
  return {
    messageId: `${prefix}-${randomUUID().slice(0, 8)}`,
    role: 'ROLE_USER',
    parts: [{ text: 'TCK prerequisite task creation' }],
    ...extra,
  };
}

let requestId = 0;
function post(method: string, params: unknown): Promise<Response> {
  return fetch(`${agent.url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++requestId, method, params }),
  });
}

async function call<T>(method: string, params: unknown): Promise<T> {
  const body = (await (await post(method, params)).json()) as { result?: T; error?: unknown };
  if (body.result === undefined) throw new Error(`${method} answered ${JSON.stringify(body.error)}`);
  return body.result;
}

const send = async (params: unknown) => (await call<{ task: Task }>('SendMessage', params)).task;

/** The results of an SSE answer, one per `data:` line, as they arrive. */
async function* events(response: Response): AsyncGenerator<StreamEvent> {
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body ?? []) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of frame.split('\n'))
        if (line.startsWith('data:')) yield (JSON.parse(line.slice(5)) as { result: StreamEvent }).result;
    }
  }
}

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of stream) seen.push(event);
  return seen;
}

function describeEvent(event: StreamEvent): string {
  if ('task' in event) return `task ${event.task.status.state}`;
  if ('artifactUpdate' in event) return `artifact ${event.artifactUpdate.artifact.parts[0]?.text}`;
  return `status ${event.statusUpdate.status.state}`;
}

describe('examples/a2a-tck-agent: the TCK scenarios, picked by messageId', () => {
  it('publishes a v1.0 card with both HTTP bindings and the tck skill', async () => {
    const card = (await (await fetch(`${agent.url}/.well-known/agent-card.json`)).json()) as {
      supportedInterfaces: { url: string; protocolBinding: string; protocolVersion: string }[];
      skills: { id: string }[];
    };
    // The TCK tests the first interface the card lists for each binding: both must be A2A 1.0.
    const first = new Map<string, string>();
    for (const entry of card.supportedInterfaces)
      if (!first.has(entry.protocolBinding)) first.set(entry.protocolBinding, entry.protocolVersion);
    expect(Object.fromEntries(first)).toEqual({ JSONRPC: '1.0', 'HTTP+JSON': '1.0' });
    expect(card.skills.map((skill) => skill.id)).toEqual(['tck']);
  });

  it('completes, answers a text artifact, rejects and refuses what a handler cannot give, by the id alone', async () => {
    const complete = await send({ message: message('tck-complete-task') });
    expect(complete.status.state).toBe('TASK_STATE_COMPLETED');
    expect(complete.artifacts?.[0]?.parts).toEqual([{ text: 'Hello from TCK' }]);

    const artifact = await send({ message: message('tck-artifact-text') });
    expect(artifact.status.state).toBe('TASK_STATE_COMPLETED');
    expect(artifact.artifacts?.[0]?.parts).toEqual([{ text: 'Generated text content' }]);

    // REJECTED does not exist on this server: the rejection is a failed task with the reason.
    const rejected = await send({ message: message('tck-reject-task') });
    expect(rejected.status.state).toBe('TASK_STATE_FAILED');
    expect(rejected.status.message?.parts).toEqual([{ text: 'rejected' }]);
    expect(rejected.artifacts).toBeUndefined();

    // The longest prefix wins: file-url is not taken for file.
    const fileUrl = await send({ message: message('tck-artifact-file-url') });
    expect(fileUrl.status.state).toBe('TASK_STATE_FAILED');
    expect(fileUrl.status.message?.parts[0]?.text).toContain("'tck-artifact-file-url' needs a file part by URL");

    const unknown = await send({ message: message('tck-something-else') });
    expect(unknown.status.state).toBe('TASK_STATE_COMPLETED');
    expect(unknown.artifacts?.[0]?.parts[0]?.text).toMatch(/^No TCK scenario for 'tck-something-else-/);
  });

  it('asks for input, asks again for an answer with the same prefix, and completes on tck-complete-task', async () => {
    const asked = await send({ message: message('tck-input-required') });
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(asked.status.message?.parts).toEqual([{ text: 'The TCK scenario asks for input.' }]);

    const again = await send({ message: message('tck-input-required', { taskId: asked.id }) });
    expect(again.id).toBe(asked.id);
    expect(again.status.state).toBe('TASK_STATE_INPUT_REQUIRED');

    const done = await send({
      message: message('tck-complete-task', { taskId: asked.id, contextId: asked.contextId }),
    });
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(done.artifacts?.[0]?.parts).toEqual([{ text: 'Hello from TCK' }]);
    const task = await call<Task>('GetTask', { id: asked.id });
    expect(task.history?.map((entry) => entry.role)).toEqual([
      'ROLE_USER',
      'ROLE_AGENT',
      'ROLE_USER',
      'ROLE_AGENT',
      'ROLE_USER',
    ]);
  });

  it('cancels the slow task while it works; it stays cancelled after its work time', async () => {
    const working = await send({
      message: message('test-resubscribe-message-id'),
      configuration: { returnImmediately: true },
    });
    expect(working.status.state).toBe('TASK_STATE_WORKING');

    const cancelled = await call<Task>('CancelTask', { id: working.id });
    expect(cancelled.status.state).toBe('TASK_STATE_CANCELED');

    await sleep(3 * unit);
    const after = await call<Task>('GetTask', { id: working.id });
    expect(after.status.state).toBe('TASK_STATE_CANCELED');
    expect(after.artifacts).toBeUndefined();

    // The settings file asks for revision 1.0.0, as the TCK checks: 409 for a task that cannot be cancelled.
    const again = await fetch(`${agent.url}/a2a/v1/tasks/${working.id}:cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: '{}',
    });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('lets a second connection subscribe to the slow task; both streams see it to the end', async () => {
    const first = events(await post('SendStreamingMessage', { message: message('test-resubscribe-message-id') }));
    const head = (await first.next()).value as StreamEvent;
    expect(describeEvent(head)).toBe('task TASK_STATE_WORKING');
    const taskId = 'task' in head ? head.task.id : '';

    const second = events(await post('SubscribeToTask', { id: taskId }));
    const [seenByFirst, seenBySecond] = await Promise.all([collect(first), collect(second)]);

    const end = ['artifact Long-running task done', 'status TASK_STATE_COMPLETED'];
    expect(seenByFirst.map(describeEvent)).toEqual(end);
    expect(seenBySecond.map(describeEvent)).toEqual(['task TASK_STATE_WORKING', ...end]);
    expect(seenBySecond.slice(1)).toEqual(seenByFirst);
    expect((await call<Task>('GetTask', { id: taskId })).status.state).toBe('TASK_STATE_COMPLETED');
  });
});
