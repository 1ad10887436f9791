import type { ChildProcess } from 'node:child_process';
import { toolResultText } from '@orkeon/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { finished, servingUrl, startOrkeon } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// Svc:Dlp:ApplyInPipeline in real orkeon processes: `orkeon run` (tool output, delegation,
// memory and the log), `orkeon serve` (A2A answers, seed dialect and v1.0) and `orkeon mcp
// serve` (MCP tool answers).

const scripted = useScriptedRun({
  files: {
    'customers.txt': 'Jane Doe, jane@example.com, card 4111 1111 1111 1111\n',
    'crew.yaml': `name: support
agents:
  lead: { role: Lead, goal: Answers customers, tools: [file_read, memory_store, human_input], allow_delegation: true }
  researcher: { role: Researcher, goal: Finds orders }
tasks:
  answer: { description: Answer Jane., expected_output: A reply, agent: lead }
`,
  },
});

const dlp = (settings: Record<string, string>) =>
  Object.fromEntries(Object.entries(settings).map(([key, value]) => [`SVC_Svc__Dlp__${key}`, value]));

/** The chat request `index` (embedding requests left out). */
const chat = (index: number) =>
  scripted.server.requests.filter((request) => request.path.endsWith('/chat/completions'))[index];

/** The tool answers the model read in chat request `index`. */
function toolAnswers(index: number): string[] {
  const body = chat(index)?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return (body?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)));
}

/** The JSON log records of a process's standard error (other lines left out). */
const logRecords = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });

describe('orkeon run with Svc:Dlp:ApplyInPipeline', () => {
  it('masks tool output, hand-overs, memories and log records', async () => {
    scripted.server.enqueue(
      call('file_read', { path: '/crew/customers.txt' }),
      call('delegate_work_to_coworker', { coworker: 'Researcher', task: 'Call +44 20 7946 0958 about the order' }),
      { text: 'Reached her at jane@example.com' },
      call('memory_store', { operation: 'remember', category: 'user', content: 'Jane: +44 20 7946 0958' }),
      call('memory_store', { operation: 'recall', query: 'Jane' }),
      { error: { status: 400, message: 'The account of jane@example.com is locked' } },
    );
    const result = await finished(
      scripted.start(['run', 'crew.yaml', '--events', 'jsonl'], {
        environment: {
          // Embeddings from the scripted server: the memory tool needs no local model.
          SVC_Llm__EmbeddingModel: 'scripted-embeddings',
          ...dlp({
            ApplyInPipeline: 'true',
            ChannelPolicies__ToolOutput__DefaultAction: 'Mask',
            // Tool results keep phone numbers: the one recalled below is masked by the Memory channel.
            ChannelPolicies__ToolOutput__PiiActions__Phone: 'Allow',
            ChannelPolicies__Delegation__DefaultAction: 'Mask',
            ChannelPolicies__Memory__DefaultAction: 'Mask',
            ChannelPolicies__Log__DefaultAction: 'Mask',
          }),
        },
      }),
    );
    // The last model call fails, so the task does: its error is logged, screened.
    expect(result.code, result.stderr).toBe(2);
    expect(toolAnswers(1)).toEqual([`Jane Doe, ${'*'.repeat(16)}, card ${'*'.repeat(19)}\n`]);
    expect(JSON.stringify(chat(2)?.body)).toContain(`Call ${'*'.repeat(16)} about the order`);
    expect(toolAnswers(3).at(-1)).toBe(`Reached her at ${'*'.repeat(16)}`);
    expect(toolAnswers(5).at(-1)).toContain(`"content": "Jane: ${'*'.repeat(16)}"`);
    const failure = logRecords(result.stderr).find((record) => record.msg === 'a crew task failed');
    expect(JSON.stringify(failure)).toContain(`The account of ${'*'.repeat(16)} is locked`);
    // Also in the provider's response body the error carries, a field of its cause.
    expect(JSON.stringify(failure)).not.toContain('jane@example.com');
  }, 60_000);
});

const running: ChildProcess[] = [];
// Registered after the helper's, so it runs first: the servers stop before the model server closes.
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Starts `orkeon serve` on the crew of the folder and waits for its readiness line; resolves with its URL. */
async function serve(environment: Record<string, string>): Promise<string> {
  const child = scripted.start(['serve', '.', '--set', 'A2A:Host=127.0.0.1', '--set', 'A2A:Port=0'], { environment });
  running.push(child);
  return servingUrl(child);
}

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
  (await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  ).json()) as Record<string, unknown>;

describe('orkeon serve and orkeon mcp serve with Svc:Dlp:ApplyInPipeline', () => {
  it('A2A answers pass the ExternalOutput channel: the seed dialect, its stored record, and v1.0', async () => {
    const url = await serve(
      dlp({
        ApplyInPipeline: 'true',
        ChannelPolicies__ExternalOutput__DefaultAction: 'Mask',
        ChannelPolicies__ExternalOutput__PiiActions__CreditCard: 'Block',
      }),
    );
    scripted.server.enqueue(
      { text: 'Write to jane@example.com about the refund.' },
      { text: 'Her card is 4111 1111 1111 1111.' },
    );
    const sent = await post(`${url}/a2a/tasks/send`, { id: 'task-1', skillId: 'lead', input: 'Who is Jane?' });
    expect(sent).toMatchObject({ status: 'Completed', output: `Write to ${'*'.repeat(16)} about the refund.` });
    const record = (await (await fetch(`${url}/a2a/tasks/task-1`)).json()) as { output?: string };
    expect(record.output).toBe(`Write to ${'*'.repeat(16)} about the refund.`);
    const v1 = (await post(
      `${url}/a2a/jsonrpc`,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'And her card?' }] },
          metadata: { skillId: 'lead' },
        },
      },
      { 'a2a-version': '1.0' },
    )) as { result?: { task?: { artifacts?: { parts: { text: string }[] }[] } } };
    expect(v1.result?.task?.artifacts?.[0]?.parts[0]?.text).toBe('[BLOCKED: PII detected in ExternalOutput channel]');
    // A question the agent asks its caller leaves the process too.
    scripted.server.enqueue(call('human_input', { question: 'Is jane@example.com still right?' }));
    const asked = (await post(
      `${url}/a2a/jsonrpc`,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'SendMessage',
        params: {
          message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'Write to Jane' }] },
          metadata: { skillId: 'lead' },
        },
      },
      { 'a2a-version': '1.0' },
    )) as { result?: { task?: { status: { state: string; message?: { parts: { text: string }[] } } } } };
    expect(asked.result?.task?.status).toMatchObject({
      state: 'TASK_STATE_INPUT_REQUIRED',
      message: { parts: [{ text: `Is ${'*'.repeat(16)} still right?` }] },
    });
  }, 60_000);

  it('MCP tool answers pass the ExternalOutput channel before they leave for the client', async () => {
    const child = startOrkeon(['mcp', 'serve', '--tools', 'file_read', '--mount', `${scripted.folder.path}:/data:ro`], {
      cwd: scripted.folder.path,
      stdin: 'pipe',
      // Tool results pass untouched: what is masked here is masked on the way out.
      environment: dlp({
        ApplyInPipeline: 'true',
        ChannelPolicies__ToolOutput__Enabled: 'false',
        ChannelPolicies__ExternalOutput__DefaultAction: 'Mask',
      }),
    });
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'file_read', arguments: { path: '/data/customers.txt' } },
      },
    ];
    child.stdin.end(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const result = await finished(child);
    expect(result.code, result.stderr).toBe(0);
    const answer = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: number; result?: { content: { text: string }[] } })
      .find((line) => line.id === 2);
    expect(answer?.result?.content).toEqual([
      { type: 'text', text: `Jane Doe, ${'*'.repeat(16)}, card ${'*'.repeat(19)}\n` },
    ]);
  }, 60_000);
});
