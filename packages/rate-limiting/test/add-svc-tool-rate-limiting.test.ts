// One file over 300 lines: every way addSvcToolRateLimiting changes a runtime (applied to tool calls, to model
// calls, to neither, and the settings it refuses) runs on one scripted model server and one Redis server.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  type ChatModel,
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createRuntime,
  defineAgent,
  defineCrew,
  defineTool,
  loadConfiguration,
  type RunEvent,
  ServiceCollection,
  type SettingsTree,
  ToolCallInterceptorService,
} from '@orkeon/core';
import {
  captureLogger,
  type RedisServer,
  type ScriptedModelServer,
  startRedisServer,
  startScriptedModelServer,
  toolResultText,
} from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addSvcToolRateLimiting,
  rateLimitingExperimentalDiagnosticId,
  TokenBudgetTracker,
  TokenBudgetTrackerService,
  ToolRateLimiter,
  ToolRateLimiterService,
  tokenBudgetSettings,
  toolRateLimitingSettings,
} from '../src/index.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

function model(): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true };
}

const quiet = () => captureLogger().logger;
const configurationOf = (tree: SettingsTree = {}) =>
  Configuration.fromObject({ Llm: { MaxRetries: 0 }, ...tree }, [
    ...coreSettingsSections,
    toolRateLimitingSettings,
    tokenBudgetSettings,
  ]);
/** 3 s into a 10-second segment: a call counted now leaves the window in 57 s. */
const fixedNow = () => 1_700_000_003_000;

/** A lookup tool that counts how often it really ran. */
function lookupTool() {
  const ran: string[] = [];
  const tool = defineTool({
    name: 'lookup',
    description: 'Looks a word up',
    input: z.object({ word: z.string() }),
    access: 'Read',
    execute: async ({ word }) => {
      ran.push(word);
      return `${word}: found`;
    },
  });
  return { tool, ran };
}

const researcher = defineAgent({ id: 'r', role: 'Researcher', goal: 'Look words up', tools: ['lookup'] });
const threeLookups = {
  toolCalls: ['alpha', 'beta', 'gamma'].map((word) => ({ name: 'lookup', arguments: { word } })),
};

/** The tool results the model received in the request after the tool calls. */
function toolResultsSent(request = server.requests[1]): string[] {
  const messages = (request?.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)));
}

async function runtimeWith(tree: SettingsTree, tools: ReturnType<typeof lookupTool>['tool'][] = []) {
  const configuration = configurationOf(tree);
  const services = addSvcToolRateLimiting(new ServiceCollection(), configuration, {
    acknowledgeExperimental: true,
    now: fixedNow,
  });
  return createRuntime({ services, configuration, model: model(), tools, logger: quiet() });
}

describe('addSvcToolRateLimiting with ToolRateLimiting:ApplyInPipeline', () => {
  it('refuses a call over the tool’s limit with a DENIED result the model reads, saying when to retry', async () => {
    const lookup = lookupTool();
    await using runtime = await runtimeWith(
      { ToolRateLimiting: { ApplyInPipeline: true, ToolSpecificLimits: { lookup: 2 } } },
      [lookup.tool],
    );
    server.enqueue(threeLookups, { text: 'two of three' });
    const result = await runtime.run(researcher, 'Look up alpha, beta and gamma');
    expect(result.output).toBe('two of three');
    expect(lookup.ran).toHaveLength(2);
    const sent = toolResultsSent();
    expect(sent).toHaveLength(3);
    expect(sent.filter((text) => text.endsWith(': found'))).toHaveLength(2);
    expect(sent.filter((text) => text.startsWith('DENIED: '))).toEqual([
      "DENIED: Rate limit reached (at most 2 calls a minute of tool 'lookup'); retry after 57 s.",
    ]);
  });

  it('counts every call of the runtime in the global window, also across runs', async () => {
    const lookup = lookupTool();
    await using runtime = await runtimeWith(
      { ToolRateLimiting: { ApplyInPipeline: true, GlobalToolRequestsPerMinute: 4 } },
      [lookup.tool],
    );
    server.enqueue(threeLookups, { text: 'first' }, threeLookups, { text: 'second' });
    await runtime.run(researcher, 'First');
    await runtime.run(researcher, 'Second');
    expect(lookup.ran).toHaveLength(4);
    expect(toolResultsSent(server.requests[3]).filter((text) => text.startsWith('DENIED: '))).toEqual([
      'DENIED: Rate limit reached (at most 4 tool calls a minute, all tools together); retry after 57 s.',
      'DENIED: Rate limit reached (at most 4 tool calls a minute, all tools together); retry after 57 s.',
    ]);
  });

  it('two runtimes on the same Redis server share the limit', async () => {
    const store = { Store: 'Redis', ConnectionString: redis.url, KeyPrefix: `runtimes-${process.pid}:` };
    const tree = { ToolRateLimiting: { ApplyInPipeline: true, ToolSpecificLimits: { lookup: 2 }, ...store } };
    const first = lookupTool();
    const second = lookupTool();
    await using one = await runtimeWith(tree, [first.tool]);
    await using two = await runtimeWith(tree, [second.tool]);
    server.enqueue({ toolCalls: [{ name: 'lookup', arguments: { word: 'alpha' } }] }, { text: 'one' });
    await one.run(researcher, 'Look up alpha');
    server.enqueue(threeLookups, { text: 'two' });
    await two.run(researcher, 'Look up three');
    expect(first.ran).toEqual(['alpha']);
    expect(second.ran).toHaveLength(1);
    expect(toolResultsSent(server.requests[3]).filter((text) => text.startsWith('DENIED: '))).toHaveLength(2);
  });
});

describe('addSvcToolRateLimiting without the apply switches (the default)', () => {
  it('applies nothing by itself: the host asks the limiter and the tracker', async () => {
    const lookup = lookupTool();
    await using runtime = await runtimeWith(
      { ToolRateLimiting: { ToolSpecificLimits: { lookup: 1 } }, TokenBudget: { MaxTokensPerCrew: 10 } },
      [lookup.tool],
    );
    server.enqueue(threeLookups, { text: 'all three', usage: { inputTokens: 400, outputTokens: 100 } });
    const result = await runtime.run(researcher, 'Look up all three');
    expect(lookup.ran).toHaveLength(3);
    expect(result.budgetExhausted).toBeUndefined();
    expect(result.output).toBe('all three');
    // The host applies them where it wants.
    const limiter = runtime.services.get(ToolRateLimiterService);
    expect((await limiter.acquire('lookup', 'Researcher')).acquired).toBe(true);
    expect(await limiter.acquire('lookup', 'Researcher')).toMatchObject({ acquired: false, retryAfterMs: 57_000 });
    const tracker = runtime.services.get(TokenBudgetTrackerService);
    expect(await tracker.recordUsage('my-crew', 'Researcher', 8, 3, 'scripted')).toMatchObject({
      isWithinBudget: false,
      exceeded: { limit: 'MaxTokensPerCrew', maximum: 10, used: 11 },
    });
  });
});

describe('addSvcToolRateLimiting with TokenBudget:ApplyInAgentLoop', () => {
  const crew = defineCrew({
    name: 'newsroom',
    agents: [
      { id: 'w', role: 'Writer', goal: 'Write' },
      { id: 'e', role: 'Editor', goal: 'Edit' },
    ],
    tasks: [
      { id: 'draft', description: 'Draft it', expectedOutput: 'text', agent: 'w' },
      { id: 'edit', description: 'Edit it', expectedOutput: 'text', agent: 'e', dependencies: ['draft'] },
    ],
  });

  it('an agent over MaxTokensPerAgent stops the run as a spent crew budget does, and the report shows its usage', async () => {
    await using runtime = await runtimeWith({ TokenBudget: { ApplyInAgentLoop: true, MaxTokensPerAgent: 100 } });
    server.enqueue({ text: 'DRAFT', usage: { inputTokens: 70, outputTokens: 50 } }, { text: 'EDITED' });
    const events: RunEvent[] = [];
    const result = await runtime.run(crew, { onEvent: (event) => void events.push(event) });
    expect(result.success).toBe(false);
    expect(result.budgetExhausted).toEqual({
      dimension: 'tokens',
      limit: 100,
      used: 120,
      setting: 'TokenBudget:MaxTokensPerAgent',
      agent: 'Writer',
    });
    expect(result.tasks.map((task) => [task.id, task.status, task.output ?? task.reason])).toEqual([
      ['draft', 'Completed', 'DRAFT'],
      ['edit', 'Skipped', 'the budget TokenBudget:MaxTokensPerAgent is spent'],
    ]);
    expect(server.requests).toHaveLength(1);
    expect(events.find((event) => event.kind === 'budget.exhausted')).toMatchObject({
      dimension: 'tokens',
      limit: 100,
      used: 120,
    });
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, budgetExhausted: 'tokens' });
    // The crew is the run: its session id is the crew id of the report. 'scripted' has no price: the fallback rates.
    const report = await runtime.services.get(TokenBudgetTrackerService).getReport(result.sessionId);
    expect(report.agents).toEqual({
      Writer: { totalTokens: 120, estimatedCost: (70 * 3 + 50 * 15) / 1_000_000, callCount: 1 },
    });
  });

  it('MaxCostPerCrew uses the prices of Telemetry:Prices', async () => {
    await using runtime = await runtimeWith({
      Telemetry: { Prices: { scripted: { InputPerMillionTokens: 1_000, OutputPerMillionTokens: 1_000 } } },
      TokenBudget: { ApplyInAgentLoop: true, MaxCostPerCrew: 0.5 },
    });
    server.enqueue({ text: 'DRAFT', usage: { inputTokens: 300, outputTokens: 300 } }, { text: 'EDITED' });
    const result = await runtime.run(crew);
    expect(result.budgetExhausted).toEqual({
      dimension: 'costUsd',
      limit: 0.5,
      used: 0.6,
      setting: 'TokenBudget:MaxCostPerCrew',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('within the budget the run completes and every call is counted per agent', async () => {
    await using runtime = await runtimeWith({ TokenBudget: { ApplyInAgentLoop: true } });
    server.enqueue(
      { text: 'DRAFT', usage: { inputTokens: 10, outputTokens: 5 } },
      { text: 'EDITED', usage: { inputTokens: 20, outputTokens: 5 } },
    );
    const result = await runtime.run(crew);
    expect(result.success).toBe(true);
    const report = await runtime.services.get(TokenBudgetTrackerService).getReport(result.sessionId);
    expect(report.total).toMatchObject({ totalTokens: 40, callCount: 2 });
    expect(Object.keys(report.agents).sort()).toEqual(['Editor', 'Writer']);
  });
});

describe('addSvcToolRateLimiting registration', () => {
  it('logs one SVCEXP008 warning unless acknowledged; a second call adds nothing', () => {
    const logs = captureLogger();
    const configuration = configurationOf({ ToolRateLimiting: { ApplyInPipeline: true } });
    const services = addSvcToolRateLimiting(new ServiceCollection(), configuration, { logger: logs.logger });
    addSvcToolRateLimiting(services, configuration, { logger: logs.logger });
    expect(rateLimitingExperimentalDiagnosticId).toBe('SVCEXP008');
    expect(logs.records().filter((record) => record.diagnosticId === 'SVCEXP008')).toHaveLength(1);
    expect(services.registrationsOf(ToolCallInterceptorService)).toHaveLength(1);
    const quietLogs = captureLogger();
    addSvcToolRateLimiting(new ServiceCollection(), configuration, {
      logger: quietLogs.logger,
      acknowledgeExperimental: true,
    });
    expect(quietLogs.records()).toHaveLength(0);
  });

  it('keeps a host’s own limiter and tracker', () => {
    const limiter = new ToolRateLimiter({
      GlobalToolRequestsPerMinute: 1,
      DefaultToolRequestsPerMinute: 1,
      ToolSpecificLimits: {},
    });
    const tracker = new TokenBudgetTracker({
      MaxTokensPerAgent: 1,
      MaxTokensPerCrew: 1,
      MaxCostPerCrew: 1,
      FallbackPrice: { InputPerMillionTokens: 0, OutputPerMillionTokens: 0 },
    });
    const services = new ServiceCollection()
      .addInstance(ToolRateLimiterService, limiter)
      .addInstance(TokenBudgetTrackerService, tracker);
    const provider = addSvcToolRateLimiting(services, configurationOf(), { acknowledgeExperimental: true }).build();
    expect(provider.get(ToolRateLimiterService)).toBe(limiter);
    expect(provider.get(TokenBudgetTrackerService)).toBe(tracker);
  });

  it('reads the documented environment variables, nested keys and tool names included', async () => {
    const configuration = await loadConfiguration({
      sections: [...coreSettingsSections, toolRateLimitingSettings, tokenBudgetSettings],
      searchDirectories: [],
      environment: {
        SVC_ToolRateLimiting__ToolSpecificLimits__web_search: '10',
        SVC_ToolRateLimiting__ApplyInPipeline: 'true',
        SVC_TokenBudget__MaxTokensPerCrew: '200000',
        SVC_TokenBudget__FallbackPrice__InputPerMillionTokens: '1.5',
      },
    });
    expect(configuration.get(toolRateLimitingSettings)).toMatchObject({
      ToolSpecificLimits: { web_search: 10 },
      ApplyInPipeline: true,
      GlobalToolRequestsPerMinute: 120,
      Store: 'Memory',
    });
    expect(configuration.get(tokenBudgetSettings)).toMatchObject({
      MaxTokensPerCrew: 200_000,
      MaxTokensPerAgent: 100_000,
      FallbackPrice: { InputPerMillionTokens: 1.5, OutputPerMillionTokens: 15 },
    });
  });

  it('refuses bad settings at start, naming the key and the fix', () => {
    const messageOf = (tree: SettingsTree) => {
      try {
        addSvcToolRateLimiting(new ServiceCollection(), configurationOf(tree), { acknowledgeExperimental: true });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
      throw new Error('the settings were accepted');
    };
    expect(messageOf({ ToolRateLimiting: { GlobalRequestsPerMinute: 5 } })).toContain(
      'ToolRateLimiting:GlobalRequestsPerMinute',
    );
    expect(messageOf({ TokenBudget: { MaxTokensPerAgent: -1 } })).toContain('TokenBudget:MaxTokensPerAgent');
    expect(messageOf({ ToolRateLimiting: { ToolSpecificLimits: { lookup: 'ten' } } })).toContain(
      'ToolRateLimiting:ToolSpecificLimits',
    );
    expect(messageOf({ TokenBudget: { Store: 'Redis' } })).toContain(
      'TokenBudget:Store is Redis, so TokenBudget:ConnectionString is needed, e.g. redis://127.0.0.1:6379',
    );
    const wrongKind = messageOf({
      ToolRateLimiting: { Store: 'PostgreSQL', ConnectionString: 'redis://:hunter22@127.0.0.1:6379' },
    });
    expect(wrongKind).toContain('ToolRateLimiting:ConnectionString is not a PostgreSQL URL');
    expect(wrongKind).not.toContain('hunter22');
    expect(messageOf({ ToolRateLimiting: { Store: 'Sqlite' } })).toContain('ToolRateLimiting:Store');
  });
});
