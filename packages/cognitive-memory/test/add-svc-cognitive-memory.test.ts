import {
  ChatModelFactoryService,
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createRuntime,
  defineCrew,
  EmbeddingProviderService,
  type MemoryLayer,
  MemoryLayerService,
  memoryScopeTag,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  addSvcCognitiveMemory,
  CognitiveMemoryService,
  cognitiveMemoryErrorCodes,
  cognitiveMemorySettings,
} from '../src/index.js';
import {
  analysisAnswer,
  messageText,
  scriptedModel,
  useScriptedServer,
  verdictAnswer,
  wordEmbeddings,
} from './test-parts.js';

const context = useScriptedServer();

const researchCrew = defineCrew({
  name: 'research',
  memory: true,
  agents: [{ id: 'scout', role: 'Scout', goal: 'Find facts' }],
  tasks: [{ id: 'find', description: 'Find the capital of Portugal.', expectedOutput: 'A city', agent: 'scout' }],
});

function configurationOf(tree: SettingsTree = {}): Configuration {
  return Configuration.fromObject({ Llm: { MaxRetries: 0 }, Svc: { CrewMemory: { MinScore: 0.2 } }, ...tree }, [
    ...coreSettingsSections,
    cognitiveMemorySettings,
  ]);
}

/** Services with word embeddings and cognitive memory from `configuration`, and the logs of both. */
function servicesWith(configuration: Configuration, acknowledgeExperimental = true) {
  const logs = captureLogger();
  const services = new ServiceCollection();
  services.addInstance(EmbeddingProviderService, wordEmbeddings());
  addSvcCognitiveMemory(services, configuration, { logger: logs.logger, acknowledgeExperimental });
  return { services, logs };
}

describe('addSvcCognitiveMemory', () => {
  it('makes crews with memory: true keep through analysis and recall what they kept', async () => {
    const configuration = configurationOf();
    const { services, logs } = servicesWith(configuration);
    await using runtime = await createRuntime({
      services,
      configuration,
      model: scriptedModel(context.server),
      logger: logs.logger,
    });
    context.server.enqueue(
      { text: 'Lisbon is the capital.' },
      analysisAnswer({ importance: 0.7, category: 'geography', tags: ['capital'] }),
      { text: 'Lisbon, as I found before.' },
      analysisAnswer({ importance: 0.7, category: 'geography' }),
      verdictAnswer('KeepBoth', []),
    );
    expect((await runtime.run(researchCrew, undefined)).success).toBe(true);
    expect((await runtime.run(researchCrew, undefined)).success).toBe(true);

    const requests = context.server.requests;
    expect(requests).toHaveLength(5);
    expect(messageText(requests[1], 'system')).toContain('You analyse memories');
    expect(messageText(requests[1], 'user')).toContain('Result: Lisbon is the capital.');
    // The second task's prompt shows the first result, recalled through cognitive memory.
    expect(messageText(requests[0], 'user')).not.toContain('What you remember');
    expect(messageText(requests[2], 'user')).toContain('# What you remember from earlier work');
    expect(messageText(requests[2], 'user')).toContain('Result: Lisbon is the capital.');
    // The second result is checked against the first.
    expect(messageText(requests[4], 'system')).toContain('consistent');
    expect(messageText(requests[4], 'user')).toContain('Result: Lisbon is the capital.');

    const store = await runtime.memory.get();
    const [first] = (await store.search('Lisbon is the capital', 10)).filter(
      (hit) => hit.item.content === 'Task: Find the capital of Portugal.\nResult: Lisbon is the capital.',
    );
    expect(first?.item).toMatchObject({
      type: 'episodic',
      importance: 0.7,
      metadata: {
        source: 'cognitive',
        createdBy: 'scout',
        tags: [memoryScopeTag('crew', { crew: 'research', agent: 'scout', run: '', user: '' }), 'task:find', 'capital'],
        customProperties: {
          crew: 'research',
          task: 'find',
          category: 'geography',
          context: 'Find the capital of Portugal.',
        },
      },
    });
    expect(logs.text()).not.toContain('crew memory could not');
    // The registered service is the one crews used.
    const recalled = await runtime.services.get(CognitiveMemoryService).recall('research', 'capital of Portugal');
    expect(recalled.map((hit) => hit.item.metadata.source)).toEqual(['cognitive', 'cognitive']);
  });

  it('logs one SVCEXP005 warning unless acknowledged', () => {
    const warned = servicesWith(configurationOf(), false).logs.records();
    expect(warned.filter((record) => record.diagnosticId === 'SVCEXP005')).toHaveLength(1);
    expect(warned[0]?.msg).toContain('experimental');
    expect(servicesWith(configurationOf(), true).logs.records()).toEqual([]);
  });

  it('analyses with AnalysisModel, built by the model factory, at AnalysisTemperature', async () => {
    const configuration = configurationOf({
      Svc: { CognitiveMemory: { AnalysisModel: 'analysis-model', AnalysisTemperature: 0.3 } },
    });
    const { services, logs } = servicesWith(configuration);
    services.addInstance(ChatModelFactoryService, (id: string) => scriptedModel(context.server, id));
    await using runtime = await createRuntime({
      services,
      configuration,
      model: scriptedModel(context.server, 'crew-model'),
      logger: logs.logger,
    });
    context.server.enqueue(analysisAnswer({ importance: 0.2 }));
    await runtime.services.get(CognitiveMemoryService).analyze('Ada prefers green tea.');
    expect(context.server.requests[0]?.body).toMatchObject({ model: 'analysis-model', temperature: 0.3 });
  });

  it('refuses an AnalysisModel nothing can build, saying what to register', async () => {
    const configuration = configurationOf({ Svc: { CognitiveMemory: { AnalysisModel: 'analysis-model' } } });
    const { services, logs } = servicesWith(configuration);
    await using runtime = await createRuntime({ services, configuration, logger: logs.logger });
    expect(() => runtime.services.get(CognitiveMemoryService)).toThrow(/addSvcLlm/);
    expect(cognitiveMemoryErrorCodes).toHaveProperty('COGNITIVE_MEMORY_MODEL_FACTORY_MISSING');
  });

  it('refuses a bad setting at start, naming the key', () => {
    expect(() => configurationOf({ Svc: { CognitiveMemory: { ContradictionCandidateCount: 0 } } })).toThrow(
      ConfigurationError,
    );
    expect(() => configurationOf({ Svc: { CognitiveMemory: { EnableLlmAnalyses: true } } })).toThrow(
      /EnableLlmAnalysis/,
    );
  });

  it('leaves a memory layer the host registered in place', async () => {
    const configuration = configurationOf();
    const logs = captureLogger();
    const services = new ServiceCollection();
    const kept: string[] = [];
    const hostLayer: MemoryLayer = {
      remember: async (request) => {
        kept.push(request.item.content);
      },
      recall: async () => [],
    };
    services.addInstance(MemoryLayerService, hostLayer);
    services.addInstance(EmbeddingProviderService, wordEmbeddings());
    addSvcCognitiveMemory(services, configuration, { logger: logs.logger, acknowledgeExperimental: true });
    await using runtime = await createRuntime({
      services,
      configuration,
      model: scriptedModel(context.server),
      logger: logs.logger,
    });
    context.server.enqueue({ text: 'Lisbon is the capital.' });
    await runtime.run(researchCrew, undefined);
    expect(kept).toEqual(['Task: Find the capital of Portugal.\nResult: Lisbon is the capital.']);
    expect(context.server.requests).toHaveLength(1);
  });
});
