import { describe, expect, it } from 'vitest';
import { CrewBuilder, crewBuilder } from '../../src/crew/crew-builder.js';
import { crewSchema } from '../../src/crew/crew-schema.js';
import { CrewValidationError } from '../../src/crew/crew-validation-error.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { crewGraph, taskNode } from '../../src/graph/crew-graph.js';
import { END, START } from '../../src/graph/graph-sentinels.js';

function problemsOf(build: () => unknown): string[] {
  try {
    build();
  } catch (error) {
    if (CrewValidationError.isInstance(error)) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a CrewValidationError');
}

const agents = [
  { id: 'writer', role: 'Writer', goal: 'Write' },
  { id: 'critic', role: 'Critic', goal: 'Criticise' },
];
const tasks = [
  { id: 'write', description: 'Write a haiku.', expectedOutput: 'A haiku', agent: 'writer' },
  { id: 'publish', description: 'Publish it.', expectedOutput: 'A notice', agent: 'writer', dependencies: ['write'] },
];

function haikuGraph() {
  return crewGraph({ degradedNode: 'publish' })
    .addNode('draft', taskNode('write'))
    .addNode('publish', taskNode('publish'))
    .addEdge(START, 'draft')
    .addEdge('draft', 'publish')
    .addEdge('publish', END);
}

describe('crewBuilder: graphs, consensus, budgets and planning', () => {
  it('a graph crew built step by step is the one defineCrew makes from the same values', () => {
    const graph = haikuGraph();
    const graphConfig = { maxRetryCycles: 1, circuitBreakerPreset: 'default', maxStateVisits: 4 } as const;
    const budget = { tokens: 5000, wallTime: '5m', toolCalls: 20 };
    const built = crewBuilder()
      .name('haiku')
      .process('graph')
      .withAgents(agents)
      .withTasks(tasks)
      .graph(graph)
      .graphConfig(graphConfig)
      .budget(budget)
      .planning()
      .build();
    const defined = defineCrew({
      name: 'haiku',
      process: 'graph',
      agents,
      tasks,
      graph,
      graphConfig,
      budget,
      planning: true,
    });
    expect(built).toEqual(defined);
    expect(built.graph).toBe(graph);
    expect(built).toMatchObject({
      graphConfig: { maxRetryCycles: 1, circuitBreakerPreset: 'default', maxStateVisits: 4 },
      budget: { tokens: 5000, wallTime: 300, toolCalls: 20 },
      planning: true,
    });
  });

  it('a consensual crew with voting overrides is the one defineCrew makes', () => {
    const consensus = {
      consensusType: 'SuperMajority',
      consensusThreshold: 75,
      maxVotingRounds: 2,
      roleWeights: { critic: 2 },
      fallbackStrategy: 'Fail',
    } as const;
    const built = crewBuilder()
      .name('jury')
      .process('consensual')
      .withAgents(agents)
      .withTask(tasks[0] as (typeof tasks)[0])
      .consensus(consensus)
      .planning(false)
      .build();
    const defined = defineCrew({
      name: 'jury',
      process: 'consensual',
      agents,
      tasks: [tasks[0] as (typeof tasks)[0]],
      consensus,
    });
    expect(built).toEqual(defined);
    expect(built.consensus).toEqual(consensus);
    expect(built).not.toHaveProperty('planning');
  });

  it('refuses at build what defineCrew refuses, naming the key and the fix', () => {
    const base = () => crewBuilder().name('bad').withAgents(agents).withTasks(tasks);
    expect(problemsOf(() => base().graph(haikuGraph()).build())).toEqual([
      "graph: a graph runs only under process: graph, not sequential; set process: 'graph' or leave graph out.",
    ]);
    expect(
      problemsOf(() =>
        base()
          .process('graph')
          .graph({} as never)
          .build(),
      ),
    ).toEqual(['graph: graph must be made with crewGraph() (nodes: taskNode, agentNode or functions).']);
    const lines = problemsOf(() =>
      base()
        .process('consensual')
        .consensus({ consensusThreshold: 150 })
        .graphConfig({ circuitBreakerPreset: 'loose' as never })
        .budget({ tokens: -1 })
        .build(),
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.startsWith('consensus.consensusThreshold:'))).toBeDefined();
    expect(lines).toContain(
      'graphConfig.circuitBreakerPreset: "loose" is not a circuit breaker preset; use strict, default, permissive.',
    );
    expect(lines.find((line) => line.startsWith('budget.tokens:'))).toBeDefined();
  });

  it('each key defineCrew accepts has a builder method', () => {
    // agents and tasks are added one by one or in lists; circuitBreaker is refused everywhere.
    const methodFor: Record<string, string> = { agents: 'withAgents', tasks: 'withTasks' };
    const keys = [...Object.keys(crewSchema.shape).filter((key) => key !== 'circuitBreaker'), 'graph'];
    const missing = keys.filter(
      (key) =>
        typeof (CrewBuilder.prototype as unknown as Record<string, unknown>)[methodFor[key] ?? key] !== 'function',
    );
    expect(missing).toEqual([]);
  });
});
