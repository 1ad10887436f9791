import { OrkeonError } from '@orkeon/core';
import type { ProvidersErrorCode } from './errors/error-codes.js';
/** How a provider is spoken to, i.e. which official AI SDK package builds its model. */
export type ProviderDialect =
  /** `@ai-sdk/openai`, chat completions (`/chat/completions`), not the Responses API. */
  | 'openai'
  /** `@ai-sdk/anthropic`, the messages API (`/messages`). */
  | 'anthropic'
  /** `@ai-sdk/azure`, chat completions on an Azure OpenAI resource, addressed by deployment name. */
  | 'azure-openai'
  /** `@ai-sdk/openai-compatible`, chat completions on any server that copies OpenAI's. */
  | 'openai-compatible';

/** The canonical provider keys, in lower case, as `ChatModel.provider` reports them. */
export const providerKeys = [
  'openai',
  'anthropic',
  'azure-openai',
  'ollama',
  'together',
  'deepseek',
  'huggingface',
  'kimi',
  'qwen',
  'mistral',
  'zai',
  'gemini',
  'grok',
  'minimax',
  'openrouter',
  'mammouth',
] as const;

export type ProviderKey = (typeof providerKeys)[number];

export interface ProviderDescription {
  readonly key: ProviderKey;
  /** Other names accepted for the provider, in lower case. */
  readonly aliases: readonly string[];
  /** Who runs it, for messages and docs. */
  readonly vendor: string;
  readonly dialect: ProviderDialect;
  /** Used when `Llm:BaseUrl` is omitted; `undefined` when the endpoint is the user's own (Azure). */
  readonly defaultBaseUrl: string | undefined;
  /** Used when `Llm:Model` is omitted; `undefined` when the user must name one (Azure's deployment). */
  readonly defaultModel: string | undefined;
  /** False when the provider takes no key (a local server); any base URL on loopback needs none either. */
  readonly requiresApiKey: boolean;
}

/** The 16 providers Orkeon knows by name. Default models as of 2026-09. */
export const providerCatalogue: readonly ProviderDescription[] = [
  {
    key: 'openai',
    aliases: [],
    vendor: 'OpenAI',
    dialect: 'openai',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-5.6-sol',
    requiresApiKey: true,
  },
  {
    key: 'anthropic',
    aliases: [],
    vendor: 'Anthropic',
    dialect: 'anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    defaultModel: 'claude-sonnet-5',
    requiresApiKey: true,
  },
  {
    key: 'azure-openai',
    aliases: ['azure'],
    vendor: 'Azure OpenAI',
    dialect: 'azure-openai',
    defaultBaseUrl: undefined,
    defaultModel: undefined,
    requiresApiKey: true,
  },
  {
    key: 'ollama',
    aliases: [],
    vendor: 'Ollama (local)',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'http://localhost:11434/v1',
    defaultModel: 'llama3.2',
    requiresApiKey: false,
  },
  {
    key: 'together',
    aliases: ['togetherai'],
    vendor: 'Together AI',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.together.xyz/v1',
    defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
    requiresApiKey: true,
  },
  {
    key: 'deepseek',
    aliases: [],
    vendor: 'DeepSeek',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.deepseek.com/v1',
    defaultModel: 'deepseek-flash',
    requiresApiKey: true,
  },
  {
    key: 'huggingface',
    aliases: ['hf'],
    vendor: 'Hugging Face Inference Providers',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://router.huggingface.co/v1',
    defaultModel: 'meta-llama/Llama-3.1-8B-Instruct',
    requiresApiKey: true,
  },
  {
    key: 'kimi',
    aliases: ['moonshot'],
    vendor: 'Moonshot AI (Kimi)',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.moonshot.ai/v1',
    defaultModel: 'kimi-k2.6',
    requiresApiKey: true,
  },
  {
    key: 'qwen',
    aliases: [],
    vendor: 'Alibaba Cloud Model Studio (DashScope)',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen3.7-plus',
    requiresApiKey: true,
  },
  {
    key: 'mistral',
    aliases: [],
    vendor: 'Mistral AI',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.mistral.ai/v1',
    defaultModel: 'mistral-medium-2604',
    requiresApiKey: true,
  },
  {
    key: 'zai',
    aliases: ['glm', 'zhipu'],
    vendor: 'Z.ai (GLM)',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.z.ai/api/paas/v4',
    defaultModel: 'glm-5.2',
    requiresApiKey: true,
  },
  {
    key: 'gemini',
    aliases: ['google'],
    vendor: 'Google Gemini',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    defaultModel: 'gemini-3.7-flash',
    requiresApiKey: true,
  },
  {
    key: 'grok',
    aliases: ['xai'],
    vendor: 'xAI (Grok)',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.x.ai/v1',
    defaultModel: 'grok-4.6',
    requiresApiKey: true,
  },
  {
    key: 'minimax',
    aliases: [],
    vendor: 'MiniMax',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.minimax.io/v1',
    defaultModel: 'MiniMax-M2',
    requiresApiKey: true,
  },
  {
    key: 'openrouter',
    aliases: [],
    vendor: 'OpenRouter',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://openrouter.ai/api/v1',
    defaultModel: 'google/gemini-3.7-flash',
    requiresApiKey: true,
  },
  {
    key: 'mammouth',
    aliases: [],
    vendor: 'Mammouth AI',
    dialect: 'openai-compatible',
    defaultBaseUrl: 'https://api.mammouth.ai/v1',
    // The model of Mammouth's own API quick start, so the default works with any subscription.
    defaultModel: 'gpt-4.1',
    requiresApiKey: true,
  },
];

/** The catalogue entry of a canonical key. */
export function describeProvider(key: ProviderKey): ProviderDescription {
  const description = providerCatalogue.find((candidate) => candidate.key === key);
  // The catalogue lists every key; this guards against an edit that drops one.
  if (description === undefined)
    throw new OrkeonError<ProvidersErrorCode>(
      'LLM_PROVIDER_UNKNOWN',
      `Provider '${key}' is missing from the catalogue.`,
    );
  return description;
}
