import {
  type ChatModel,
  ChatModelFactoryService,
  ChatModelService,
  type Configuration,
  createLogger,
  EmbeddingProviderService,
  type Logger,
  LoggerService,
  llmSettings,
  MemoryLayerService,
  MemoryStoresService,
  type ServiceCollection,
  type ServiceResolver,
  serviceToken,
} from '@orkeon/core';
import { CognitiveMemory } from './cognitive-memory.js';
import { CognitiveMemoryModelFactoryMissingError } from './cognitive-memory-errors.js';
import { cognitiveMemorySettings } from './cognitive-memory-settings.js';
import type { ConsolidationRules } from './consolidate-scope.js';

/**
 * The diagnostic id of experimental cognitive memory. The seed names only `SVCEXP001` (A2A);
 * 002 to 004 are left for the original's other experimental parts (autonomous, corrective RAG, MCP).
 */
export const cognitiveMemoryExperimentalDiagnosticId = 'SVCEXP005';

/** The runtime's cognitive memory, registered by `addSvcCognitiveMemory`. @experimental SVCEXP005 */
export const CognitiveMemoryService = serviceToken<CognitiveMemory>('CognitiveMemory');

/** @experimental SVCEXP005 */
export interface AddSvcCognitiveMemoryOptions {
  /** Silences the one `SVCEXP005` warning logged when cognitive memory is added. */
  readonly acknowledgeExperimental?: boolean;
  /** Where that warning goes, and cognitive memory's own. Default: the runtime's logger (the warning: a new one). */
  readonly logger?: Logger;
  /** The time memories are dated and recency is measured with; default the system clock. */
  readonly clock?: () => Date;
  /** When consolidation prunes and merges; default `defaultConsolidationRules`. */
  readonly consolidation?: Partial<ConsolidationRules>;
}

/**
 * Enables cognitive memory from `Svc:CognitiveMemory` (read and checked now, so a bad
 * setting refuses the start): registers `CognitiveMemoryService`, over the runtime's
 * memory store (`Memory:Provider`), embedding provider and model (`AnalysisModel`, built
 * by the model factory, else the runtime's), and makes it the `MemoryLayerService`, so
 * crews with `memory: true` keep and recall through it. Both with `tryAdd`: a host's own
 * registration stays. Logs one `SVCEXP005` warning unless `acknowledgeExperimental`.
 *
 * @experimental SVCEXP005
 */
export function addSvcCognitiveMemory(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcCognitiveMemoryOptions = {},
): ServiceCollection {
  const settings = configuration.get(cognitiveMemorySettings);
  const llm = configuration.get(llmSettings);
  if (options.acknowledgeExperimental !== true) {
    (options.logger ?? createLogger()).warn(
      { diagnosticId: cognitiveMemoryExperimentalDiagnosticId },
      `${cognitiveMemoryExperimentalDiagnosticId}: cognitive memory is experimental and may change without notice. Pass { acknowledgeExperimental: true } to addSvcCognitiveMemory to silence this warning.`,
    );
  }
  services.tryAddSingleton(CognitiveMemoryService, (resolver) => {
    const stores = resolver.get(MemoryStoresService);
    const logger = options.logger ?? resolver.tryGet(LoggerService) ?? createLogger();
    return new CognitiveMemory({
      store: () => stores.get(),
      embeddings: resolver.get(EmbeddingProviderService),
      model: analysisModel(resolver, settings.AnalysisModel),
      settings,
      modelCalls: { maxRetries: llm.MaxRetries, timeoutSeconds: llm.TimeoutSeconds },
      logger: logger.child({ component: 'cognitive-memory' }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.consolidation === undefined ? {} : { consolidation: options.consolidation }),
    });
  });
  services.tryAddSingleton(MemoryLayerService, (resolver) => resolver.get(CognitiveMemoryService).layer);
  return services;
}

/** `AnalysisModel` built by the registered factory, else the runtime's model. */
function analysisModel(resolver: ServiceResolver, modelId: string | undefined): ChatModel {
  if (modelId === undefined) return resolver.get(ChatModelService);
  const factory = resolver.tryGet(ChatModelFactoryService);
  if (factory === undefined) throw new CognitiveMemoryModelFactoryMissingError(modelId);
  return factory(modelId);
}
