import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({ files: { 'data/facts.txt': 'Octopuses have three hearts.' } });
beforeEach(async () => {
  await mkdir(join(scripted.folder.path, 'out'));
});

const crewYaml = (process: string, extra = '') => `name: notes
goal: Write a note
process: ${process}
mounts: [/output]
agents:
  researcher:
    role: Researcher
    goal: Find facts
    tools: [file_read]
  writer:
    role: Writer
    goal: Write notes
tasks:
  research:
    description: Read /data/facts.txt and list the facts about {topic}.
    expected_output: Bullet points
    agent: researcher
  write:
    description: Write a note about {topic}.
    expected_output: A short note
    agent: writer
    dependencies: [research]
    deliverable: { path: /output/note.md }
${extra}`;

const writeCrew = (text: string, name = 'crew.yaml') => scripted.write(name, text);

/** The real `orkeon` process, for what only a fresh process shows. */
const runProcess = (args: string[]) =>
  finished(scripted.start(['run', ...args, '--mount', `${join(scripted.folder.path, 'data')}:/data:ro`]));

const run = (args: string[]) =>
  scripted.run([
    'run',
    ...args,
    '--mount',
    `${join(scripted.folder.path, 'out')}:/output:rw`,
    `${join(scripted.folder.path, 'data')}:/data:ro`,
  ]);

describe('orkeon run', () => {
  it('runs a sequential YAML crew: tools through the pipeline, context passed on, deliverable written', async () => {
    const crew = await writeCrew(crewYaml('sequential'));
    scripted.server.enqueue(
      { toolCalls: [{ name: 'file_read', arguments: { path: '/data/facts.txt' } }] },
      { text: '- three hearts' },
      { text: '# Octopuses\nThey have three hearts.' },
    );
    const result = await run([crew, '-V', 'topic=octopuses']);
    expect(result.stderr).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('=== Crew Output ===\n# Octopuses\nThey have three hearts.');
    expect(await readFile(join(scripted.folder.path, 'out', 'note.md'), 'utf8')).toBe(
      '# Octopuses\nThey have three hearts.',
    );
    expect(JSON.stringify(scripted.server.requests[1]?.body)).toContain('Octopuses have three hearts.');
    expect(JSON.stringify(scripted.server.requests[2]?.body)).toContain('- three hearts');
    expect(result.stderr).toContain('✓ research (researcher)');
  });

  it('writes one JSON event per line with --events jsonl, tools and deltas included', async () => {
    const crew = await writeCrew(crewYaml('sequential'));
    scripted.server.enqueue(
      { toolCalls: [{ id: 'c1', name: 'file_read', arguments: { path: '/data/facts.txt' } }] },
      { text: 'facts' },
      { text: 'the note', chunks: ['the ', 'note'] },
    );
    const result = await run([crew, '-V', 'topic=x', '--events', 'jsonl', '--stream']);
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string });
    const kinds = events.map((event) => event.kind);
    expect(kinds[0]).toBe('run.started');
    expect(kinds.at(-1)).toBe('run.finished');
    expect(events.at(-1)).toMatchObject({ success: true, exitCode: 0, crewId: 'notes' });
    // Envelope v 2: seq from 1 without gaps, an ISO time on each.
    expect(events.map((event) => (event as unknown as { seq: number }).seq)).toEqual(
      events.map((_, index) => index + 1),
    );
    expect(events.every((event) => (event as unknown as { v: number }).v === 2)).toBe(true);
    const called = events.find((event) => event.kind === 'tool.called') as unknown as { seq: number };
    expect(called).toMatchObject({
      toolName: 'file_read',
      argsSummary: ['path'],
      correlationId: 'c1',
      taskId: 'research',
    });
    expect(JSON.stringify(called)).not.toContain('facts.txt');
    expect(events.find((event) => event.kind === 'tool.returned')).toMatchObject({
      toolName: 'file_read',
      success: true,
      outcome: 'Success',
      taskId: 'research',
      correlationId: 'c1',
      causationId: called.seq,
    });
    expect(events.find((event) => event.kind === 'task.completed')).toMatchObject({
      taskId: 'research',
      success: true,
      toolCalls: 1,
    });
    expect(
      events
        .filter((event) => event.kind === 'llm.delta')
        .map((event) => (event as unknown as { text: string }).text)
        .join(''),
    ).toContain('the note');
    expect(kinds.filter((kind) => kind === 'task.completed')).toHaveLength(2);
  });

  it('fails with exit 2 when a task fails; its dependant is skipped, never run', async () => {
    const crew = await writeCrew(
      `${crewYaml('parallel')}  aside:\n    description: An independent task.\n    expected_output: Anything\n    agent: writer\n`,
    );
    scripted.server.enqueue(
      (request) =>
        JSON.stringify(request.body).includes('An independent task')
          ? { text: 'aside done' }
          : { error: { status: 400, message: 'bad request' } },
      (request) =>
        JSON.stringify(request.body).includes('An independent task')
          ? { text: 'aside done' }
          : { error: { status: 400, message: 'bad request' } },
    );
    const result = await run([crew, '-V', 'topic=x']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^ERROR: .*research.*write/);
    expect(scripted.server.requests).toHaveLength(2);
    expect(result.stderr).toContain('⊘ write');
  });

  it('--resume continues the unfinished run without calling the model for completed tasks', async () => {
    const crew = await writeCrew(crewYaml('sequential'));
    scripted.server.enqueue({ text: 'facts from run 1' }, { error: { status: 400, message: 'writer broke' } });
    expect((await run([crew, '-V', 'topic=x'])).code).toBe(2);
    scripted.server.reset();
    scripted.server.enqueue({ text: 'note from run 2' });
    const resumed = await run([crew, '-V', 'topic=x', '--resume']);
    expect(resumed.code).toBe(0);
    expect(scripted.server.requests).toHaveLength(1);
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain('facts from run 1');
    expect(resumed.stderr).toContain('↺ research');
  });

  it('--validate loads and resolves tools without a model call; bad crews name file, line and column', async () => {
    const crew = await writeCrew(crewYaml('sequential'));
    const ok = await run([crew, '--validate', '-V', 'topic=x']);
    expect(ok).toMatchObject({
      code: 0,
      stdout: 'VALIDATION OK: notes (process=sequential, agents=2, tasks=2, tools resolved=1)\n',
    });
    const bad = await writeCrew(crewYaml('sequential').replace('tools: [file_read]', 'tools: [file_reed]'), 'bad.yaml');
    const refused = await run([bad, '--validate', '-V', 'topic=x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.yaml:9:\d+: .*file_reed/);
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('--list-tools lists the tools with their family and access', async () => {
    const crew = await writeCrew(crewYaml('sequential'));
    const result = await run([crew, '--list-tools']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^count_pattern\s+-\s+Read\s+enabled/m);
    expect(result.stdout).toMatch(/^shell_command\s+shell\s+Execute\s+enabled/m);
  });

  it('refuses a crew whose required mount is missing', async () => {
    const crew = await writeCrew(crewYaml('sequential').replace('mounts: [/output]', 'mounts: [/reports]'));
    const result = await run([crew, '-V', 'topic=x']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The crew needs the mount(s) /reports');
  });

  it('runs a TypeScript crew module and a procedural script directly, in a folder without node_modules', async () => {
    const crewModule = await writeCrew(
      `import { crewBuilder } from '@orkeon/core';
export const crew = crewBuilder()
  .name('ts-crew')
  .withAgent({ id: 'a', role: 'Helper', goal: 'Help' })
  .withTask({ id: 't', description: 'Say hi', expectedOutput: 'A greeting', agent: 'a' })
  .build();
`,
      'crew.ts',
    );
    scripted.server.enqueue({ text: 'hi from ts' });
    const fromModule = await runProcess([crewModule]);
    expect(fromModule.stderr).not.toContain('ERROR');
    expect(fromModule.code).toBe(0);
    expect(fromModule.stdout).toContain('=== Crew Output ===\nhi from ts');

    const script = await writeCrew(
      `export default async (ctx: { tools: { call(name: string, input: unknown): Promise<{ outcome: string; output: string }> }; llm: { complete(prompt: string): Promise<{ output: string }> } }) => {
  const read = await ctx.tools.call('file_read', { path: '/data/facts.txt' });
  const answer = await ctx.llm.complete('Summarise: ' + read.output);
  return { read: read.outcome, answer: answer.output };
};
`,
      'script.ts',
    );
    scripted.server.enqueue({ text: 'summary' });
    const fromScript = await runProcess([script]);
    expect(fromScript.code).toBe(0);
    expect(JSON.parse(fromScript.stdout)).toEqual({ read: 'Success', answer: 'summary' });
    expect(JSON.stringify(scripted.server.requests[1]?.body)).toContain('Octopuses have three hearts.');
  });

  it('runs a hierarchical crew: the manager assigns, and a third rejection fails the run (exit 2)', async () => {
    const crew = await writeCrew(`name: reviewed
process: hierarchical
manager: boss
agents:
  boss: { role: Manager, goal: Assign and review }
  writer: { role: Writer, goal: Write }
  editor: { role: Editor, goal: Edit }
tasks:
  draft: { description: Draft a slogan., expected_output: One line }
`);
    const answer = (request: { body: unknown }) => {
      const text = JSON.stringify(request.body);
      if (text.includes('Choose the worker')) return { text: '{"agent": "editor", "reason": "editing"}' };
      if (text.includes('{\\"approved\\": true or false'))
        return { text: '{"approved": false, "feedback": "too long"}' };
      return { text: 'A slogan that is far too long' };
    };
    scripted.server.enqueue(...Array.from({ length: 7 }, () => answer));
    const result = await run([crew]);
    expect(result.code).toBe(2);
    const isManager = (body: unknown) => /Choose the worker|\{\\"approved\\": true or false/.test(JSON.stringify(body));
    const workerCalls = scripted.server.requests.filter((request) => !isManager(request.body));
    expect(workerCalls).toHaveLength(3);
    expect(JSON.stringify(workerCalls[0]?.body)).toContain('Editor');
    expect(JSON.stringify(workerCalls[1]?.body)).toContain('too long');
    expect(result.stdout).toContain('[NEEDS REVISION]');
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^ERROR: .*draft/);
  });

  it('--validate catches an unknown agent with its file, line and column', async () => {
    const bad = await writeCrew(crewYaml('sequential').replace('agent: writer', 'agent: ghost'), 'ghost.yaml');
    const refused = await run([bad, '--validate', '-V', 'topic=x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/ghost\.yaml:\d+:\d+: .*ghost/);
  });

  it('exports the run telemetry (crew.run, invoke_agent, chat, execute_tool) to an OTLP/HTTP receiver', async () => {
    const bodies: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') bodies.push(body);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const script = await writeCrew(
        `export default async (ctx: { llm: { act(goal: string): Promise<{ output: string }> } }) => (await ctx.llm.act('read the facts')).output;\n`,
        'traced.ts',
      );
      scripted.server.enqueue(
        { toolCalls: [{ name: 'file_read', arguments: { path: '/data/facts.txt' } }] },
        { text: 'read' },
      );
      scripted.environment.SVC_Telemetry__OtlpEndpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      const result = await runProcess([script]);
      expect(result.code).toBe(0);
      const exported = bodies.join('\n');
      for (const name of ['crew.run', 'invoke_agent script', 'chat scripted', 'execute_tool file_read'])
        expect(exported).toContain(name);
      expect(exported).toContain('traced.ts');
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
