import { callingModel, type ServiceCollection, ToolService } from '@orkeon/core';
import { createRagEvalTool } from './evaluation/rag-eval-tool.js';
import { CodeSearchService } from './query/code-search.js';
import { RagService } from './rag.js';
import { createRagIngestTool } from './tools/rag-ingest-tool.js';
import { createRagSearchTool } from './tools/rag-search-tool.js';

/**
 * Adds the RAG tools over the registered `Rag` (`addSvcRag`): `rag_search` (the collection
 * `raggable-tree` goes to the code index, when one is registered), `rag_ingest` and `rag_eval`
 * (its judge is the calling agent's model, else the one `Rag` answers with).
 */
export function addSvcRagTools(services: ServiceCollection): ServiceCollection {
  services.addSingleton(ToolService, (resolver) =>
    createRagSearchTool(
      () => resolver.get(RagService),
      () => resolver.tryGet(CodeSearchService),
    ),
  );
  services.addSingleton(ToolService, (resolver) => createRagIngestTool(() => resolver.get(RagService)));
  services.addSingleton(ToolService, (resolver) =>
    createRagEvalTool(
      () => resolver.get(RagService),
      () => callingModel() ?? resolver.get(RagService).defaultModel(),
    ),
  );
  return services;
}
