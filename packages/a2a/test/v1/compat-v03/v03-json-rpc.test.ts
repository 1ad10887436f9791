import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost, type TestHostOptions } from '../../server/a2a-test-host.js';
import {
  eventually,
  openRpcStream,
  registerV03Agents,
  rpc,
  rpcStream,
  type V03Agents,
  v03Message,
} from './v03-test-kit.js';

let host: TestHost | undefined;
let agents: V03Agents;

beforeEach(() => {
  agents = registerV03Agents();
});

afterEach(async () => {
  agents.release();
  await host?.close();
  host = undefined;
});

async function start(options: TestHostOptions = {}): Promise<string> {
  host = await startTestHost(options);
  return host.url;
}

type Task = { kind: string; id: string; contextId: string; status: { state: string; message?: unknown } } & Record<
  string,
  unknown
>;

describe('A2A 0.3 over the JSON-RPC binding (no A2A-Version header)', () => {
  it('message/send with blocking true answers the 0.3 task: kind, lower-case state, 0.3 parts and history', async () => {
    const url = await start();
    const sent = await rpc(url, 'message/send', {
      message: v03Message('hello', { metadata: { skillId: 'echo' } }),
      configuration: { blocking: true },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ jsonrpc: '2.0', id: 11 });
    const task = sent.body.result as Task;
    expect(task).toMatchObject({
      kind: 'task',
      status: { state: 'completed' },
      artifacts: [{ name: 'output', parts: [{ kind: 'text', text: 'echo: hello' }] }],
      history: [{ kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'hello' }] }],
    });
    expect(task.contextId).toEqual(expect.any(String));
    expect(JSON.stringify(task)).not.toContain('TASK_STATE_');
  });

  it('does not block by default (0.3), where v1.0 does: the task answers while it works', async () => {
    const url = await start();
    const sent = await rpc(url, 'message/send', { message: v03Message('later', { metadata: { skillId: 'slow' } }) });
    const task = sent.body.result as Task;
    expect(task.status.state).toBe('working');
    agents.release();
    await eventually(async () => {
      const read = await rpc(url, 'tasks/get', { id: task.id });
      return (read.body.result as Task).status.state === 'completed';
    }, 'the released task to complete');
    const blocked = await rpc(
      url,
      'SendMessage',
      { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'x' }], metadata: { skillId: 'echo' } } },
      '1.0',
    );
    expect(blocked.body.result).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
  });

  it('reads file and data parts in their 0.3 form', async () => {
    const url = await start();
    const sent = await rpc(url, 'message/send', {
      message: v03Message('look', {
        parts: [
          { kind: 'text', text: 'look' },
          {
            kind: 'file',
            file: { uri: 'https://files.example.com/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' },
          },
          { kind: 'file', file: { bytes: 'aGVsbG8=', mimeType: 'text/plain', name: 'b.txt' } },
          { kind: 'data', data: { city: 'Paris' } },
        ],
        metadata: { skillId: 'echo' },
      }),
      configuration: { blocking: true },
    });
    expect(agents.inputs.at(-1)?.input).toBe(
      'look\n[a.pdf (application/pdf) at https://files.example.com/a.pdf]\n[b.txt (text/plain), 5 bytes]\n{"city":"Paris"}',
    );
    // The history keeps every part, written back in 0.3 form.
    expect((sent.body.result as Task).history).toEqual([
      expect.objectContaining({
        parts: [
          { kind: 'text', text: 'look' },
          {
            kind: 'file',
            file: { uri: 'https://files.example.com/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' },
          },
          { kind: 'file', file: { bytes: 'aGVsbG8=', mimeType: 'text/plain', name: 'b.txt' } },
          { kind: 'data', data: { city: 'Paris' } },
        ],
      }),
    ]);
  });

  it('message/stream: the task, the artifact, then the last status update with final: true; then the stream ends', async () => {
    const url = await start();
    const frames = await rpcStream(url, 'message/stream', {
      message: v03Message('streamed', { metadata: { skillId: 'echo' } }),
    });
    expect(frames.every((frame) => frame.jsonrpc === '2.0' && frame.id === 'stream-1')).toBe(true);
    const events = frames.map((frame) => frame.result as Record<string, unknown>);
    expect(events.map((event) => event.kind)).toEqual(['task', 'artifact-update', 'status-update']);
    expect(events[0]).toMatchObject({ kind: 'task', status: { state: 'working' } });
    expect(events[1]).toMatchObject({
      artifact: { parts: [{ kind: 'text', text: 'echo: streamed' }] },
      lastChunk: true,
    });
    expect(events[2]).toMatchObject({ status: { state: 'completed' }, final: true });
  });

  it('tasks/get (historyLength), tasks/cancel, tasks/resubscribe; the same records as v1.0', async () => {
    const url = await start();
    const started = (await rpc(url, 'message/send', { message: v03Message('wait', { metadata: { skillId: 'slow' } }) }))
      .body.result as Task;
    const read = await rpc(url, 'tasks/get', { id: started.id, historyLength: 0 });
    expect(read.body.result).toMatchObject({ kind: 'task', id: started.id, status: { state: 'working' } });
    expect((read.body.result as Task).history).toBeUndefined();

    const watching = openRpcStream(url, 'tasks/resubscribe', { id: started.id });
    const first = await watching.next();
    expect(first.value?.result).toMatchObject({ kind: 'task', id: started.id, status: { state: 'working' } });
    const cancelled = await rpc(url, 'tasks/cancel', { id: started.id });
    expect(cancelled.body.result).toMatchObject({ kind: 'task', id: started.id, status: { state: 'canceled' } });
    const rest: Record<string, unknown>[] = [];
    for await (const frame of watching) rest.push(frame.result as Record<string, unknown>);
    expect(rest).toEqual([
      expect.objectContaining({
        kind: 'status-update',
        status: expect.objectContaining({ state: 'canceled' }),
        final: true,
      }),
    ]);

    // The v1.0 binding reads the same record.
    const overV1 = await rpc(url, 'GetTask', { id: started.id }, '1.0');
    expect(overV1.body.result).toMatchObject({ id: started.id, status: { state: 'TASK_STATE_CANCELED' } });
    const again = await rpc(url, 'tasks/cancel', { id: started.id });
    expect(again.body.error).toEqual({ code: -32002, message: expect.stringContaining(started.id) });
  });

  it('an agent that asks: input-required (final), then the answer continues the same task', async () => {
    const url = await start();
    const frames = await rpcStream(url, 'message/stream', {
      message: v03Message('weekend', { metadata: { skillId: 'asker' } }),
    });
    const last = frames.at(-1)?.result as Record<string, unknown> & { taskId: string; contextId: string };
    expect(last).toMatchObject({
      kind: 'status-update',
      status: {
        state: 'input-required',
        message: { kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'Which city?' }] },
      },
      final: true,
    });
    const answered = await rpc(url, 'message/send', {
      message: v03Message('Paris', { taskId: last.taskId, contextId: last.contextId }),
      configuration: { blocking: true },
    });
    expect(answered.body.result).toMatchObject({
      kind: 'task',
      id: last.taskId,
      status: { state: 'completed' },
      artifacts: [{ parts: [{ kind: 'text', text: 'plan for Paris (weekend)' }] }],
    });
  });

  it('answers errors in 0.3 form: the code and message, no ErrorInfo', async () => {
    const url = await start();
    const missing = await rpc(url, 'tasks/get', { id: 'no-such-task' });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({
      jsonrpc: '2.0',
      id: 11,
      error: { code: -32001, message: expect.stringContaining('no-such-task') },
    });
    const badPart = await rpc(url, 'message/send', {
      message: v03Message('x', { parts: [{ kind: 'image', url: 'x' }] }),
    });
    expect(badPart.body.error).toEqual({ code: -32602, message: expect.stringContaining('params.message.parts.0') });
    const v1Part = await rpc(url, 'message/send', {
      message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] },
    });
    expect(v1Part.body.error).toMatchObject({ code: -32602 });
    const unknown = await rpc(url, 'tasks/send', {});
    expect(unknown.body.error).toEqual({
      code: -32601,
      message: expect.stringContaining("No A2A 0.3 method 'tasks/send'. The methods are message/send, message/stream"),
    });
    const listTasks = await rpc(url, 'ListTasks', {});
    expect(listTasks.body.error).toMatchObject({ code: -32601, message: expect.stringContaining('A2A 1.0 method') });
    const v1Name = await rpc(url, 'SendMessage', {});
    expect(v1Name.body.error).toEqual({ code: -32601, message: expect.stringContaining('send A2A-Version: 1.0') });
    const v03NameOverV1 = await rpc(url, 'message/send', {}, '1.0');
    expect(v03NameOverV1.body.error).toMatchObject({
      code: -32601,
      message: expect.stringContaining('A2A 0.3 method'),
    });
    const explicit = await rpc(url, 'tasks/get', { id: 'no-such-task' }, '0.3');
    expect(explicit.body.error).toMatchObject({ code: -32001 });
    const other = await rpc(url, 'tasks/get', { id: 'x' }, '0.5');
    expect(other.body.error).toMatchObject({
      code: -32009,
      message: 'A2A version 0.5 is not supported here: send A2A-Version: 1.0 or 0.3.',
    });
  });

  it('agent/getAuthenticatedExtendedCard answers the extended card in 0.3 form, or -32004 without one', async () => {
    const url = await start({
      settings: { ExtendedCard: { Enabled: true, PrivateSkills: ['slow'] } },
      security: { AllowedAuthSchemes: ['Bearer'], Bearer: { Tokens: ['t-123456'] } },
    });
    const auth = { authorization: 'Bearer t-123456' };
    const extended = await rpc(url, 'agent/getAuthenticatedExtendedCard', {}, undefined, auth);
    expect(extended.body.result).toMatchObject({
      url: `${url}/a2a/jsonrpc`,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3',
      supportsAuthenticatedExtendedCard: true,
      securitySchemes: { bearer: { type: 'http', scheme: 'Bearer' } },
    });
    const extendedCard = extended.body.result as { skills: { id: string }[]; supportedInterfaces?: unknown };
    expect(extendedCard.skills.map((skill) => skill.id)).toEqual(['echo', 'slow', 'asker']);
    expect(extendedCard.supportedInterfaces).toBeUndefined();
    const publicCard = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as {
      skills: { id: string }[];
    };
    expect(publicCard.skills.map((skill) => skill.id)).toEqual(['echo', 'asker']);
    const refused = await rpc(url, 'agent/getAuthenticatedExtendedCard', {});
    expect(refused.status).toBe(401);

    await host?.close();
    const plain = await start();
    const none = await rpc(plain, 'agent/getAuthenticatedExtendedCard', {});
    expect(none.body.error).toEqual({ code: -32004, message: expect.stringContaining('no extended agent card') });
  });

  it('leaves the HTTP+JSON binding at 1.0: a request without A2A-Version is still VersionNotSupported there', async () => {
    const url = await start();
    const response = await fetch(`${url}/a2a/v1/tasks/x`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('VERSION_NOT_SUPPORTED');
  });
});

describe('A2A:ServeV03 false', () => {
  it('restores the refusal: no header is VersionNotSupported, 0.3 methods too, and the card lists 1.0 only', async () => {
    const url = await start({ settings: { ServeV03: false } });
    const refused = await rpc(url, 'message/send', { message: v03Message('hi') });
    expect(refused.body.error).toMatchObject({
      code: -32009,
      message: expect.stringContaining('no A2A-Version header, which means 0.3'),
      data: [expect.objectContaining({ reason: 'VERSION_NOT_SUPPORTED' })],
    });
    const explicit = await rpc(url, 'tasks/get', { id: 'x' }, '0.3');
    expect(explicit.body.error).toMatchObject({ code: -32009 });
    const card = await fetch(`${url}/.well-known/agent-card.json`);
    expect(card.headers.get('vary')).toBeNull();
    const body = (await card.json()) as { supportedInterfaces: { protocolVersion: string }[]; url?: unknown };
    expect(body.url).toBeUndefined();
    expect(body.supportedInterfaces.map((entry) => entry.protocolVersion)).toEqual(['1.0', '1.0']);
  });
});
