import type { Configuration, LlmClient, ServiceCollection, ServiceToken } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcRagOptions,
  addSvcRag,
  addSvcRagTools,
  type CodePassage,
  type CodeSearch,
  CodeSearchService,
  chunkText,
  type IngestionReport,
  type Rag,
  type RagAnswer,
  type RagCandidate,
  type RagCitation,
  type RagError,
  type RagLoadError,
  type RagModel,
  type RagReranker,
  RagRerankerService,
  type RagRetrieval,
  RagService,
  type RagSettings,
  type TextChunk,
} from '../src/index.js';

describe('the public API of @orkeon/rag', () => {
  it('types the service, its results and the registration as the other addSvc functions', () => {
    expectTypeOf(RagService).toEqualTypeOf<ServiceToken<Rag>>();
    expectTypeOf<Rag['ingest']>().returns.toEqualTypeOf<Promise<IngestionReport>>();
    expectTypeOf<Rag['retrieve']>().returns.toEqualTypeOf<Promise<RagRetrieval>>();
    expectTypeOf<Rag['answer']>().returns.toEqualTypeOf<Promise<RagAnswer>>();
    expectTypeOf<RagAnswer['citations']>().toEqualTypeOf<readonly RagCitation[]>();
    expectTypeOf<RagAnswer>().toExtend<RagRetrieval>();
    expectTypeOf(addSvcRag).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcRag).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcRag).parameter(2).toEqualTypeOf<AddSvcRagOptions | undefined>();
    expectTypeOf(addSvcRag).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<RagSettings['Profile']>().toEqualTypeOf<'fast' | 'balanced' | 'quality' | 'adaptive' | 'corrective'>();
    expectTypeOf(chunkText).returns.toEqualTypeOf<Promise<TextChunk[]>>();
    expectTypeOf(addSvcRagTools).toEqualTypeOf<(services: ServiceCollection) => ServiceCollection>();
    expectTypeOf<RagAnswer['bestEffort']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RagCitation['warning']>().toEqualTypeOf<string | undefined>();
  });

  it('types the ports other packages fill: the local reranker and the code index', () => {
    expectTypeOf(RagRerankerService).toEqualTypeOf<ServiceToken<RagReranker>>();
    expectTypeOf<RagReranker['rerank']>().returns.toEqualTypeOf<Promise<RagCandidate[]>>();
    expectTypeOf(CodeSearchService).toEqualTypeOf<ServiceToken<CodeSearch>>();
    expectTypeOf<CodeSearch['search']>().returns.toEqualTypeOf<Promise<readonly CodePassage[]>>();
  });

  it('takes the runtime’s LLM client as a RAG model, and its errors are Orkeon errors with codes', () => {
    expectTypeOf<LlmClient>().toExtend<RagModel>();
    expectTypeOf<RagLoadError>().toExtend<RagError>();
    expectTypeOf<RagLoadError['sourceId']>().toEqualTypeOf<string>();
  });
});
