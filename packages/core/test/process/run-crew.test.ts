import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrewDefinition } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { ProcessType } from '../../src/crew/process-type.js';
import { OrkeonError } from '../../src/errors/orkeon-error.js';
import { UnsupportedProcessError } from '../../src/index.js';
import { runCrew, toolNamesFor } from '../../src/process/run-crew.js';
import { dependencyWaves, taskRunOrder } from '../../src/process/task-order.js';
import { echoClients, eventLog, scriptedClients } from './process-test-setup.js';

const spans = new InMemorySpanExporter();
const tracerProvider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
beforeAll(() => {
  tracerProvider.register();
});
afterAll(async () => {
  await tracerProvider.shutdown();
});

let server: ScriptedModelServer;
beforeEach(async () => {
  spans.reset();
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

const agents = [
  { id: 'analyst', role: 'Data analyst', goal: 'Analyse sales numbers and spreadsheets', tools: ['file_read'] },
  { id: 'poet', role: 'Poet', goal: 'Write poems and verses about nature' },
];

function crewWith(process: ProcessType, extra: Partial<CrewDefinition> = {}): CrewDefinition {
  return defineCrew({
    name: `crew-${process}`,
    process,
    agents,
    tasks: [
      { id: 'one', description: 'One.', expectedOutput: '1' },
      { id: 'two', description: 'Two.', expectedOutput: '2' },
      { id: 'three', description: 'Three.', expectedOutput: '3' },
    ],
    ...extra,
  });
}

async function rejection(promise: Promise<unknown>): Promise<OrkeonError> {
  try {
    await promise;
  } catch (error) {
    if (OrkeonError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected runCrew to reject');
}

describe('runCrew', () => {
  it.each(['consensual', 'graph', 'autonomous'] as const)(
    'process %s runs every task (no process is refused any more)',
    async (process) => {
      const { clientFor, calls } = echoClients();
      const result = await runCrew(crewWith(process), { clientFor, logger: captureLogger().logger });
      expect(result.success).toBe(true);
      expect(result.tasks.map((task) => task.status)).toEqual(['Completed', 'Completed', 'Completed']);
      expect(calls.length).toBeGreaterThanOrEqual(3);
    },
  );

  it('refuses a crew object that breaks the rules, and a bad maxConcurrency', async () => {
    const { clientFor } = echoClients();
    const logger = captureLogger().logger;
    const hierarchical = { ...crewWith('sequential'), process: 'hierarchical' as const };
    expect((await rejection(runCrew(hierarchical, { clientFor, logger }))).code).toBe('CREW_INVALID');
    expect(
      (await rejection(runCrew({ ...crewWith('sequential'), process: 'chaos' as never }, { clientFor, logger })))
        .message,
    ).toBe(
      'process: unknown process "chaos"; use one of sequential, hierarchical, parallel, consensual, graph, autonomous.',
    );
    expect((await rejection(runCrew(crewWith('parallel'), { clientFor, logger, maxConcurrency: 0 }))).code).toBe(
      'CREW_RUN_OPTIONS_INVALID',
    );
  });

  it('FirstFit gives tasks without an agent to the agents in turn', async () => {
    const { clientFor, calls } = echoClients();
    const result = await runCrew(crewWith('sequential'), { clientFor, logger: captureLogger().logger });
    expect(result.success).toBe(true);
    expect(calls.map((call) => call.agent)).toEqual(['analyst', 'poet', 'analyst']);
  });

  it('Skill gives each task to the agent whose words match it best, round-robin when none does', async () => {
    const crew = defineCrew({
      name: 'skills',
      agentSelection: 'Skill',
      agents,
      tasks: [
        { id: 'verse', description: 'Write verses about the nature of rivers.', expectedOutput: 'A poem' },
        { id: 'sales', description: 'Analyse the sales spreadsheets for March.', expectedOutput: 'Numbers' },
        { id: 'other', description: 'Book a table.', expectedOutput: 'A booking' },
      ],
    });
    const { clientFor, calls } = echoClients();
    await runCrew(crew, { clientFor, logger: captureLogger().logger });
    expect(calls.map((call) => `${call.task}:${call.agent}`)).toEqual(['verse:poet', 'sales:analyst', 'other:analyst']);
  });

  it('Embedding fails at its first use: no embedding provider exists', async () => {
    const crew = defineCrew({
      name: 'semantic',
      agentSelection: 'Embedding',
      agents,
      tasks: [
        { id: 'named', description: 'Named.', expectedOutput: 'N', agent: 'poet' },
        { id: 'unnamed', description: 'Unnamed.', expectedOutput: 'U' },
        { id: 'later', description: 'Later.', expectedOutput: 'L', agent: 'poet' },
      ],
    });
    const { clientFor, calls } = echoClients();
    const log = eventLog();
    const result = await runCrew(crew, { clientFor, logger: captureLogger().logger, onEvent: log.onEvent });

    expect(calls.map((call) => call.task)).toEqual(['named']);
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('EMBEDDING_PROVIDER_MISSING');
    expect(result.error?.message).toMatch(
      /^Crew 'semantic' stopped: task 'unnamed' failed \(agentSelection Embedding needs an embedding provider, and none is available/,
    );
    expect(result.tasks.map(({ id, status }) => `${id}:${status}`)).toEqual([
      'named:Completed',
      'unnamed:Failed',
      'later:Skipped',
    ]);
    expect(result.tasks[1]?.error?.code).toBe('EMBEDDING_PROVIDER_MISSING');
    expect(result.tasks[2]?.reason).toBe('the run stopped');
    expect(log.events.at(-1)).toMatchObject({ kind: 'run.failed', error: { code: 'EMBEDDING_PROVIDER_MISSING' } });
  });

  it('runs inside a crew.run span, and agent spans carry the crew, process, task and agent', async () => {
    server.enqueue({ text: 'done' });
    const crew = defineCrew({
      name: 'traced',
      agents,
      tasks: [{ id: 'only', description: 'Only.', expectedOutput: 'O', agent: 'analyst' }],
    });
    await runCrew(crew, { clientFor: scriptedClients(server).clientFor, logger: captureLogger().logger });
    const finished = spans.getFinishedSpans();
    const run = finished.find((span) => span.name === 'crew.run');
    const agent = finished.find((span) => span.name === 'invoke_agent Data analyst');
    expect(run?.attributes).toEqual({ 'orkeon.crew.name': 'traced', 'orkeon.crew.process': 'sequential' });
    expect(agent?.attributes).toMatchObject({
      'gen_ai.agent.id': 'analyst',
      'orkeon.task.id': 'only',
      'orkeon.crew.name': 'traced',
      'orkeon.crew.process': 'sequential',
    });
    expect(agent?.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
  });

  it('marks the crew.run span failed with the run error code when the run ends unsuccessful', async () => {
    server.enqueue({ error: { status: 400, message: 'bad request' } });
    const crew = defineCrew({
      name: 'failing',
      agents,
      tasks: [{ id: 'only', description: 'Only.', expectedOutput: 'O', agent: 'analyst' }],
    });
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(result.success).toBe(false);
    const run = spans.getFinishedSpans().find((span) => span.name === 'crew.run');
    expect(run?.attributes['error.type']).toBe(result.error?.code);
    expect(run?.status).toMatchObject({ code: SpanStatusCode.ERROR, message: result.error?.message });
  });

  it('passes the crew and agent model settings to the model call', async () => {
    server.enqueue({ text: 'done' });
    const crew = defineCrew({
      name: 'tuned',
      llm: { temperature: 0.5, maxTokens: 900 },
      agents: [{ id: 'a', role: 'A', goal: 'G', llm: { maxTokens: 120 } }],
      tasks: [{ id: 't', description: 'T.', expectedOutput: 'T' }],
    });
    await runCrew(crew, { clientFor: scriptedClients(server).clientFor, logger: captureLogger().logger });
    expect(server.requests[0]?.body).toMatchObject({ temperature: 0.5, max_tokens: 120 });
  });
});

describe('task order helpers', () => {
  const crew = defineCrew({
    name: 'order',
    agents,
    tasks: [
      { id: 'c', description: 'C', expectedOutput: 'C', dependencies: ['b'] },
      { id: 'a', description: 'A', expectedOutput: 'A' },
      { id: 'b', description: 'B', expectedOutput: 'B', dependencies: ['a'] },
      { id: 'd', description: 'D', expectedOutput: 'D' },
    ],
  });

  it('keeps the declared order wherever dependencies allow', () => {
    expect(taskRunOrder(crew.tasks).map((task) => task.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(dependencyWaves(crew.tasks).map((wave) => wave.map((task) => task.id))).toEqual([['a', 'd'], ['b'], ['c']]);
  });

  it('toolNamesFor joins the agent’s and the task’s tools once each', () => {
    const agent = crewWith('sequential').agents[0];
    if (agent === undefined) throw new Error('no agent');
    const task = { ...crew.tasks[0], tools: ['FILE_READ', 'file_write'] } as (typeof crew.tasks)[number];
    expect(toolNamesFor(agent, task)).toEqual(['file_read', 'file_write']);
  });
});

describe('UnsupportedProcessError', () => {
  it('names every process that runs, not an older list', () => {
    const error = new UnsupportedProcessError('swarm');
    expect(error.code).toBe('CREW_PROCESS_UNSUPPORTED');
    expect(error.message).toBe(
      "process 'swarm' cannot run here; use one of sequential, hierarchical, parallel, consensual, graph, autonomous.",
    );
  });
});
