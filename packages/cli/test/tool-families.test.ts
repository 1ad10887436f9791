import { toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { checkPackages } from '../src/doctor/packages-check.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

const crewYaml = (tools: string, budget = '') => `name: session-crew
goal: Report on the run
${budget}agents:
  w: { role: Writer, goal: Write, tools: [${tools}] }
tasks:
  report: { description: Report on the run, expected_output: text, agent: w }
`;

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const toolsOffered = (index: number) =>
  (
    (scripted.server.requests[index]?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []
  ).map((tool) => tool.function.name);

const toolMessages = () =>
  (
    (scripted.server.requests.at(-1)?.body as { messages?: { role: string; content: string }[] } | undefined)
      ?.messages ?? []
  ).filter((message) => message.role === 'tool');

describe('tool families in orkeon run', () => {
  it('family:session in a crew gives the agent the session tools, whose numbers match the run events', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml('family:session, file_read', 'budget: { tokens: 5000 }\n'));
    scripted.server.enqueue(
      { toolCalls: [{ name: 'session_stats', arguments: {} }], usage: { inputTokens: 120, outputTokens: 30 } },
      { toolCalls: [{ name: 'token_budget', arguments: {} }], usage: { inputTokens: 200, outputTokens: 20 } },
      { text: 'reported', usage: { inputTokens: 10, outputTokens: 5 } },
    );
    const result = await scripted.run(['run', crew, '--events', 'jsonl']);
    expect(result.code, result.stderr).toBe(0);
    expect(toolsOffered(0).sort()).toEqual(
      ['file_read', 'session_cost', 'session_snip', 'session_stats', 'session_store', 'token_budget'].sort(),
    );
    const events = jsonLines(result.stdout);
    const costs = events.filter((event) => event.kind === 'cost.updated');
    const [stats, budget] = toolMessages().map(
      (message) => JSON.parse(toolResultText(message.content)) as Record<string, unknown>,
    );
    expect(stats).toMatchObject({
      crew: 'session-crew',
      modelCalls: 1,
      inputTokens: 120,
      outputTokens: 30,
      tokens: costs[0]?.tokens,
      toolCalls: 1,
    });
    expect(budget).toMatchObject({
      tokens: { limit: 5000, used: costs[1]?.tokens, left: 5000 - Number(costs[1]?.tokens) },
    });
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', success: true, tokens: 385 });
  });

  it('refuses an unknown family, naming the known ones, before any model call', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml('family:weather'));
    const result = await scripted.run(['run', crew, '--validate']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /crew\.yaml:4:\d+: agents\.w\.tools\.0: unknown tool family 'weather'; known families: shell, session, web, data, database, email, code\./,
    );
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('--validate counts the tools a family reference stands for', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml('family:session'));
    const result = await scripted.run(['run', crew, '--validate']);
    expect(result.stdout).toBe(
      'VALIDATION OK: session-crew (process=sequential, agents=1, tasks=1, tools resolved=5)\n',
    );
  });

  it('judges the families’ settings at start, naming the key', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml('family:session'));
    const bad = await scripted.run(['--set', 'Svc:Tools:Session:MaxSnips=0', 'run', crew, '--validate']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Setting 'Svc:Tools:Session:MaxSnips'");
    const unknown = await scripted.run(['--set', 'Svc:Tools:Session:MaxSnipz=3', 'run', crew, '--validate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown setting 'Svc:Tools:Session:MaxSnipz'");
  });

  it('--list-tools lists name, family, access, state and needs for every tool of the catalogue', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml('file_read'));
    const result = await scripted.run(['run', crew, '--list-tools']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^TOOL\s+FAMILY\s+ACCESS\s+STATE\s+NEEDS$/);
    expect(result.stdout).toMatch(/^count_pattern\s+-\s+Read\s+enabled$/m);
    expect(result.stdout).toMatch(/^session_store\s+session\s+Read\s+enabled\s+an agent or crew run/m);
    expect(result.stdout).toMatch(/^shell_command\s+shell\s+Execute\s+enabled\s+the allowed programs on PATH/m);
  });

  it('--list-tools --events jsonl writes one JSON object per tool', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml('file_read'));
    const result = await scripted.run(['run', crew, '--list-tools', '--events', 'jsonl']);
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines.find((line) => line.name === 'token_budget')).toEqual({
      kind: 'tool',
      name: 'token_budget',
      family: 'session',
      access: 'Read',
      enabled: true,
      needs: 'an agent or crew run (outside one it says so)',
      summary: "What the run's budget allows and what is left (tokens, cost, wall time, tool calls).",
    });
    expect(lines.find((line) => line.name === 'file_read')).toMatchObject({
      kind: 'tool',
      family: '-',
      access: 'Read',
    });
    for (const line of lines) expect(['tool', 'family.unavailable']).toContain(line.kind);
  });

  it('orkeon doctor lists the family packages', async () => {
    const checks = await checkPackages();
    for (const name of [
      '@orkeon/tools-web',
      '@orkeon/tools-data',
      '@orkeon/tools-database',
      '@orkeon/tools-email',
      '@orkeon/tools-code',
    ])
      expect(checks.find((check) => check.check === name)).toMatchObject({ status: 'ok' });
  });
});
