import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  type ChatModel,
  Configuration,
  coreSettingsSections,
  createRuntime,
  type RunEvent,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
  type Tool,
  ToolInvocationPipeline,
  ToolRegistry,
  type ToolResult,
  type ToolRunBudget,
  type ToolRunUsage,
  type ToolRunView,
  VirtualFileSystem,
} from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer, toolResultText } from '@orkeon/testing';
import { afterEach, beforeEach } from 'vitest';
import { addSvcTools, sessionSettings } from '../../src/index.js';

/** A model on the scripted model server. */
export function scriptedModel(server: ScriptedModelServer, modelId = 'scripted-model'): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId, model: provider.chatModel(modelId), supportsStreaming: true };
}

/** A scripted model server for each test of the file, closed afterwards. */
export function useScriptedServer(): { readonly server: ScriptedModelServer } {
  let current: ScriptedModelServer | undefined;
  beforeEach(async () => {
    current = await startScriptedModelServer();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get server() {
      if (current === undefined) throw new Error('useScriptedServer: read inside a test');
      return current;
    },
  };
}

/** A runtime on the scripted server whose session tools come from `addSvcTools`, as a library user builds it. */
export async function sessionRuntime(server: ScriptedModelServer, settings: SettingsTree = {}): Promise<Runtime> {
  const configuration = Configuration.fromObject(settings, [...coreSettingsSections, sessionSettings]);
  const services = new ServiceCollection();
  const logger = captureLogger().logger;
  await addSvcTools(services, configuration, { families: ['session'], logger });
  return createRuntime({ configuration, services, model: scriptedModel(server), logger });
}

/** The tool results the model was sent, in order, each once (the `tool` messages of every recorded request). */
export function toolResultsSent(server: ScriptedModelServer): string[] {
  const results = new Map<string, string>();
  for (const request of server.requests) {
    const body = request.body as { messages?: { role: string; content: unknown; tool_call_id?: string }[] } | undefined;
    for (const message of body?.messages ?? []) {
      if (message.role !== 'tool' || results.has(String(message.tool_call_id))) continue;
      const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
      results.set(String(message.tool_call_id), toolResultText(content));
    }
  }
  return [...results.values()];
}

/** The tool names offered in the `index`th request. */
export function toolsOffered(server: ScriptedModelServer, index: number): string[] {
  const body = server.requests[index]?.body as { tools?: { function?: { name?: string } }[] } | undefined;
  return (body?.tools ?? []).map((tool) => String(tool.function?.name));
}

/** Collects a run's events. */
export function eventLog(): { events: RunEvent[]; onEvent: (event: RunEvent) => void } {
  const events: RunEvent[] = [];
  return { events, onEvent: (event) => void events.push(event) };
}

/** A run view with fixed counters, for calling a tool by hand as the pipeline would inside a run. */
export function fixedRunView(usage: Partial<ToolRunUsage> = {}, budget: ToolRunBudget = { limits: {} }): ToolRunView {
  const full: ToolRunUsage = {
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    tokens: 0,
    costUsd: 0,
    toolCalls: 0,
    wallTimeSeconds: 0,
    models: [],
    ...usage,
  };
  return { usage: () => full, budget: () => budget };
}

/**
 * Calls tools through a real invocation pipeline (validation, time limit, truncation)
 * whose calls belong to `run`, or to no run when it is undefined.
 */
export async function pipelineIn(
  tools: readonly Tool[],
  run: () => ToolRunView | undefined,
  agent = 'Writer',
): Promise<(tool: string, input: unknown) => Promise<ToolResult>> {
  const pipeline = new ToolInvocationPipeline({
    registry: new ToolRegistry(tools),
    vfs: await VirtualFileSystem.create([]),
    logger: captureLogger().logger,
    runOf: run,
  });
  return (tool, input) => pipeline.invoke({ tool, input, caller: { kind: 'agent', agent } });
}
