import type { Configuration, ServiceCollection, ServiceToken, Tool } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddRaggableTreeOptions,
  addRaggableTree,
  type CodeGraph,
  type CodeIndexData,
  codeIndexVersion,
  createCodebaseSearchTool,
  type DirectorySearchResult,
  type IndexReport,
  type IndexStatus,
  type PathStatus,
  type RaggableTree,
  type RaggableTreeError,
  type RaggableTreeErrorCode,
  RaggableTreeService,
  type RaggableTreeSettings,
  type StatementRecord,
  type SymbolKind,
  type SymbolNode,
  type SymbolSearchResult,
  type SymbolSource,
  searchDirectory,
} from '../src/index.js';

describe('the public API of @orkeon/raggable-tree', () => {
  it('types the registration as the other addSvc functions and the service by its token', () => {
    expectTypeOf(addRaggableTree).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addRaggableTree).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addRaggableTree).parameter(2).toEqualTypeOf<AddRaggableTreeOptions | undefined>();
    expectTypeOf(addRaggableTree).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(RaggableTreeService).toEqualTypeOf<ServiceToken<RaggableTree>>();
  });

  it('types the class API code users call: index, reindex, graph, status, search, lookups', () => {
    expectTypeOf<RaggableTree['index']>().returns.toEqualTypeOf<Promise<IndexReport>>();
    expectTypeOf<RaggableTree['reindex']>().returns.toEqualTypeOf<Promise<IndexReport>>();
    expectTypeOf<RaggableTree['graph']>().returns.toEqualTypeOf<Promise<CodeGraph>>();
    expectTypeOf<RaggableTree['status']>().returns.toEqualTypeOf<Promise<IndexStatus>>();
    expectTypeOf<RaggableTree['pathStatus']>().returns.toEqualTypeOf<Promise<PathStatus>>();
    expectTypeOf<RaggableTree['search']>().returns.toEqualTypeOf<Promise<SymbolSearchResult>>();
    expectTypeOf<RaggableTree['findSymbols']>().returns.toEqualTypeOf<Promise<SymbolNode[]>>();
    expectTypeOf<RaggableTree['source']>().returns.toEqualTypeOf<Promise<SymbolSource>>();
    expectTypeOf<RaggableTree['statements']>().returns.toEqualTypeOf<Promise<readonly StatementRecord[]>>();
    expectTypeOf<RaggableTree['root']>().toEqualTypeOf<string>();
    expectTypeOf<RaggableTree['settings']>().toEqualTypeOf<RaggableTreeSettings>();
  });

  it('types the settings, the saved index and the graph’s symbols', () => {
    expectTypeOf<RaggableTreeSettings['Enabled']>().toEqualTypeOf<boolean>();
    expectTypeOf<RaggableTreeSettings['Exclude']>().toEqualTypeOf<string[]>();
    expectTypeOf<RaggableTreeSettings['Embedding']['Provider']>().toEqualTypeOf<'Default' | 'None'>();
    expectTypeOf(codeIndexVersion).toEqualTypeOf<number>();
    expectTypeOf<CodeIndexData['version']>().toEqualTypeOf<number>();
    expectTypeOf<SymbolNode['kind']>().toEqualTypeOf<SymbolKind>();
    expectTypeOf<SymbolNode['id']>().toEqualTypeOf<string>();
    expectTypeOf<CodeGraph['callers']>().returns.toEqualTypeOf<readonly string[]>();
  });

  it('types the tools, directory search and the errors', () => {
    expectTypeOf(createCodebaseSearchTool).returns.toExtend<Tool<{ query: string; top_k: number }>>();
    expectTypeOf(searchDirectory).returns.toEqualTypeOf<Promise<DirectorySearchResult>>();
    expectTypeOf<RaggableTreeError['code']>().toEqualTypeOf<RaggableTreeErrorCode>();
    expectTypeOf<RaggableTreeErrorCode>().toEqualTypeOf<
      'CODEBASE_ROOT_UNREADABLE' | 'CODEBASE_GRAMMAR_UNAVAILABLE' | 'CODEBASE_PATH_INVALID' | 'CODEBASE_FILE_UNREADABLE'
    >();
  });
});
