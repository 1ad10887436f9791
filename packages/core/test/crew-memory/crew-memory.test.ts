import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Configuration } from '../../src/config/configuration.js';
import { coreSettingsSections } from '../../src/core-settings-sections.js';
import type { CrewDefinition, CrewInput } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { MemoryScope } from '../../src/crew-memory/memory-scope.js';
import type { EmbeddingProvider } from '../../src/embeddings/embedding-provider.js';
import { EmbeddingProviderService } from '../../src/embeddings/embedding-provider.js';
import { InMemoryMemoryProvider } from '../../src/memory/in-memory-memory-provider.js';
import { MemoryStoreFactoryService } from '../../src/memory/memory-store-factory.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import { scriptedModel, userTextOf, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const context = useServerAndFolder();

/** Words hashed into 64 buckets: texts that share words point the same way. */
const wordEmbeddings: EmbeddingProvider = {
  model: 'test-bag-of-words',
  dimensions: 64,
  async embed(texts) {
    return texts.map((text) => {
      const vector = new Array<number>(64).fill(0);
      for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
        let hash = 0;
        for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 64;
        vector[hash] = (vector[hash] ?? 0) + 1;
      }
      return vector;
    });
  },
};

function researchCrew(overrides: Partial<CrewInput> = {}): CrewDefinition {
  return defineCrew({
    name: 'research',
    memory: true,
    agents: [
      { id: 'scout', role: 'Scout', goal: 'Find facts' },
      { id: 'writer', role: 'Writer', goal: 'Write' },
    ],
    tasks: [{ id: 'find', description: 'Find the capital of Portugal.', expectedOutput: 'A city', agent: 'scout' }],
    ...overrides,
  });
}

async function runtimeWith(
  options: { embeddings?: EmbeddingProvider; settings?: Parameters<typeof Configuration.fromObject>[0] } = {},
) {
  const services = new ServiceCollection();
  if (options.embeddings !== undefined) services.addInstance(EmbeddingProviderService, options.embeddings);
  return createRuntime({
    services,
    model: scriptedModel(context.server),
    logger: captureLogger().logger,
    configuration: Configuration.fromObject(options.settings ?? {}, coreSettingsSections),
  });
}

const prompt = (index: number) => userTextOf(context.server.requests[index]);

describe('crew memory', () => {
  it('a crew with memory: true remembers its first run in its second (word recall without embeddings)', async () => {
    await using runtime = await runtimeWith();
    context.server.enqueue({ text: 'Lisbon is the capital.' }, { text: 'Lisbon, as I found before.' });
    const first = await runtime.run(researchCrew(), undefined);
    expect(first.success).toBe(true);
    expect(prompt(0)).not.toContain('What you remember');
    await runtime.run(researchCrew(), undefined);
    expect(prompt(1)).toContain('# What you remember from earlier work');
    expect(prompt(1)).toContain('Result: Lisbon is the capital.');
    // The memory comes before the expected output, the contract of the answer.
    expect(prompt(1).indexOf('Lisbon is the capital')).toBeLessThan(prompt(1).indexOf('# Expected output'));
    const stored = await (await runtime.memory.get()).search('capital Portugal', 10);
    expect(stored).toHaveLength(2);
    expect(stored[0]?.item).toMatchObject({
      type: 'episodic',
      metadata: { source: 'crew:research', createdBy: 'scout' },
    });
  });

  it('a crew without memory neither recalls nor keeps anything', async () => {
    await using runtime = await runtimeWith();
    context.server.enqueue({ text: 'Lisbon.' }, { text: 'Lisbon.' });
    await runtime.run(researchCrew({ memory: false }), undefined);
    await runtime.run(researchCrew({ memory: false }), undefined);
    expect(prompt(1)).not.toContain('What you remember');
    expect(await (await runtime.memory.get()).search('Lisbon')).toEqual([]);
  });

  it('recalls by vector with the embedding provider, within MinScore, RecallLimit and MaxChars', async () => {
    await using runtime = await runtimeWith({
      embeddings: wordEmbeddings,
      settings: { Svc: { CrewMemory: { RecallLimit: 2, MinScore: 0.3 } } },
    });
    const crewOf = (id: string, description: string) =>
      researchCrew({ tasks: [{ id, description, expectedOutput: 'A city', agent: 'scout' }] });
    context.server.enqueue(
      { text: 'Lisbon is the capital of Portugal.' },
      { text: 'Madrid is the capital of Spain.' },
      { text: 'Bananas are yellow fruit.' },
      { text: 'Done.' },
    );
    await runtime.run(crewOf('pt', 'Find the capital of Portugal.'), undefined);
    await runtime.run(crewOf('es', 'Find the capital of Spain.'), undefined);
    await runtime.run(crewOf('fruit', 'Describe bananas, the fruit.'), undefined);
    await runtime.run(crewOf('pt2', 'Find the capital of Portugal again.'), undefined);
    const recalled = prompt(3).slice(prompt(3).indexOf('# What you remember'), prompt(3).indexOf('# Expected output'));
    expect(recalled).toContain('Lisbon is the capital of Portugal.');
    expect(recalled).toContain('Madrid');
    // Below MinScore, and over RecallLimit.
    expect(recalled).not.toContain('Bananas');
    expect(recalled.indexOf('Lisbon')).toBeLessThan(recalled.indexOf('Madrid'));
    const stored = await (await runtime.memory.get()).searchSimilar((await wordEmbeddings.embed(['Lisbon']))[0] ?? []);
    expect(stored.every((hit) => hit.item.embedding?.length === 64)).toBe(true);

    await using small = await runtimeWith({
      embeddings: wordEmbeddings,
      settings: { Svc: { CrewMemory: { MaxChars: 100, MinScore: 0 } } },
    });
    context.server.enqueue({ text: `Lisbon ${'is very old '.repeat(30)}` }, { text: 'Done.' });
    await small.run(crewOf('pt', 'Find the capital of Portugal.'), undefined);
    await small.run(crewOf('pt', 'Find the capital of Portugal.'), undefined);
    const cut = prompt(5).slice(prompt(5).indexOf('# What you remember'), prompt(5).indexOf('# Expected output'));
    expect(cut).toContain('…');
    expect(cut.length).toBeLessThan(200);
  });

  it.each([
    ['crew', 'another crew', { name: 'other' }],
    ['agent', 'another agent of the crew', { agent: 'writer' }],
    ['run', 'a later run', {}],
    ['user', 'another user', { resource: 'user:bob' }],
  ] as const)('scope %s keeps its memories from %s', async (scope: MemoryScope, _who, other) => {
    await using runtime = await runtimeWith({ embeddings: wordEmbeddings });
    const crewFor = (agent: string, name = 'research') =>
      researchCrew({
        name,
        memoryScope: scope,
        tasks: [{ id: 'find', description: 'Find the capital of Portugal.', expectedOutput: 'A city', agent }],
      });
    context.server.enqueue({ text: 'Lisbon is the capital.' }, { text: 'Done.' }, { text: 'Done.' });
    await runtime.run(crewFor('scout'), { resource: 'user:ada' });
    const otherName = 'name' in other ? other.name : 'research';
    const otherAgent = 'agent' in other ? other.agent : 'scout';
    const otherResource = 'resource' in other ? other.resource : 'user:ada';
    await runtime.run(crewFor(otherAgent, otherName), { resource: otherResource });
    expect(prompt(1)).not.toContain('Lisbon is the capital');
    if (scope === 'run') return;
    // The same scope sees it.
    await runtime.run(crewFor('scout'), { resource: 'user:ada' });
    expect(prompt(2)).toContain('Lisbon is the capital');
  });

  it('a crew names its store with memoryProvider; an unknown one refuses the run and names the fix', async () => {
    const services = new ServiceCollection();
    const projectStore = new InMemoryMemoryProvider();
    services.add(MemoryStoreFactoryService, 'singleton', () => ({ type: 'project-notes', create: () => projectStore }));
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
    });
    context.server.enqueue({ text: 'Lisbon.' });
    await runtime.run(researchCrew({ memoryProvider: 'project-notes' }), undefined);
    expect((await projectStore.search('Lisbon')).length).toBe(1);
    expect(await (await runtime.memory.get()).search('Lisbon')).toEqual([]);
    await expect(runtime.run(researchCrew({ memoryProvider: 'redis' }), undefined)).rejects.toMatchObject({
      code: 'MEMORY_PROVIDER_UNKNOWN',
      message: expect.stringContaining('install @orkeon/memory-redis and call addSvcRedisMemory'),
    });
  });

  it('an unknown Memory:Provider refuses the start', async () => {
    await expect(
      createRuntime({
        logger: captureLogger().logger,
        configuration: Configuration.fromObject({ Memory: { Provider: 'lance' } }, coreSettingsSections),
      }),
    ).rejects.toMatchObject({
      code: 'MEMORY_PROVIDER_UNKNOWN',
      message: expect.stringContaining("Memory:Provider is 'lance'"),
    });
  });

  it('a store that fails costs a warning, never the task', async () => {
    const services = new ServiceCollection();
    const broken = new InMemoryMemoryProvider();
    broken.search = async () => {
      throw new Error('disk on fire');
    };
    broken.store = async () => {
      throw new Error('disk on fire');
    };
    services.add(MemoryStoreFactoryService, 'singleton', () => ({ type: 'inmemory', create: () => broken }));
    const capture = captureLogger();
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(context.server),
      logger: capture.logger,
    });
    context.server.enqueue({ text: 'Lisbon.' });
    const result = await runtime.run(researchCrew(), undefined);
    expect(result.success).toBe(true);
    expect(capture.records().map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'crew memory could not be read; the task runs without it',
        'crew memory could not keep the task’s result',
      ]),
    );
  });

  it('types: memoryScope takes the four scopes', () => {
    expectTypeOf<CrewInput['memoryScope']>().toEqualTypeOf<'crew' | 'agent' | 'run' | 'user' | undefined>();
  });
});
