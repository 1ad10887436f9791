import {
  ChatModelService,
  type Configuration,
  createLlmClient,
  EmbeddingProviderService,
  KnowledgeBaseService,
  MemoryStoresService,
  type SectionSettings,
  type ServiceCollection,
  type ServiceResolver,
  urlSecuritySettings,
  VirtualFileSystemService,
} from '@orkeon/core';
import { WebHttpClient } from '@orkeon/tools-web';
import type { WebFallbackOptions } from './corrective/web-fallback.js';
import { SearxngSearch } from './corrective/web-search.js';
import { RagError } from './errors/rag-error.js';
import type { RagModel } from './query/rag-model.js';
import { RagRerankerService } from './query/rag-reranker.js';
import { Rag, RagService } from './rag.js';
import { RagKnowledgeBase } from './rag-knowledge-base.js';
import { type RagSettings, ragSettings } from './rag-settings.js';

export interface AddSvcRagOptions {
  /**
   * The model used outside an agent's tool call (`rag.answer` from code, an MCP client's
   * rag_search); default the runtime's model. Inside an agent's tool call the agent's model answers.
   */
  readonly model?: RagModel;
}

/** The runtime's model, wired on first use (a host without one gets fixed answers, see `noContextAnswer`). */
function runtimeModel(resolver: ServiceResolver): () => RagModel | undefined {
  let model: RagModel | undefined;
  let looked = false;
  return () => {
    if (!looked) {
      looked = true;
      if (resolver.tryGet(ChatModelService) !== undefined)
        model = createLlmClient(resolver, { caller: { kind: 'host', agent: 'rag' } });
    }
    return model;
  };
}

/** How long a web source may take, and how large it may be. */
const webTimeoutMilliseconds = 20_000;
const webMaxBytes = 20 * 1024 * 1024;

/** The web fallback's transport when `Svc:Rag:WebFallback:Enabled`: SearxNG search and page reads, both guarded. */
function webFallbackOf(
  settings: RagSettings,
  url: SectionSettings<typeof urlSecuritySettings>,
): WebFallbackOptions | undefined {
  const transport = settings.WebFallback;
  if (!transport.Enabled) return undefined;
  let apiKey: string | undefined;
  if (transport.ApiKeyEnvVar !== undefined) {
    apiKey = process.env[transport.ApiKeyEnvVar];
    if (apiKey === undefined || apiKey === '')
      throw new RagError(
        'RAG_WEB_FALLBACK_MISCONFIGURED',
        `Svc:Rag:WebFallback:ApiKeyEnvVar names ${transport.ApiKeyEnvVar}, which is not set: set it to the search service's key, or remove ApiKeyEnvVar.`,
      );
  }
  const web = new WebHttpClient({
    guard: {
      allowedHosts: url.AllowedHosts,
      allowedRanges: url.AllowedRanges,
      blockedPorts: url.BlockedPorts,
      blockedDomains: url.BlockedDomains,
    },
    timeoutMilliseconds: transport.TimeoutSeconds * 1000,
    maxResponseBytes: webMaxBytes,
    maxRedirects: 0,
    userAgent: 'Orkeon-RAG/0.1',
  });
  return {
    search: new SearxngSearch({ endpoint: transport.Endpoint, web, ...(apiKey === undefined ? {} : { apiKey }) }),
    web,
    maxResults: transport.MaxResults,
    suspiciousAction: transport.SuspiciousAction,
    maxPassages: settings.Retrieval.TopK,
  };
}

/**
 * Adds retrieval-augmented generation from `Svc:Rag` (read and checked now): the `Rag` service
 * (`RagService`) over the runtime's file system, memory stores and embedding provider, and the
 * knowledge base crews' `rag:` and agents' `knowledge:` use. The tools are `addSvcRagTools`.
 * Web sources go through the network guard with the `Svc:Security:Url` allowances and no
 * redirects. Registered with `tryAdd`: a host's own `Rag` stays.
 */
export function addSvcRag(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcRagOptions = {},
): ServiceCollection {
  const settings = configuration.get(ragSettings);
  const url = configuration.get(urlSecuritySettings);
  services.tryAddSingleton(RagService, (resolver) => {
    const web = webFallbackOf(settings, url);
    const embeddings = resolver.tryGet(EmbeddingProviderService);
    if (embeddings === undefined)
      throw new RagError(
        'RAG_EMBEDDINGS_UNAVAILABLE',
        'RAG needs an embedding provider, and none is registered: set Llm:EmbeddingModel, or install @orkeon/embeddings-local (docs/embeddings.md).',
      );
    return new Rag({
      settings,
      files: resolver.get(VirtualFileSystemService),
      memory: resolver.get(MemoryStoresService),
      embeddings,
      web: new WebHttpClient({
        guard: {
          allowedHosts: url.AllowedHosts,
          allowedRanges: url.AllowedRanges,
          blockedPorts: url.BlockedPorts,
          blockedDomains: url.BlockedDomains,
        },
        timeoutMilliseconds: webTimeoutMilliseconds,
        maxResponseBytes: webMaxBytes,
        maxRedirects: 0,
        userAgent: 'Orkeon-RAG/0.1',
      }),
      model: options.model ?? runtimeModel(resolver),
      reranker: () => resolver.tryGet(RagRerankerService),
      ...(web === undefined ? {} : { webFallback: web }),
    });
  });
  // Crews' rag: collections and agents' knowledge: go through the core's port.
  services.tryAddSingleton(
    KnowledgeBaseService,
    (resolver) => new RagKnowledgeBase(resolver.get(RagService), resolver.get(VirtualFileSystemService)),
  );
  return services;
}
