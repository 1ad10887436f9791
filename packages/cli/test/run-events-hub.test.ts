import { createInterface } from 'node:readline';
import type { RecordedRequest } from '@orkeon/testing';
import { toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import type { EventLine } from './event-lines.js';
import { startOrkeon } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// `orkeon run --events jsonl` as the event hub's outside client: hub lines on standard input,
// hub.message and error events on standard output, in the run's one seq sequence.

const scripted = useScriptedRun();

/** The last tool result the scripted model was sent, as the tool answered it. */
function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body?.messages ?? []) as { role: string; content: unknown }[];
  return toolResultText(String(messages.filter((message) => message.role === 'tool').at(-1)?.content ?? ''));
}

/** Runs the crew with stdin as a pipe; `onEvent` may write lines back. Resolves with the exit code and the events. */
async function runWithHub(
  crewYaml: string,
  args: readonly string[],
  onEvent: (event: EventLine, write: (line: unknown) => void) => void,
  firstLines: readonly unknown[] = [],
): Promise<{ code: unknown; events: EventLine[]; stderr: string }> {
  const crew = await scripted.write('crew.yaml', crewYaml);
  const child = startOrkeon(['run', crew, '--events', 'jsonl', ...args], {
    cwd: scripted.folder.path,
    environment: scripted.environment,
    stdin: 'pipe',
  });
  const write = (line: unknown) => child.stdin.write(`${JSON.stringify(line)}\n`);
  for (const line of firstLines) write(line);
  const events: EventLine[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const event = JSON.parse(line) as EventLine;
    events.push(event);
    onEvent(event, write);
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  return { code, events, stderr };
}

function expectOneSequence(events: readonly EventLine[]): void {
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  expect(events[0]?.kind).toBe('run.started');
  expect(events.at(-1)?.kind).toBe('run.finished');
}

describe('orkeon run --events jsonl: the event hub', () => {
  it('sends a request from a send line and writes the crew’s reply as a correlated hub.message', async () => {
    scripted.server.enqueue(
      { toolCalls: [{ name: 'receive_message', arguments: { mailbox: 'crew://desk', timeout_ms: 20_000 } }] },
      (request) => {
        const { message } = JSON.parse(lastToolResult(request)) as { message: { correlation_id: string } };
        return {
          toolCalls: [
            { name: 'reply_to', arguments: { correlation_id: message.correlation_id, payload: { eta: '2h' } } },
          ],
        };
      },
      { text: 'Answered.' },
    );
    const { code, events, stderr } = await runWithHub(
      `name: desk
agents:
  clerk: { role: Clerk, goal: Answer requests, tools: [receive_message, reply_to] }
tasks:
  answer: { description: Answer one request, expected_output: Done, agent: clerk }
`,
      [],
      () => {},
      [{ kind: 'send', to: 'crew://desk', payload: { q: 'eta?' }, correlationId: 'ask-1', timeoutMs: 20_000 }],
    );
    expect(code, stderr).toBe(0);
    expectOneSequence(events);
    expect(events.find((event) => event.kind === 'hub.message')).toMatchObject({
      v: 2,
      crewId: 'desk',
      from: 'agent://desk/clerk',
      payload: { eta: '2h' },
      reply: true,
      correlationId: 'ask-1',
    });
    const request = scripted.server.requests[1];
    expect(JSON.parse(lastToolResult(request as RecordedRequest))).toMatchObject({
      message: { source_crew_id: 'client:cli', payload: { q: 'eta?' } },
    });
  }, 60_000);

  it('writes what the crew posts and sends to client://<--client> as hub.message; a reply line answers', async () => {
    scripted.server.enqueue(
      {
        toolCalls: [
          {
            name: 'post_message',
            arguments: { target_mailbox: 'client://watcher', payload: { note: 'started' }, metadata: { step: '1' } },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'send_request',
            arguments: { target_mailbox: 'client://watcher', payload: { q: 'go on?' }, timeout_ms: 20_000 },
          },
        ],
      },
      { text: 'Done.' },
    );
    const { code, events, stderr } = await runWithHub(
      `name: relay
agents:
  clerk: { role: Clerk, goal: Report, tools: [post_message, send_request] }
tasks:
  report: { description: Report, expected_output: Done, agent: clerk }
`,
      ['--client', 'watcher'],
      (event, write) => {
        if (event.kind === 'hub.message' && event.correlationId !== undefined)
          write({ kind: 'reply', correlationId: event.correlationId, payload: { answer: 'yes' } });
      },
    );
    expect(code, stderr).toBe(0);
    expectOneSequence(events);
    const messages = events.filter((event) => event.kind === 'hub.message');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      from: 'agent://relay/clerk',
      topic: 'direct',
      payload: { note: 'started' },
      metadata: { step: '1' },
    });
    expect(messages[0]).not.toHaveProperty('correlationId');
    expect(messages[1]).toMatchObject({ payload: { q: 'go on?' } });
    expect(messages[1]?.correlationId).toBeTypeOf('string');
    const answered = scripted.server.requests[2] as RecordedRequest;
    expect(JSON.parse(lastToolResult(answered))).toMatchObject({ response_payload: { answer: 'yes' } });
  }, 60_000);

  it('subscribes to a topic the crew publishes on, and publishes a retained value the crew reads', async () => {
    scripted.server.enqueue(
      {
        delayMilliseconds: 300,
        toolCalls: [{ name: 'publish_event', arguments: { topic: 'news', payload: { headline: 'out' } } }],
      },
      { toolCalls: [{ name: 'get_last_value', arguments: { key: 'latest-price' } }] },
      { text: 'Done.' },
    );
    const { code, events, stderr } = await runWithHub(
      `name: paper
agents:
  editor: { role: Editor, goal: Publish, tools: [publish_event, get_last_value] }
tasks:
  publish: { description: Publish, expected_output: Done, agent: editor }
`,
      [],
      () => {},
      [
        { kind: 'subscribe', topic: 'news' },
        { kind: 'publish', topic: 'prices', payload: 12, retainAs: 'latest-price' },
      ],
    );
    expect(code, stderr).toBe(0);
    expectOneSequence(events);
    expect(events.filter((event) => event.kind === 'hub.message')).toEqual([
      expect.objectContaining({ from: 'agent://paper/editor', topic: 'news', payload: { headline: 'out' } }),
    ]);
    expect(JSON.parse(lastToolResult(scripted.server.requests[2] as RecordedRequest))).toMatchObject({ value: 12 });
  }, 60_000);

  it('writes a line the ACL refuses as a recoverable error event naming the link to add; the run goes on', async () => {
    scripted.server.enqueue({ delayMilliseconds: 500, text: 'Done.' });
    const { code, events, stderr } = await runWithHub(
      `name: vault
links:
  - { to: archive, direction: outbound }
agents:
  keeper: { role: Keeper, goal: Keep, tools: [] }
tasks:
  keep: { description: Keep, expected_output: Done, agent: keeper }
`,
      [],
      () => {},
      [{ kind: 'post', to: 'crew://vault', payload: 'let me in' }],
    );
    expect(code, stderr).toBe(0);
    expectOneSequence(events);
    const error = events.find((event) => event.kind === 'error');
    expect(error).toMatchObject({ code: 'EVENT_HUB_ACL_DENIED', recoverable: true });
    expect(error?.message).toContain("'- to: client:cli, direction: inbound' under the links: of crew 'vault'");
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', success: true });
  }, 60_000);

  it('refuses --client without --events jsonl, and a name no mailbox can carry', async () => {
    await scripted.write(
      'crew.yaml',
      'name: x\nagents:\n  a: { role: A, goal: G }\ntasks:\n  t: { description: D, expected_output: O, agent: a }\n',
    );
    const alone = await scripted.run(['run', 'crew.yaml', '--client', 'watcher']);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('--client names the event hub client of --events jsonl');
    const badName = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl', '--client', 'no spaces']);
    expect(badName.code).toBe(1);
    expect(badName.stderr).toContain('--client takes a mailbox name');
  }, 60_000);
});
