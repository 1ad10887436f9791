import {
  ChatModelFactoryService,
  ChatModelService,
  Configuration,
  coreSettingsSections,
  ServiceCollection,
} from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { addSvcLlm, createChatModel } from '../src/index.js';

describe('options in code', () => {
  it('createChatModel takes camelCase options, and the PascalCase settings form still works', () => {
    const camel = createChatModel({ model: 'claude-sonnet-4-5', apiKey: 'sk-ant-test' });
    expect(camel).toMatchObject({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
    const pascal = createChatModel({ Model: 'claude-sonnet-4-5', ApiKey: 'sk-ant-test' });
    expect(pascal).toMatchObject({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
    const local = createChatModel({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    expect(local).toMatchObject({ modelId: 'llama3', supportsStreaming: true });
  });

  it('addSvcLlm registers the default model and a factory for other model ids on the same endpoint', () => {
    const configuration = Configuration.fromObject(
      { Llm: { BaseUrl: 'http://127.0.0.1:11434/v1', Model: 'llama3' } },
      coreSettingsSections,
    );
    const provider = addSvcLlm(new ServiceCollection(), configuration).build();
    expect(provider.get(ChatModelService).modelId).toBe('llama3');
    const other = provider.get(ChatModelFactoryService)('qwen3');
    expect(other).toMatchObject({ modelId: 'qwen3', provider: provider.get(ChatModelService).provider });
  });
});
