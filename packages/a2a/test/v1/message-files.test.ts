import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type A2ATaskContext, AgentDirectory, sharedAgentRegistrationStore } from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

// A local handler gets the files an A2A v1.0 message carried as bytes in its task context; the input still
// names each file in a line.

const directory = new AgentDirectory();
const seen: { input: string; task: A2ATaskContext | undefined }[] = [];
let host: TestHost | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  seen.length = 0;
  directory.register({
    id: 'viewer',
    name: 'Viewer',
    description: 'Looks at files',
    tags: [],
    kind: 'local',
    handler: async (request, _signal, task) => {
      seen.push({ input: request.input, task });
      return 'seen';
    },
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function send(parts: unknown[]): Promise<string> {
  host ??= await startTestHost();
  const response = await fetch(`${host.url}/a2a/v1/message:send`, {
    method: 'POST',
    headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0' },
    body: JSON.stringify({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts },
      metadata: { skillId: 'viewer' },
    }),
  });
  const body = (await response.json()) as { task?: { status: { state: string } } };
  return body.task?.status.state ?? JSON.stringify(body);
}

describe('the files of an A2A v1.0 message', () => {
  it('reach a local handler as task.files, with their media type and name', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
    expect(
      await send([
        { text: 'Look' },
        { raw: png, mediaType: 'image/png', filename: 'chart.png' },
        { raw: 'AAAA' },
        { url: 'https://example.com/a.png', mediaType: 'image/png' },
      ]),
    ).toBe('TASK_STATE_COMPLETED');
    expect(seen[0]?.task?.files).toEqual([
      { raw: png, mediaType: 'image/png', filename: 'chart.png' },
      { raw: 'AAAA' },
    ]);
    expect(seen[0]?.input).toBe(
      'Look\n[chart.png (image/png), 8 bytes]\n[a file, 3 bytes]\n[a file (image/png) at https://example.com/a.png]',
    );
  });

  it('are absent from a message of text only', async () => {
    await send([{ text: 'Hello' }]);
    expect(seen[0]?.task).toBeDefined();
    expect(seen[0]?.task?.files).toBeUndefined();
  });
});
