import { dockerModelRunnerHost, isLoopbackHost, parseUrl } from './local-endpoint.js';
import type { ProviderKey } from './provider-catalogue.js';

/** The `Llm` settings the provider is inferred from (there is no provider setting). */
export interface ProviderClues {
  readonly BaseUrl?: string | undefined;
  readonly Model?: string | undefined;
  readonly ApiKey?: string | undefined;
}

/** Which of the five rules chose the provider, in the order they are tried. */
export type ProviderInferenceRule =
  /** 1. A known host (or Docker Model Runner's path) in `BaseUrl`. */
  | 'base-url-host'
  /** 2. A telling word, port or loopback address in `BaseUrl`. */
  | 'base-url-words'
  /** 3. The start of `Model`. */
  | 'model-prefix'
  /** 4. The start of `ApiKey`. */
  | 'api-key-prefix'
  /** 5. Nothing matched: OpenAI. */
  | 'default';

export interface ProviderInference {
  readonly provider: ProviderKey;
  readonly rule: ProviderInferenceRule;
  /** What matched, in words (never the key itself), e.g. for `orkeon doctor`. */
  readonly reason: string;
}

interface Clue<T> {
  readonly provider: ProviderKey;
  readonly matches: (value: T) => boolean;
  /** Completes "… because it …". */
  readonly says: string;
}

/** Rule 1, first match wins: hosts that belong to one vendor. */
const hostClues: readonly Clue<URL>[] = [
  {
    provider: 'openai',
    matches: (url) => url.pathname.toLowerCase().includes('/engines/') || host(url) === dockerModelRunnerHost,
    says: `is Docker Model Runner (a path with '/engines/' or the host ${dockerModelRunnerHost})`,
  },
  {
    provider: 'azure-openai',
    matches: (url) => host(url).includes('azure') || host(url).includes('.cognitiveservices.'),
    says: "has an Azure host ('azure' or '.cognitiveservices.')",
  },
  { provider: 'together', matches: (url) => onDomain(url, 'together.xyz'), says: 'is on together.xyz' },
  { provider: 'qwen', matches: (url) => host(url).includes('dashscope'), says: "has a DashScope host ('dashscope')" },
  { provider: 'deepseek', matches: (url) => onDomain(url, 'deepseek.com'), says: 'is on deepseek.com' },
  { provider: 'kimi', matches: (url) => host(url).includes('moonshot.'), says: "has a Moonshot host ('moonshot.')" },
  { provider: 'mistral', matches: (url) => onDomain(url, 'mistral.ai'), says: 'is on mistral.ai' },
  {
    provider: 'gemini',
    matches: (url) => onDomain(url, 'generativelanguage.googleapis.com'),
    says: 'is on generativelanguage.googleapis.com',
  },
  { provider: 'grok', matches: (url) => onDomain(url, 'api.x.ai'), says: 'is on api.x.ai' },
  {
    provider: 'minimax',
    matches: (url) =>
      host(url).includes('api.minimax.') || onDomain(url, 'minimax.io') || onDomain(url, 'minimaxi.com'),
    says: "has a MiniMax host ('api.minimax.', minimax.io or minimaxi.com)",
  },
  {
    provider: 'huggingface',
    matches: (url) => onDomain(url, 'huggingface.co') || onDomain(url, 'hf.co'),
    says: 'is on huggingface.co or hf.co',
  },
  {
    provider: 'zai',
    matches: (url) => onDomain(url, 'api.z.ai') || onDomain(url, 'bigmodel.cn'),
    says: 'is on api.z.ai or bigmodel.cn',
  },
  { provider: 'openrouter', matches: (url) => onDomain(url, 'openrouter.ai'), says: 'is on openrouter.ai' },
  { provider: 'mammouth', matches: (url) => onDomain(url, 'mammouth.ai'), says: 'is on mammouth.ai' },
  { provider: 'anthropic', matches: (url) => onDomain(url, 'api.anthropic.com'), says: 'is on api.anthropic.com' },
  { provider: 'openai', matches: (url) => onDomain(url, 'api.openai.com'), says: 'is on api.openai.com' },
];

/** Rule 2, first match wins: generic words, Ollama's port, and local servers. */
const wordClues: readonly Clue<URL>[] = [
  { provider: 'openai', matches: (url) => address(url).includes('openai'), says: "contains 'openai'" },
  { provider: 'anthropic', matches: (url) => address(url).includes('anthropic'), says: "contains 'anthropic'" },
  { provider: 'ollama', matches: (url) => url.port === '11434', says: "uses Ollama's port 11434" },
  {
    // llama.cpp, vLLM, LM Studio, LocalAI…: they serve OpenAI's chat completions under /v1.
    provider: 'openai',
    matches: (url) => isLoopbackHost(url.hostname) && url.pathname.replace(/\/+$/, '').toLowerCase().endsWith('/v1'),
    says: "is a local OpenAI-compatible server (loopback host, path ending in '/v1')",
  },
  {
    provider: 'ollama',
    matches: (url) => isLoopbackHost(url.hostname),
    says: 'is on this machine (loopback host) without a /v1 path',
  },
];

/** Rule 3, first match wins, on the model id in lower case. */
const modelClues: readonly Clue<string>[] = [
  { provider: 'openai', matches: (model) => model.startsWith('gpt'), says: "starts with 'gpt'" },
  { provider: 'openai', matches: (model) => /^o[134](?:$|[-.:])/.test(model), says: "is an 'o1', 'o3' or 'o4' model" },
  { provider: 'anthropic', matches: (model) => model.startsWith('claude'), says: "starts with 'claude'" },
  {
    provider: 'ollama',
    matches: (model) => model.startsWith('llama') || model.startsWith('codellama'),
    says: "starts with 'llama' or 'codellama'",
  },
  {
    provider: 'ollama',
    matches: (model) => model === 'mistral' || model.startsWith('mistral:'),
    says: "is Ollama's 'mistral' or 'mistral:<tag>'",
  },
  { provider: 'mistral', matches: (model) => model.startsWith('mistral-'), says: "starts with 'mistral-'" },
  { provider: 'qwen', matches: (model) => model.startsWith('qwen'), says: "starts with 'qwen'" },
  { provider: 'deepseek', matches: (model) => model.startsWith('deepseek'), says: "starts with 'deepseek'" },
  {
    provider: 'kimi',
    matches: (model) => model.startsWith('moonshot') || model.startsWith('kimi'),
    says: "starts with 'moonshot' or 'kimi'",
  },
  { provider: 'zai', matches: (model) => model.startsWith('glm'), says: "starts with 'glm'" },
  { provider: 'gemini', matches: (model) => model.startsWith('gemini'), says: "starts with 'gemini'" },
  { provider: 'grok', matches: (model) => model.startsWith('grok'), says: "starts with 'grok'" },
  { provider: 'minimax', matches: (model) => model.startsWith('minimax'), says: "starts with 'minimax'" },
  { provider: 'openrouter', matches: (model) => model.startsWith('openrouter/'), says: "starts with 'openrouter/'" },
];

/** Rule 4, first match wins, on the key as written (prefixes are case-sensitive). */
const apiKeyClues: readonly Clue<string>[] = [
  { provider: 'huggingface', matches: (key) => key.startsWith('hf_'), says: "starts with 'hf_'" },
  { provider: 'grok', matches: (key) => key.startsWith('xai-'), says: "starts with 'xai-'" },
  { provider: 'anthropic', matches: (key) => key.startsWith('sk-ant-'), says: "starts with 'sk-ant-'" },
];

/**
 * Which provider the `Llm` settings mean. The first rule that matches wins:
 * (1) a known host in `BaseUrl`, (2) a generic word, port or loopback address in
 * `BaseUrl`, (3) the start of `Model`, (4) the start of `ApiKey`, (5) OpenAI.
 */
export function inferProvider(clues: ProviderClues): ProviderInference {
  const url = parseUrl(clues.BaseUrl);
  if (url !== undefined) {
    const byHost = hostClues.find((clue) => clue.matches(url));
    if (byHost !== undefined) return inferred(byHost.provider, 'base-url-host', `BaseUrl ${url.origin} ${byHost.says}`);
    const byWords = wordClues.find((clue) => clue.matches(url));
    if (byWords !== undefined)
      return inferred(byWords.provider, 'base-url-words', `BaseUrl ${url.origin} ${byWords.says}`);
  }
  const model = clues.Model?.trim().toLowerCase();
  if (model !== undefined && model !== '') {
    const byModel = modelClues.find((clue) => clue.matches(model));
    if (byModel !== undefined)
      return inferred(byModel.provider, 'model-prefix', `Model '${clues.Model}' ${byModel.says}`);
  }
  const apiKey = clues.ApiKey?.trim();
  if (apiKey !== undefined && apiKey !== '') {
    const byKey = apiKeyClues.find((clue) => clue.matches(apiKey));
    if (byKey !== undefined) return inferred(byKey.provider, 'api-key-prefix', `ApiKey ${byKey.says}`);
  }
  return { provider: 'openai', rule: 'default', reason: 'nothing in BaseUrl, Model or ApiKey names a provider' };
}

function inferred(provider: ProviderKey, rule: ProviderInferenceRule, reason: string): ProviderInference {
  return { provider, rule, reason };
}

function host(url: URL): string {
  return url.hostname.toLowerCase();
}

/** The host and path, where the generic words are looked for (not the query, which may hold a key). */
function address(url: URL): string {
  return `${host(url)}${url.pathname.toLowerCase()}`;
}

/** True when the host is `domain` or one of its subdomains. */
function onDomain(url: URL, domain: string): boolean {
  const name = host(url);
  return name === domain || name.endsWith(`.${domain}`);
}
