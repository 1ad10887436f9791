import { type RedisServer, startRedisServer, toolResultText } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from './event-lines.js';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: readers
agents:
  reader: { role: Reader, goal: Read notes, tools: [file_read] }
tasks:
  read: { description: Read the notes, expected_output: A summary, agent: reader }
  sum: { description: Sum up, expected_output: One line, agent: reader, dependencies: [read] }
`,
  files: { 'notes.txt': 'Opening hours: 9 to 5.' },
});

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

const readNotes = (times: number) => ({
  toolCalls: Array.from({ length: times }, () => ({ name: 'file_read', arguments: { path: '/crew/notes.txt' } })),
  usage: { inputTokens: 10, outputTokens: 10 },
});

/** The tool results the model read in request `index`. */
function toolResults(index: number): string[] {
  const body = scripted.server.requests[index]?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return (body?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)));
}

describe('orkeon run with ToolRateLimiting and TokenBudget applied', () => {
  it('refuses the tool call over its limit and stops the run at the crew’s token limit with exit 2', async () => {
    await scripted.write(
      'appsettings.json',
      JSON.stringify({
        ToolRateLimiting: { ApplyInPipeline: true, ToolSpecificLimits: { file_read: 1 } },
        TokenBudget: { ApplyInAgentLoop: true, MaxTokensPerCrew: 100 },
      }),
    );
    scripted.server.enqueue(readNotes(2), { text: 'Open 9 to 5.', usage: { inputTokens: 60, outputTokens: 40 } });
    const result = await finished(scripted.start(['run', 'crew.yaml', '--events', 'jsonl']));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('SVCEXP008');
    expect(result.stderr).toContain(
      'CREW_BUDGET_EXHAUSTED: Budget exhausted: TokenBudget:MaxTokensPerCrew (used 120 of 100 tokens). Finished task outputs are kept; raise TokenBudget:MaxTokensPerCrew and run again with --resume to continue.',
    );
    const results = toolResults(1);
    expect(results.filter((text) => text.includes('Opening hours'))).toHaveLength(1);
    expect(results.filter((text) => text.startsWith('DENIED: '))).toEqual([
      expect.stringMatching(
        /^DENIED: Rate limit reached \(at most 1 call a minute of tool 'file_read'\); retry after \d+ s\.$/,
      ),
    ]);
    const events = eventsOf(result.stdout);
    expect(
      events
        .filter((event) => event.kind === 'tool.returned')
        .map((event) => event.outcome)
        .sort(),
    ).toEqual(['Denied', 'Success']);
    expect(events.find((event) => event.kind === 'budget.exhausted')).toMatchObject({
      dimension: 'tokens',
      limit: 100,
      used: 120,
    });
    expect(events.find((event) => event.kind === 'task.completed' && event.taskId === 'sum')).toMatchObject({
      success: false,
    });
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, budgetExhausted: 'tokens' });
    expect(scripted.server.requests).toHaveLength(2);
  }, 60_000);

  it('two orkeon runs in two processes (this one and a child) on one Redis server share the tool’s limit', async () => {
    await scripted.write(
      'appsettings.json',
      JSON.stringify({
        ToolRateLimiting: {
          ApplyInPipeline: true,
          ToolSpecificLimits: { file_read: 1 },
          Store: 'Redis',
          ConnectionString: redis.url,
          KeyPrefix: `cli-${process.pid}:`,
        },
      }),
    );
    scripted.server.enqueue(readNotes(1), { text: 'first read' }, { text: 'first summed' });
    const first = await scripted.run(['run', 'crew.yaml']);
    expect(first.code, first.stderr).toBe(0);
    expect(toolResults(1)).toEqual([expect.stringContaining('Opening hours')]);
    scripted.server.enqueue(readNotes(1), { text: 'second read' }, { text: 'second summed' });
    const second = await finished(scripted.start(['run', 'crew.yaml']));
    expect(second.code, second.stderr).toBe(0);
    expect(toolResults(4)).toEqual([expect.stringMatching(/^DENIED: Rate limit reached/)]);
  }, 60_000);

  it('refuses an unknown key of the sections at start with exit 1, naming it', async () => {
    await scripted.write('appsettings.json', JSON.stringify({ TokenBudget: { MaxTokensPerAgents: 5 } }));
    const result = await scripted.run(['run', 'crew.yaml']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('TokenBudget:MaxTokensPerAgents');
    expect(scripted.server.requests).toHaveLength(0);
  });
});
