import {
  type Configuration,
  type EmbeddingProvider,
  EmbeddingProviderService,
  LoggerService,
  type ServiceCollection,
  type ServiceResolver,
  ToolService,
  unavailableEmbeddingModel,
  VirtualFileSystemService,
} from '@orkeon/core';
import { CodeSearchService } from '@orkeon/rag';
import { codeIndexSearch } from './code-index-search.js';
import { RaggableTree, RaggableTreeService } from './raggable-tree.js';
import { type RaggableTreeSettings, raggableTreeSettings } from './raggable-tree-settings.js';
import { createCodebaseMapTool } from './tools/codebase-map-tool.js';
import { createCodebaseSearchTool } from './tools/codebase-search-tool.js';
import { createComplexityReportTool } from './tools/complexity-report-tool.js';
import { createDependencyGraphTool } from './tools/dependency-graph-tool.js';
import { createDirectorySearchTool } from './tools/directory-search-tool.js';
import { createFlowTraceTool } from './tools/flow-trace-tool.js';
import { createImpactAnalysisTool } from './tools/impact-analysis-tool.js';
import { createIncrementalReindexTool } from './tools/incremental-reindex-tool.js';
import { createIndexCodebaseTool } from './tools/index-codebase-tool.js';
import { createIndexStatusTool } from './tools/index-status-tool.js';
import { createIsPathIndexedTool } from './tools/is-path-indexed-tool.js';
import { createPackageSummaryTool } from './tools/package-summary-tool.js';
import { createStatementQueryTool } from './tools/statement-query-tool.js';
import { createSubGraphTool } from './tools/sub-graph-tool.js';
import { createSymbolDetailTool } from './tools/symbol-detail-tool.js';
import { createSymbolSourceTool } from './tools/symbol-source-tool.js';

export interface AddRaggableTreeOptions {
  /** The embedding provider of symbol summaries; default the runtime's (`Embedding:Provider: Default`). */
  readonly embeddings?: EmbeddingProvider;
}

/** The tools over the index, in the order of the reference brief (§6.2). */
const codeTools = [
  createIndexCodebaseTool,
  createIncrementalReindexTool,
  createIndexStatusTool,
  createIsPathIndexedTool,
  createCodebaseMapTool,
  createPackageSummaryTool,
  createSymbolDetailTool,
  createSymbolSourceTool,
  createCodebaseSearchTool,
  createDependencyGraphTool,
  createSubGraphTool,
  createFlowTraceTool,
  createImpactAnalysisTool,
  createComplexityReportTool,
  createStatementQueryTool,
] as const;

/** The provider symbol vectors come from, resolved when first needed; none for `Embedding:Provider: None`. */
function embeddingSource(
  resolver: ServiceResolver,
  settings: RaggableTreeSettings,
  given: EmbeddingProvider | undefined,
): () => EmbeddingProvider | undefined {
  if (settings.Embedding.Provider === 'None') return () => undefined;
  return () => {
    const provider = given ?? resolver.tryGet(EmbeddingProviderService);
    return provider === undefined || provider.model === unavailableEmbeddingModel ? undefined : provider;
  };
}

/**
 * Adds codebase context from `RaggableTree` (read and checked now): the `RaggableTree`
 * service (`RaggableTreeService`) over the runtime's file system, the 15 code-analysis
 * tools, `directory_search`, and the code index `rag_search` reaches as the collection
 * `raggable-tree` (`CodeSearchService`). `RaggableTree:Enabled: false` registers nothing.
 * Registered with `tryAdd`: a host's own `RaggableTree` stays. Nothing is parsed, and no
 * WebAssembly is loaded, until a tool or the service is first used.
 */
export function addRaggableTree(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddRaggableTreeOptions = {},
): ServiceCollection {
  const settings = configuration.get(raggableTreeSettings);
  if (!settings.Enabled) return services;
  services.tryAddSingleton(RaggableTreeService, (resolver) => {
    const logger = resolver.tryGet(LoggerService);
    return new RaggableTree({
      settings,
      files: resolver.get(VirtualFileSystemService),
      embeddings: embeddingSource(resolver, settings, options.embeddings),
      ...(logger === undefined ? {} : { logger }),
    });
  });
  // rag_search's collection 'raggable-tree' searches this index.
  services.tryAddSingleton(CodeSearchService, (resolver) => codeIndexSearch(() => resolver.get(RaggableTreeService)));
  for (const create of codeTools)
    services.addSingleton(ToolService, (resolver) => create(() => resolver.get(RaggableTreeService)));
  services.addSingleton(ToolService, (resolver) =>
    createDirectorySearchTool(settings, embeddingSource(resolver, settings, options.embeddings)),
  );
  return services;
}
