// The package's public surface: re-exports only, one block per concept.

export { type AddRaggableTreeOptions, addRaggableTree } from './add-raggable-tree.js';
export {
  type DirectoryPassage,
  type DirectorySearchRequest,
  type DirectorySearchResult,
  searchDirectory,
} from './directory-search/search-directory.js';
export { type CodeLanguage, codeLanguages } from './discovery/languages.js';
export { type ManifestKind, manifestKinds } from './discovery/manifest-kinds.js';
export { type RaggableTreeErrorCode, raggableTreeErrorCodes } from './errors/error-codes.js';
export { RaggableTreeError } from './errors/raggable-tree-error.js';
export type { CodeGraph } from './graph/code-graph.js';
export type { FileNode, PackageNode, ResolvedImport, SymbolNode } from './graph/graph-nodes.js';
export {
  type CodeIndexData,
  codeIndexVersion,
  type EmbeddingProfile,
  type IndexedManifest,
  type IndexedSourceFile,
} from './indexing/code-index.js';
export type { IndexCounts, IndexReport, IndexStatus } from './indexing/index-report.js';
export type { IndexChanges } from './indexing/refresh-index.js';
export {
  type ExtractedSymbol,
  type ImportReference,
  type StatementKind,
  type StatementRecord,
  type SymbolKind,
  statementKinds,
  symbolKinds,
  type Visibility,
} from './parsing/extracted-file.js';
export type { PathStatus } from './path-status.js';
export {
  RaggableTree,
  type RaggableTreeOptions,
  RaggableTreeService,
  type SymbolSearchOptions,
  type SymbolSource,
} from './raggable-tree.js';
export {
  defaultExcludePatterns,
  type EmbeddingProviderChoice,
  embeddingProviderChoices,
  type RaggableTreeSettings,
  raggableTreeSettings,
} from './raggable-tree-settings.js';
export type { SymbolHit, SymbolSearchResult } from './search/symbol-search.js';
export { codebaseMapInput, codebaseMapToolName, createCodebaseMapTool } from './tools/codebase-map-tool.js';
export { codebaseSearchInput, codebaseSearchToolName, createCodebaseSearchTool } from './tools/codebase-search-tool.js';
export {
  complexityReportInput,
  complexityReportToolName,
  createComplexityReportTool,
} from './tools/complexity-report-tool.js';
export {
  createDependencyGraphTool,
  dependencyGraphInput,
  dependencyGraphToolName,
} from './tools/dependency-graph-tool.js';
export {
  createDirectorySearchTool,
  directorySearchInput,
  directorySearchToolName,
} from './tools/directory-search-tool.js';
export { createFlowTraceTool, flowTraceInput, flowTraceToolName } from './tools/flow-trace-tool.js';
export { createImpactAnalysisTool, impactAnalysisInput, impactAnalysisToolName } from './tools/impact-analysis-tool.js';
export {
  createIncrementalReindexTool,
  incrementalReindexInput,
  incrementalReindexToolName,
} from './tools/incremental-reindex-tool.js';
export { createIndexCodebaseTool, indexCodebaseInput, indexCodebaseToolName } from './tools/index-codebase-tool.js';
export { createIndexStatusTool, indexStatusInput, indexStatusToolName } from './tools/index-status-tool.js';
export { createIsPathIndexedTool, isPathIndexedInput, isPathIndexedToolName } from './tools/is-path-indexed-tool.js';
export { createPackageSummaryTool, packageSummaryInput, packageSummaryToolName } from './tools/package-summary-tool.js';
export { createStatementQueryTool, statementQueryInput, statementQueryToolName } from './tools/statement-query-tool.js';
export { createSubGraphTool, subGraphInput, subGraphToolName } from './tools/sub-graph-tool.js';
export { createSymbolDetailTool, symbolDetailInput, symbolDetailToolName } from './tools/symbol-detail-tool.js';
export { createSymbolSourceTool, symbolSourceInput, symbolSourceToolName } from './tools/symbol-source-tool.js';
