import { toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

// `orkeon run` registers codebase context over the crew folder (/crew): an agent's code tools
// index the code it finds there; RaggableTree:Enabled=false takes the tools away.

const scripted = useScriptedRun({
  crew: `name: reviewers
agents:
  reviewer: { role: Reviewer, goal: Explain the code, tools: [codebase_search, flow_trace] }
tasks:
  explain: { description: "How is a price formatted?", expected_output: An explanation, agent: reviewer }
`,
  files: {
    'src/price.ts': [
      '/** Formats a price in euros. */',
      'export function formatPrice(cents: number): string {',
      "  return String(roundCents(cents) / 100) + ' EUR';",
      '}',
      '',
      'function roundCents(cents: number): number {',
      '  return Math.round(cents);',
      '}',
      '',
    ].join('\n'),
  },
});

const toolResults = () =>
  scripted.server.requests
    .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)))
    // Each request carries the whole conversation: a result shows in every later one.
    .filter((text, index, all) => all.indexOf(text) === index);

describe('orkeon run: codebase context', () => {
  it('indexes the crew folder at the first code tool and answers its symbols', async () => {
    scripted.server.enqueue(
      { toolCalls: [{ name: 'codebase_search', arguments: { query: 'format price euros', top_k: 1 } }] },
      { toolCalls: [{ name: 'flow_trace', arguments: { symbol: 'formatPrice' } }] },
      { text: 'formatPrice rounds the cents, then divides by 100.' },
    );
    const result = await scripted.run(['run', 'crew.yaml'], {
      environment: { SVC_RaggableTree__Embedding__Provider: 'None' },
    });
    expect(result.code, result.stderr).toBe(0);
    const [search, trace] = toolResults();
    expect(search).toContain('formatPrice');
    expect(search).toContain('/crew/src/price.ts');
    expect(trace).toContain('roundCents');
  }, 60_000);

  it('RaggableTree:Enabled=false registers no code tool: the crew naming one is refused before any model call', async () => {
    const result = await scripted.run(['run', 'crew.yaml'], {
      environment: { SVC_RaggableTree__Enabled: 'false' },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('codebase_search');
    expect(scripted.server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toEqual([]);
  }, 60_000);
});
