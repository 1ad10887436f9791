import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  addLlmConsoleStreaming,
  ChatModelService,
  Configuration,
  coreSettingsSections,
  createEchoModel,
  createLlmClient,
  createUnavailableModel,
  LoggerService,
  MissingApiKeyError,
  ServiceCollection,
} from '../../src/index.js';

function consoleOutput() {
  const written: string[] = [];
  return {
    stream: { write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream,
    text: () => written.join(''),
  };
}

const configured = (enabled: boolean) =>
  Configuration.fromObject(
    enabled ? { Svc: { Cli: { ConsoleStreaming: { Enabled: true } } } } : {},
    coreSettingsSections,
  );

describe('console streaming through the services', () => {
  it('with the flag, act writes each delta to the console and still calls onDelta', async () => {
    const output = consoleOutput();
    const services = new ServiceCollection()
      .addInstance(LoggerService, captureLogger().logger)
      .addInstance(ChatModelService, createEchoModel());
    const client = createLlmClient(addLlmConsoleStreaming(services, configured(true), output.stream).build());
    const deltas: string[] = [];
    const result = await client.act('say this', { onDelta: (delta) => deltas.push(delta) });
    expect(output.text()).toBe(result.output);
    expect(deltas.join('')).toBe(result.output);
  });

  it('without the flag, output stays buffered', async () => {
    const output = consoleOutput();
    const services = new ServiceCollection()
      .addInstance(LoggerService, captureLogger().logger)
      .addInstance(ChatModelService, createEchoModel());
    const result = await createLlmClient(
      addLlmConsoleStreaming(services, configured(false), output.stream).build(),
    ).act('quiet');
    expect(result.output).toContain('quiet');
    expect(output.text()).toBe('');
  });

  it('a provider that cannot stream takes the buffered path, which says a key is required', async () => {
    const output = consoleOutput();
    const services = new ServiceCollection().addInstance(LoggerService, captureLogger().logger).addInstance(
      ChatModelService,
      createUnavailableModel('openai', 'gpt-5', () => new MissingApiKeyError('openai')),
    );
    const client = createLlmClient(addLlmConsoleStreaming(services, configured(true), output.stream).build());
    await expect(client.act('x')).rejects.toThrow(/An API key is required for the 'openai' provider/);
    expect(output.text()).toBe('');
  });
});
