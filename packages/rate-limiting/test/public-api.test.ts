import type {
  Configuration,
  ModelCallBudget,
  ServiceCollection,
  ServiceToken,
  ToolCallInterceptor,
} from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcToolRateLimitingOptions,
  addSvcToolRateLimiting,
  type BudgetCheckResult,
  type RateLimitAcquisition,
  type RateLimitLease,
  rateLimitInterceptor,
  type TokenBudgetReport,
  type TokenBudgetSettings,
  type TokenBudgetTracker,
  TokenBudgetTrackerService,
  type TokenUsage,
  type ToolRateLimiter,
  ToolRateLimiterService,
  type ToolRateLimitingSettings,
  tokenBudgetModelCallBudget,
} from '../src/index.js';

describe('the public API of @orkeon/rate-limiting', () => {
  it('types the registration as the other addSvc functions', () => {
    expectTypeOf(addSvcToolRateLimiting).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcToolRateLimiting).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcToolRateLimiting).parameter(2).toEqualTypeOf<AddSvcToolRateLimitingOptions | undefined>();
    expectTypeOf(addSvcToolRateLimiting).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(ToolRateLimiterService).toEqualTypeOf<ServiceToken<ToolRateLimiter>>();
    expectTypeOf(TokenBudgetTrackerService).toEqualTypeOf<ServiceToken<TokenBudgetTracker>>();
  });

  it('types acquire as the original: acquired with a lease, or denied with a reason and a retry-after', () => {
    expectTypeOf<ToolRateLimiter['acquire']>().parameters.toEqualTypeOf<[toolName: string, agentRole: string]>();
    expectTypeOf<ToolRateLimiter['acquire']>().returns.resolves.toEqualTypeOf<RateLimitAcquisition>();
    expectTypeOf<Extract<RateLimitAcquisition, { acquired: true }>['lease']>().toEqualTypeOf<RateLimitLease>();
    expectTypeOf<Extract<RateLimitAcquisition, { acquired: false }>>().toHaveProperty('retryAfterMs').toBeNumber();
    expectTypeOf<Extract<RateLimitAcquisition, { acquired: false }>>().toHaveProperty('reason').toBeString();
    expectTypeOf(rateLimitInterceptor).returns.toEqualTypeOf<ToolCallInterceptor>();
  });

  it('types the tracker as the original: recordUsage, then a report with per-agent usage', () => {
    expectTypeOf<TokenBudgetTracker['recordUsage']>().parameters.toEqualTypeOf<
      [crewId: string, agentRole: string, promptTokens: number, completionTokens: number, model: string]
    >();
    expectTypeOf<TokenBudgetTracker['recordUsage']>().returns.resolves.toEqualTypeOf<BudgetCheckResult>();
    expectTypeOf<BudgetCheckResult['agentUsage']>().toEqualTypeOf<TokenUsage>();
    expectTypeOf<TokenBudgetTracker['getReport']>().returns.resolves.toEqualTypeOf<TokenBudgetReport>();
    expectTypeOf<TokenBudgetReport['agents']>().toEqualTypeOf<Readonly<Record<string, TokenUsage>>>();
    expectTypeOf<TokenUsage>().toEqualTypeOf<{
      readonly totalTokens: number;
      readonly estimatedCost: number;
      readonly callCount: number;
    }>();
    expectTypeOf(tokenBudgetModelCallBudget).returns.toEqualTypeOf<ModelCallBudget>();
  });

  it('types the settings with their documented keys', () => {
    expectTypeOf<ToolRateLimitingSettings['GlobalToolRequestsPerMinute']>().toBeNumber();
    expectTypeOf<ToolRateLimitingSettings['ToolSpecificLimits']>().toEqualTypeOf<Record<string, number>>();
    expectTypeOf<ToolRateLimitingSettings['ApplyInPipeline']>().toBeBoolean();
    expectTypeOf<TokenBudgetSettings['MaxCostPerCrew']>().toBeNumber();
    expectTypeOf<TokenBudgetSettings['ApplyInAgentLoop']>().toBeBoolean();
    expectTypeOf<TokenBudgetSettings['Store']>().toEqualTypeOf<'Memory' | 'Redis' | 'PostgreSQL'>();
  });
});
