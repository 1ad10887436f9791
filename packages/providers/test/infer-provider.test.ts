import { describe, expect, it } from 'vitest';
import {
  inferProvider,
  type ProviderClues,
  type ProviderInferenceRule,
  type ProviderKey,
  providerCatalogue,
  providerKeys,
  resolveProviderKey,
  UnknownProviderError,
} from '../src/index.js';

type Case = readonly [clues: ProviderClues, provider: ProviderKey, rule: ProviderInferenceRule];

const cases: readonly Case[] = [
  // Rule 1: known hosts (and Docker Model Runner).
  [{ BaseUrl: 'http://model-runner.docker.internal/engines/v1' }, 'openai', 'base-url-host'],
  [{ BaseUrl: 'http://localhost:12434/engines/llama.cpp/v1' }, 'openai', 'base-url-host'],
  [{ BaseUrl: 'https://contoso.openai.azure.com' }, 'azure-openai', 'base-url-host'],
  [{ BaseUrl: 'https://contoso.cognitiveservices.azure.com/openai' }, 'azure-openai', 'base-url-host'],
  [{ BaseUrl: 'https://gateway.azure-api.net/v1' }, 'azure-openai', 'base-url-host'],
  [{ BaseUrl: 'https://api.together.xyz/v1' }, 'together', 'base-url-host'],
  [{ BaseUrl: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1' }, 'qwen', 'base-url-host'],
  [{ BaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1' }, 'qwen', 'base-url-host'],
  [{ BaseUrl: 'https://api.deepseek.com' }, 'deepseek', 'base-url-host'],
  [{ BaseUrl: 'https://api.moonshot.ai/v1' }, 'kimi', 'base-url-host'],
  [{ BaseUrl: 'https://api.moonshot.cn/v1' }, 'kimi', 'base-url-host'],
  [{ BaseUrl: 'https://api.mistral.ai/v1' }, 'mistral', 'base-url-host'],
  [{ BaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai' }, 'gemini', 'base-url-host'],
  [{ BaseUrl: 'https://api.x.ai/v1' }, 'grok', 'base-url-host'],
  [{ BaseUrl: 'https://api.minimax.io/v1' }, 'minimax', 'base-url-host'],
  [{ BaseUrl: 'https://api.minimax.chat/v1' }, 'minimax', 'base-url-host'],
  [{ BaseUrl: 'https://api.minimaxi.com/v1' }, 'minimax', 'base-url-host'],
  [{ BaseUrl: 'https://router.huggingface.co/v1' }, 'huggingface', 'base-url-host'],
  [{ BaseUrl: 'https://router.hf.co/v1' }, 'huggingface', 'base-url-host'],
  [{ BaseUrl: 'https://api.z.ai/api/paas/v4' }, 'zai', 'base-url-host'],
  [{ BaseUrl: 'https://open.bigmodel.cn/api/paas/v4' }, 'zai', 'base-url-host'],
  [{ BaseUrl: 'https://openrouter.ai/api/v1' }, 'openrouter', 'base-url-host'],
  [{ BaseUrl: 'https://api.mammouth.ai/v1' }, 'mammouth', 'base-url-host'],
  [{ BaseUrl: 'https://api.anthropic.com/v1' }, 'anthropic', 'base-url-host'],
  [{ BaseUrl: 'https://api.openai.com/v1' }, 'openai', 'base-url-host'],
  // Rule 2: generic words, Ollama's port, loopback.
  [{ BaseUrl: 'https://llm-gateway.example.com/openai/v1' }, 'openai', 'base-url-words'],
  [{ BaseUrl: 'https://anthropic-proxy.example.com/v1' }, 'anthropic', 'base-url-words'],
  [{ BaseUrl: 'http://gpu-box.lan:11434/v1' }, 'ollama', 'base-url-words'],
  [{ BaseUrl: 'http://localhost:11434/v1' }, 'ollama', 'base-url-words'],
  [{ BaseUrl: 'http://localhost:11434' }, 'ollama', 'base-url-words'],
  [{ BaseUrl: 'http://127.0.0.1:8080/v1' }, 'openai', 'base-url-words'],
  [{ BaseUrl: 'http://localhost:1234/v1/' }, 'openai', 'base-url-words'],
  [{ BaseUrl: 'http://[::1]:8000/v1' }, 'openai', 'base-url-words'],
  [{ BaseUrl: 'http://localhost:8080' }, 'ollama', 'base-url-words'],
  [{ BaseUrl: 'http://127.0.0.1:9000/api' }, 'ollama', 'base-url-words'],
  // Rule 3: model prefixes.
  [{ Model: 'gpt-5.6-sol' }, 'openai', 'model-prefix'],
  [{ Model: 'o1' }, 'openai', 'model-prefix'],
  [{ Model: 'o3-mini' }, 'openai', 'model-prefix'],
  [{ Model: 'o4-mini' }, 'openai', 'model-prefix'],
  [{ Model: 'claude-sonnet-5' }, 'anthropic', 'model-prefix'],
  [{ Model: 'llama3.2' }, 'ollama', 'model-prefix'],
  [{ Model: 'codellama:13b' }, 'ollama', 'model-prefix'],
  [{ Model: 'mistral' }, 'ollama', 'model-prefix'],
  [{ Model: 'mistral:7b-instruct' }, 'ollama', 'model-prefix'],
  [{ Model: 'mistral-medium-2604' }, 'mistral', 'model-prefix'],
  [{ Model: 'qwen3.7-plus' }, 'qwen', 'model-prefix'],
  [{ Model: 'deepseek-flash' }, 'deepseek', 'model-prefix'],
  [{ Model: 'moonshot-v1-8k' }, 'kimi', 'model-prefix'],
  [{ Model: 'kimi-k2.6' }, 'kimi', 'model-prefix'],
  [{ Model: 'glm-5.2' }, 'zai', 'model-prefix'],
  [{ Model: 'gemini-3.7-flash' }, 'gemini', 'model-prefix'],
  [{ Model: 'grok-4.6' }, 'grok', 'model-prefix'],
  [{ Model: 'MiniMax-M2' }, 'minimax', 'model-prefix'],
  [{ Model: 'openrouter/auto' }, 'openrouter', 'model-prefix'],
  // Rule 4: key prefixes.
  [{ ApiKey: 'hf_abcdef' }, 'huggingface', 'api-key-prefix'],
  [{ ApiKey: 'xai-abcdef' }, 'grok', 'api-key-prefix'],
  [{ ApiKey: 'sk-ant-api03-abcdef' }, 'anthropic', 'api-key-prefix'],
  [{ Model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo', ApiKey: 'hf_abc' }, 'huggingface', 'api-key-prefix'],
  // Rule 5: OpenAI.
  [{}, 'openai', 'default'],
  [{ ApiKey: 'sk-proj-abcdef' }, 'openai', 'default'],
  [{ Model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo' }, 'openai', 'default'],
  [{ Model: 'mistralai/Mistral-Small' }, 'openai', 'default'],
  [{ Model: 'mammouth-anything' }, 'openai', 'default'],
  [{ Model: 'o2-pro' }, 'openai', 'default'],
  [{ BaseUrl: 'https://llm.example.com/v1' }, 'openai', 'default'],
];

describe('inferProvider', () => {
  it.each(cases)('%j → %s by %s', (clues, provider, rule) => {
    expect(inferProvider(clues)).toMatchObject({ provider, rule });
  });

  it('infers every one of the 16 providers from some clue', () => {
    const inferred = new Set(cases.map(([, provider]) => provider));
    expect([...inferred].sort()).toEqual([...providerKeys].sort());
  });

  it.each([
    ['a BaseUrl host beats a model prefix', { BaseUrl: 'https://api.deepseek.com/v1', Model: 'gpt-5' }, 'deepseek'],
    ['a BaseUrl host beats a key prefix', { BaseUrl: 'https://api.x.ai/v1', ApiKey: 'sk-ant-1' }, 'grok'],
    ['an Azure host beats the word openai', { BaseUrl: 'https://x.openai.azure.com/openai' }, 'azure-openai'],
    ['Docker Model Runner beats loopback', { BaseUrl: 'http://localhost:12434/engines/v1' }, 'openai'],
    [
      'a BaseUrl word beats a model prefix',
      { BaseUrl: 'https://corp.example.com/anthropic', Model: 'gpt-5' },
      'anthropic',
    ],
    ['the word openai beats the Ollama port', { BaseUrl: 'http://localhost:11434/openai/v1' }, 'openai'],
    ['the Ollama port beats the local /v1 rule', { BaseUrl: 'http://127.0.0.1:11434/v1', Model: 'gpt-oss' }, 'ollama'],
    ['a local /v1 server beats a model prefix', { BaseUrl: 'http://127.0.0.1:8080/v1', Model: 'claude-x' }, 'openai'],
    ['loopback without /v1 beats a model prefix', { BaseUrl: 'http://localhost:8080', Model: 'qwen3' }, 'ollama'],
    ['a model prefix beats a key prefix', { Model: 'gemini-3.7-flash', ApiKey: 'sk-ant-1' }, 'gemini'],
    ['an unknown host falls through to the model', { BaseUrl: 'https://llm.example.com/v1', Model: 'glm-5' }, 'zai'],
    [
      'an unknown host and model fall through to the key',
      { BaseUrl: 'https://a.example/v1', ApiKey: 'hf_1' },
      'huggingface',
    ],
  ] as const)('first matching rule wins: %s', (_, clues, provider) => {
    expect(inferProvider(clues).provider).toBe(provider);
  });

  it('matches hosts as domains, not as any text', () => {
    expect(inferProvider({ BaseUrl: 'https://notmistral.ai.example.com/v1' }).provider).toBe('openai');
    expect(inferProvider({ BaseUrl: 'https://eu.api.openai.com/v1' })).toMatchObject({
      provider: 'openai',
      rule: 'base-url-host',
    });
  });

  it('ignores the query when looking for words', () => {
    expect(inferProvider({ BaseUrl: 'https://llm.example.com/v1?via=anthropic' }).rule).toBe('default');
  });

  it('skips an address that is not a URL', () => {
    expect(inferProvider({ BaseUrl: 'not a url', Model: 'claude-x' })).toMatchObject({
      provider: 'anthropic',
      rule: 'model-prefix',
    });
  });

  it('says what matched, without repeating the key', () => {
    const byKey = inferProvider({ ApiKey: 'sk-ant-secret-value' });
    expect(byKey.reason).toBe("ApiKey starts with 'sk-ant-'");
    expect(inferProvider({ BaseUrl: 'https://api.deepseek.com/v1' }).reason).toContain('https://api.deepseek.com');
    expect(inferProvider({ Model: 'grok-4.6' }).reason).toBe("Model 'grok-4.6' starts with 'grok'");
  });
});

describe('resolveProviderKey', () => {
  it('resolves every key and alias, in any case', () => {
    for (const provider of providerCatalogue) {
      expect(resolveProviderKey(provider.key)).toBe(provider.key);
      expect(resolveProviderKey(provider.key.toUpperCase())).toBe(provider.key);
      for (const alias of provider.aliases) expect(resolveProviderKey(alias)).toBe(provider.key);
    }
  });

  it.each([
    ['azure', 'azure-openai'],
    ['togetherai', 'together'],
    ['hf', 'huggingface'],
    ['moonshot', 'kimi'],
    ['glm', 'zai'],
    ['zhipu', 'zai'],
    ['google', 'gemini'],
    ['xai', 'grok'],
    [' Azure ', 'azure-openai'],
  ] as const)('%s → %s', (alias, key) => {
    expect(resolveProviderKey(alias)).toBe(key);
  });

  it('refuses an unknown name, listing the 16 providers and a likely fix', () => {
    let error: unknown;
    try {
      resolveProviderKey('antropic');
    } catch (caught) {
      error = caught;
    }
    expect(UnknownProviderError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain("Unknown language-model provider 'antropic'. Did you mean 'anthropic'?");
    for (const key of providerKeys) expect(message).toContain(key);
    expect(providerKeys).toHaveLength(16);
    expect((error as UnknownProviderError).code).toBe('LLM_PROVIDER_UNKNOWN');
  });
});
