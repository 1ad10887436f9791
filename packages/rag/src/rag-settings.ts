import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';
import { chunkingStrategies } from './chunking/chunk.js';
import { quarantineLevels } from './loading/document-validation.js';
import { queryTransforms } from './query/query-transform.js';

/** The seed's five query profiles; `fast` is the default. */
export const ragProfiles = ['fast', 'balanced', 'quality', 'adaptive', 'corrective'] as const;
export type RagProfile = (typeof ragProfiles)[number];

export const rerankKinds = ['none', 'llm', 'onnx'] as const;
export type RerankKind = (typeof rerankKinds)[number];

/** `Svc:Rag`: retrieval-augmented generation (reference brief §9). */
export const ragSettings = defineSettingsSection(
  'Svc:Rag',
  z.object({
    Profile: z
      .enum(ragProfiles)
      .default('fast')
      .describe(
        'The query profile: fast (vector only, no rerank); balanced and quality (hybrid, reranked) and adaptive (a classifier routes each question) need the cross-encoder reranker (or Rerank:Kind llm); corrective grades what it found and searches again.',
      ),
    Collection: z
      .string()
      .default('default')
      .describe('The collection rag_search and rag_ingest use when the call names none.'),
    MemoryStore: z
      .string()
      .optional()
      .describe(
        "The memory store (Svc:Memory) the chunks and their vectors are kept in; default the runtime's default store.",
      ),
    Retrieval: z
      .strictObject({
        TopK: z.number().int().min(1).max(100).default(5).describe('Passages a query answers.'),
        CandidateK: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .optional()
          .describe('Candidates retrieved before fusion and rerank; default 20 (50 balanced, 100 quality).'),
        MinScore: z.number().min(0).max(1).default(0).describe('Lowest cosine similarity a vector candidate may have.'),
        Hybrid: z
          .strictObject({
            Enabled: z
              .boolean()
              .optional()
              .describe(
                'Also search the words (BM25) and fuse both lists (RRF); default false for fast, true otherwise.',
              ),
            RrfK: z.number().int().min(1).default(60).describe('The k of reciprocal rank fusion.'),
          })
          .prefault({}),
        Mmr: z
          .strictObject({
            Enabled: z.boolean().default(false).describe('Prefer diverse passages (maximal marginal relevance).'),
            Lambda: z.number().min(0).max(1).default(0.7).describe('1 is relevance only, 0 diversity only.'),
          })
          .prefault({}),
      })
      .prefault({}),
    Transform: z
      .object({
        Kind: z
          .enum(queryTransforms)
          .default('none')
          .describe(
            'none; multi-query (rephrasings, union); rag-fusion (rephrasings, rank fusion); hyde (an imagined answer searches the vectors). All but none ask the model.',
          ),
        VariantCount: z.number().int().min(1).max(10).default(3).describe('Rephrasings of multi-query and rag-fusion.'),
      })
      .prefault({}),
    Groundedness: z
      .object({
        Enabled: z
          .boolean()
          .optional()
          .describe('Check that a cited answer keeps to its passages; default true for quality, false otherwise.'),
      })
      .prefault({}),
    Rerank: z
      .strictObject({
        Kind: z
          .enum(rerankKinds)
          .optional()
          .describe(
            'none; llm (the model orders the candidates); onnx (a local cross-encoder, @orkeon/rag-onnx). Default none for fast and corrective, onnx for balanced, quality and adaptive (which fail at their first query without one unless this says llm).',
          ),
        TopN: z.number().int().min(1).max(100).default(5).describe('Candidates kept after the rerank.'),
      })
      .prefault({}),
    Context: z
      .strictObject({
        MaxTokens: z
          .number()
          .int()
          .min(50)
          .default(2000)
          .describe('The passages given to the model, in tokens (about 4 characters each).'),
        Order: z
          .enum(['rank', 'edges'])
          .default('rank')
          .describe('rank: best first; edges: the best at both ends of the context. Citation numbers follow the rank.'),
      })
      .prefault({}),
    Generation: z
      .strictObject({
        SystemPrompt: z.string().optional().describe('Replaces the grounded system prompt of cited answers.'),
        Temperature: z.number().min(0).max(2).default(0),
        MaxOutputTokens: z.number().int().min(1).default(800),
      })
      .prefault({}),
    Corrective: z
      .strictObject({
        MaxIterations: z
          .number()
          .int()
          .min(1)
          .max(10)
          .default(3)
          .describe(
            'Searches of the corrective profile (the first and the rewritten ones) before it answers with what it has.',
          ),
        TimeoutSeconds: z
          .number()
          .min(1)
          .max(3600)
          .default(120)
          .describe(
            'Longest corrective query; past it, the graph answers with what it has (best effort) instead of searching on.',
          ),
        WebFallback: z
          .strictObject({
            Enabled: z
              .boolean()
              .default(false)
              .describe(
                'Search the web once when the collection has nothing relevant after the last rewrite. Needs Svc:Rag:WebFallback too (the transport).',
              ),
            MaxResults: z
              .number()
              .int()
              .min(1)
              .max(10)
              .default(3)
              .describe('Web pages read by the corrective profile.'),
          })
          .prefault({}),
      })
      .prefault({}),
    Adaptive: z
      .strictObject({
        Classifier: z
          .enum(['heuristic', 'llm'])
          .default('heuristic')
          .describe(
            'How the adaptive profile sorts a question: heuristic (its words), or llm (the model; a reply that names no route falls back to heuristic). Routes: no retrieval, single shot (balanced), iterative (corrective).',
          ),
      })
      .prefault({}),
    WebFallback: z
      .strictObject({
        Enabled: z.boolean().default(false).describe('The web search transport of the corrective profile.'),
        Endpoint: z
          .string()
          .default('')
          .describe(
            'A SearxNG-compatible search URL, called as {Endpoint}?q=…&format=json; required when Enabled. Its host must pass Svc:Security:Url (a local SearxNG needs AllowedHosts).',
          ),
        ApiKeyEnvVar: z
          .string()
          .optional()
          .describe('The environment variable holding a key, sent as Authorization: Bearer.'),
        MaxResults: z.number().int().min(1).max(10).default(3).describe('Results read from one search.'),
        TimeoutSeconds: z.number().min(1).max(120).default(10).describe('Time limit of the search and of each page.'),
        SuspiciousAction: z
          .enum(['Flag', 'Discard'])
          .default('Flag')
          .describe(
            'A page the injection check finds suspicious: Flag (used, marked in its citation) or Discard. Rejected pages are never used.',
          ),
      })
      .refine((web) => !web.Enabled || web.Endpoint.trim() !== '', {
        message:
          'Svc:Rag:WebFallback:Enabled is true and Endpoint is empty: set Endpoint to a SearxNG-compatible search URL, or set Enabled to false.',
      })
      .refine(
        (web) =>
          web.Endpoint === '' || (URL.canParse(web.Endpoint) && /^https?:$/.test(new URL(web.Endpoint).protocol)),
        {
          message: 'Svc:Rag:WebFallback:Endpoint is not an http(s) URL: give e.g. https://search.example.org/search.',
        },
      )
      .prefault({}),
    Ingestion: z
      .strictObject({
        DefaultChunkingStrategy: z.enum(chunkingStrategies).default('recursive'),
        ChunkSize: z.number().int().min(50).default(1000).describe('Characters per chunk.'),
        ChunkOverlap: z.number().int().min(0).default(200).describe('Characters shared by neighbouring chunks.'),
        ManifestDirectory: z
          .string()
          .default('/output/rag/manifests')
          .describe("Virtual folder of each collection's manifest and word index."),
        QuarantineAt: z
          .enum(quarantineLevels)
          .default('High')
          .describe(
            'The injection finding that keeps a document out: High (High and Critical quarantined, Medium flagged), Critical (High flagged too: for documents that discuss attacks), or Off (no injection check; empty, binary and oversized documents are still refused).',
          ),
        QuarantineDirectory: z
          .string()
          .default('/output/rag/quarantine')
          .describe('Virtual folder where rejected documents are kept, with the reasons.'),
      })
      .prefault({}),
  }),
  {
    description:
      'Retrieval-augmented generation (@orkeon/rag): ingestion into collections, the staged query pipeline and its profiles, the rag_search and rag_ingest tools.',
  },
);

export type RagSettings = SectionSettings<typeof ragSettings>;
