import { randomUUID } from 'node:crypto';
import { Role, SendMessageRequest, TaskState } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentDirectory, sharedAgentRegistrationStore } from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

const directory = new AgentDirectory();
let host: TestHost | undefined;
/** What the agent's question got back, for the test to read. */
let lastAnswer: unknown;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  lastAnswer = undefined;
  directory.register({
    id: 'asker',
    name: 'Asker',
    description: 'Asks for a city, then plans',
    tags: [],
    kind: 'local',
    handler: async (request, signal, task) => {
      const answer = await task?.requestInput?.('Which city?', signal);
      lastAnswer = answer;
      return answer?.answered === true ? `plan for ${answer.value} (${request.input})` : 'no city';
    },
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${host?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function events(path: string, body: unknown): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${host?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify(body),
  });
  return (await response.text())
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as Record<string, unknown>);
}

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra },
});

function stateOf(event: Record<string, unknown>): string {
  const update = event.statusUpdate as { status: { state: string } } | undefined;
  const task = event.task as { status: { state: string } } | undefined;
  return update?.status.state ?? task?.status.state ?? Object.keys(event)[0] ?? '';
}

describe('A2A v1.0 tasks that wait for input', () => {
  it('a stream ends at INPUT_REQUIRED; the answer continues the task; a second connection follows it', async () => {
    host = await startTestHost();
    const first = await events('/a2a/v1/message:stream', message('weekend'));
    expect(first.map(stateOf)).toEqual(['TASK_STATE_WORKING', 'TASK_STATE_INPUT_REQUIRED']);
    const update = first[1]?.statusUpdate as
      | { taskId: string; status: { message: { parts: { text: string }[] } } }
      | undefined;
    const waiting = update?.taskId ?? '';
    expect(update?.status.message.parts).toEqual([{ text: 'Which city?' }]);

    // A second client subscribes while the task waits: it gets the task, then what follows the answer.
    const watcher = fetch(`${host.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'SubscribeToTask', params: { id: waiting } }),
    });
    const watched = await watcher;
    expect(watched.headers.get('content-type')).toContain('text/event-stream');

    const second = await events('/a2a/v1/message:stream', message('Porto', { taskId: waiting }));
    expect(second.map(stateOf)).toEqual(['TASK_STATE_WORKING', 'artifactUpdate', 'TASK_STATE_COMPLETED']);
    expect(lastAnswer).toMatchObject({ answered: true, value: 'Porto', messageId: expect.any(String) });

    const seen = (await watched.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => (JSON.parse(frame.slice(6)) as { result: Record<string, unknown> }).result);
    // Subscribed while the task waited: the snapshot, then the task through the answer to its end.
    expect(seen.map(stateOf)).toEqual([
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_WORKING',
      'artifactUpdate',
      'TASK_STATE_COMPLETED',
    ]);

    const task = (await post('/a2a/jsonrpc', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: waiting } }))
      .result as { artifacts: { parts: { text: string }[] }[]; history: { role: string }[] };
    expect(task.artifacts[0]?.parts[0]?.text).toBe('plan for Porto (weekend)');
    expect(task.history.map((entry) => entry.role)).toEqual(['ROLE_USER', 'ROLE_AGENT', 'ROLE_USER']);
  });

  it('a subscriber that joins while the task works again sees it to the end', async () => {
    host = await startTestHost();
    const asked = (await post('/a2a/v1/message:send', message('city break'))).task as {
      id: string;
      status: { state: string };
    };
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    // Answer without waiting (returnImmediately), then subscribe at once from another connection.
    const answered = (
      await post('/a2a/v1/message:send', {
        ...message('Rome', { taskId: asked.id }),
        configuration: { returnImmediately: true },
      })
    ).task as { status: { state: string } };
    expect(['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED']).toContain(answered.status.state);
    const read = (await post('/a2a/jsonrpc', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: asked.id } }))
      .result as {
      status: { state: string };
    };
    expect(read.status.state).toBe('TASK_STATE_COMPLETED');
    expect(lastAnswer).toMatchObject({ answered: true, value: 'Rome' });
  });

  it('cancelling a waiting task tells its agent there is no answer; a second answer is refused', async () => {
    host = await startTestHost();
    const asked = (await post('/a2a/v1/message:send', message('x'))).task as { id: string };
    const cancelled = (await post(`/a2a/v1/tasks/${asked.id}:cancel`, {})) as { status: { state: string } };
    expect(cancelled.status.state).toBe('TASK_STATE_CANCELED');
    await expect.poll(() => lastAnswer).toMatchObject({ answered: false });
    const late = await post('/a2a/v1/message:send', message('Oslo', { taskId: asked.id }));
    expect(late).toMatchObject({ error: { details: [{ reason: 'UNSUPPORTED_OPERATION' }] } });
  });

  it('the official client sees INPUT_REQUIRED and answers with the task id', async () => {
    host = await startTestHost();
    const client = await new ClientFactory().createFromUrl(host.url);
    const asked = await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'trip' }] },
      }),
    );
    if (!('id' in asked)) throw new Error('expected a task');
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const done = await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: randomUUID(),
          role: 'ROLE_USER',
          taskId: asked.id,
          contextId: asked.contextId,
          parts: [{ text: 'Paris' }],
        },
      }),
    );
    if (!('id' in done)) throw new Error('expected a task');
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(done.history.map((entry) => entry.role)).toEqual([Role.ROLE_USER, Role.ROLE_AGENT, Role.ROLE_USER]);
  });
});
