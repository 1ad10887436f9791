import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { startOrkeon } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

const crewYaml = `name: asking
goal: Ask a person
agents:
  a: { role: Asker, goal: Ask, tools: [human_input] }
tasks:
  ask: { description: Ask for the city, expected_output: A city, agent: a }
`;

/** A real `orkeon run --events jsonl` with standard input as a pipe the test writes to. */
function start(crew: string) {
  return startOrkeon(['run', crew, '--events', 'jsonl'], {
    cwd: scripted.folder.path,
    environment: scripted.environment,
    stdin: 'pipe',
  });
}

function toolResult(index: number): string {
  const messages = (scripted.server.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[];
  return String(messages.find((message) => message.role === 'tool')?.content ?? '');
}

describe('orkeon run: a person in the loop over --events jsonl', () => {
  it('input.needed goes out on stdout; an input.given line on stdin with its correlationId answers it', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml);
    scripted.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Which city?' } }] },
      { text: 'Lisbon, as asked' },
    );
    const child = start(crew);
    const events: Record<string, unknown>[] = [];
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      // Noise first: a malformed line and an unknown kind are ignored.
      const event = JSON.parse(line) as Record<string, unknown>;
      events.push(event);
      if (event.kind === 'input.needed') {
        child.stdin.write('not json\n{"kind":"post","to":"x"}\n');
        child.stdin.write(
          `${JSON.stringify({ kind: 'input.given', correlationId: event.correlationId, value: 'Lisbon' })}\n`,
        );
      }
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(events.find((event) => event.kind === 'input.needed')).toMatchObject({
      inputKind: 'text',
      prompt: 'Which city?',
      source: 'tool',
      crewId: 'asking',
      agentId: 'a',
      taskId: 'ask',
    });
    expect(toolResult(1)).toBe('Lisbon');
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', success: true });
  }, 30_000);

  it('standard input that ends refuses the ask: the run goes on, never hangs', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml);
    scripted.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Anyone?' } }] },
      { text: 'no one answered' },
    );
    const child = start(crew);
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(toolResult(1)).toMatch(/^DENIED: No answer from a person: standard input ended/);
  }, 30_000);
});
