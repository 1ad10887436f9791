import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  A2AV1AgentError,
  A2AV1Client,
  AgentDirectory,
  sharedAgentRegistrationStore,
  type V1StreamResponse,
} from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

const directory = new AgentDirectory();
let host: TestHost | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: [],
    kind: 'local',
    handler: async (request, signal, task) => {
      if (!request.input.startsWith('ask')) return `echo: ${request.input}`;
      const answer = await task?.requestInput?.('Which one?', signal);
      return `chose ${answer?.answered === true ? answer.value : 'nothing'}`;
    },
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
});

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  message: { messageId: randomUUID(), role: 'ROLE_USER' as const, parts: [{ text }], ...extra },
});

describe.each(['JSONRPC', 'HTTP+JSON'] as const)('A2AV1Client against an Orkeon server over %s', (binding) => {
  it('runs the documented calls: send, stream, pages of tasks, a missing task, a question answered', async () => {
    host = await startTestHost();
    await using client = await A2AV1Client.connect(host.url, { preferredBindings: [binding] });
    expect(client.endpoint.protocolBinding).toBe(binding);
    expect(client.card?.name).toBe('Orkeon');

    const result = await client.sendMessage(message('hello'));
    if (!('task' in result)) throw new Error('expected a task');
    expect(result.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(result.task.artifacts?.[0]?.parts).toEqual([{ text: 'echo: hello' }]);

    const states: string[] = [];
    for await (const event of client.sendStreamingMessage(message('streamed')) as AsyncIterable<V1StreamResponse>)
      states.push('statusUpdate' in event ? event.statusUpdate.status.state : (Object.keys(event)[0] ?? ''));
    expect(states).toEqual(['task', 'artifactUpdate', 'TASK_STATE_COMPLETED']);

    const seen: string[] = [];
    let pageToken = '';
    do {
      const page = await client.listTasks({ pageSize: 1, ...(pageToken === '' ? {} : { pageToken }) });
      seen.push(...page.tasks.map((task) => task.id));
      pageToken = page.nextPageToken;
    } while (pageToken !== '');
    expect(seen).toHaveLength(2);

    const missing = await client.getTask({ id: 'no-such-task', historyLength: 10 }).catch((error: unknown) => error);
    expect(A2AV1AgentError.isInstance(missing) && missing.a2aError).toBe('TaskNotFound');

    const asked = await client.sendMessage(message('ask me'));
    if (!('task' in asked)) throw new Error('expected a task');
    expect(asked.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const answered = await client.sendMessage(message('the blue one', { taskId: asked.task.id }));
    if (!('task' in answered)) throw new Error('expected a task');
    expect(answered.task.artifacts?.[0]?.parts).toEqual([{ text: 'chose the blue one' }]);
  });
});
