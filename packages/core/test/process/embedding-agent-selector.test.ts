import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../src/crew/agent-definition.js';
import { defineAgent, defineCrew } from '../../src/crew/define-crew.js';
import type { TaskDefinition } from '../../src/crew/task-definition.js';
import { createAiSdkEmbeddingProvider } from '../../src/embeddings/ai-sdk-embedding-provider.js';
import type { EmbeddingProvider } from '../../src/embeddings/embedding-provider.js';
import { RemoteEmbeddingProviderService } from '../../src/embeddings/embedding-provider-services.js';
import { createUnavailableEmbeddingProvider } from '../../src/embeddings/unavailable-embedding-provider.js';
import { OrkeonError } from '../../src/errors/orkeon-error.js';
import { createAgentSelector } from '../../src/process/agent-selector.js';
import { runCrew } from '../../src/process/run-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import { echoClients } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

/** A real remote provider: the scripted model server's embeddings, where shared words bring texts near. */
function remoteEmbeddings(on: ScriptedModelServer = server): EmbeddingProvider {
  const model = createOpenAICompatible({ name: 'scripted', baseURL: on.openAiBaseUrl }).embeddingModel('embed');
  return createAiSdkEmbeddingProvider(model, { maxRetries: 0 });
}

const agents = [
  defineAgent({ id: 'analyst', role: 'Data analyst', goal: 'Analyse sales numbers in spreadsheets' }),
  defineAgent({ id: 'poet', role: 'Poet', goal: 'Write poems about the sea and nature' }),
  defineAgent({ id: 'coder', role: 'Programmer', goal: 'Write TypeScript code and fix bugs' }),
];

function task(id: string, description: string, expectedOutput = 'An answer'): TaskDefinition {
  return defineCrew({ name: 'x', agents, tasks: [{ id, description, expectedOutput }] }).tasks[0] as TaskDefinition;
}

async function rejection(promise: Promise<unknown>): Promise<OrkeonError> {
  const error = await promise.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  if (OrkeonError.isInstance(error)) return error;
  throw new Error(`expected an OrkeonError, got ${String(error)}`);
}

describe('agentSelection Embedding', () => {
  it('gives each task the agent whose role and goal are nearest it, and embeds each profile once per run', async () => {
    const selector = createAgentSelector('Embedding', { embeddings: remoteEmbeddings() });
    const pick = async (description: string) =>
      ((await selector.select(task('t', description), agents)) as AgentDefinition).id;
    expect(await pick('Fix the bugs in this TypeScript code')).toBe('coder');
    expect(await pick('A poem about the sea')).toBe('poet');
    expect(await pick('Analyse the sales numbers of March')).toBe('analyst');
    const inputs = server.requests.map((request) => (request.body?.input as string[] | undefined)?.length);
    // The first call embeds the task and the three profiles; later calls only their task.
    expect(inputs).toEqual([4, 1, 1]);
  });

  it('assigns the tasks of a crew run that name no agent, and leaves named ones alone', async () => {
    const crew = defineCrew({
      name: 'semantic',
      agentSelection: 'Embedding',
      agents,
      tasks: [
        { id: 'verse', description: 'Write a poem about nature', expectedOutput: 'A poem' },
        { id: 'named', description: 'Write a poem about nature', expectedOutput: 'A poem', agent: 'analyst' },
        { id: 'report', description: 'Sales numbers of the spreadsheets, analysed', expectedOutput: 'Numbers' },
      ],
    });
    const { clientFor, calls } = echoClients();
    const result = await runCrew(crew, { clientFor, logger: captureLogger().logger, embeddings: remoteEmbeddings() });
    expect(result.success).toBe(true);
    expect(calls.map((call) => `${call.task}:${call.agent}`)).toEqual([
      'verse:poet',
      'named:analyst',
      'report:analyst',
    ]);
  });

  it('fails at its first use with EMBEDDING_PROVIDER_MISSING when the provider is the stand-in that cannot embed', async () => {
    const selector = createAgentSelector('Embedding', { embeddings: createUnavailableEmbeddingProvider() });
    const error = await rejection(Promise.resolve(selector.select(task('t', 'Anything'), agents)));
    expect(error.code).toBe('EMBEDDING_PROVIDER_MISSING');
    expect(error.message).toContain('addSvcLocalEmbeddings(services) from @orkeon/embeddings-local');
    expect(OrkeonError.isInstance(error.cause) && error.cause.code).toBe('EMBEDDING_PROVIDER_UNAVAILABLE');
  });

  it('leaves the choice to round-robin, with a warning, when the provider fails on a call', async () => {
    const gone = await startScriptedModelServer();
    await gone.close();
    const { logger, records } = captureLogger();
    const selector = createAgentSelector('Embedding', { embeddings: remoteEmbeddings(gone), logger });
    const first = (await selector.select(task('a', 'A poem about the sea'), agents)) as AgentDefinition;
    const second = (await selector.select(task('b', 'A poem about the sea'), agents)) as AgentDefinition;
    expect([first.id, second.id]).toEqual(['analyst', 'poet']);
    const warnings = records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({
      msg: 'agentSelection Embedding could not embed; the task goes to the next agent in turn',
      task: 'a',
      agent: 'analyst',
      model: 'scripted:embed',
    });
  });

  it('in a runtime, embeds with its EmbeddingProviderService', async () => {
    const services = new ServiceCollection().addInstance(RemoteEmbeddingProviderService, remoteEmbeddings());
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    const crew = defineCrew({
      name: 'semantic',
      agentSelection: 'Embedding',
      agents,
      tasks: [
        { id: 'bugs', description: 'Fix the bugs in the TypeScript code', expectedOutput: 'Fixed code' },
        { id: 'verse', description: 'Write poems about the sea', expectedOutput: 'A poem' },
      ],
    });
    const result = await runtime.run(crew);
    expect(result.tasks.map((outcome) => `${outcome.id}:${outcome.agent}`)).toEqual(['bugs:coder', 'verse:poet']);
    expect(server.requests.some((request) => request.path === '/v1/embeddings')).toBe(true);
  });

  it('in a runtime without any provider, stops the run at the first task that names no agent', async () => {
    await using runtime = await createRuntime({ logger: captureLogger().logger });
    const crew = defineCrew({
      name: 'semantic',
      agentSelection: 'Embedding',
      agents,
      tasks: [{ id: 'verse', description: 'Write poems about the sea', expectedOutput: 'A poem' }],
    });
    const result = await runtime.run(crew);
    expect(result.success).toBe(false);
    expect(result.tasks[0]?.error?.code).toBe('EMBEDDING_PROVIDER_MISSING');
  });
});
