import {
  Configuration,
  coreSettingsSections,
  ServiceCollection,
  type ServiceProvider,
  type SettingsTree,
} from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addSvcToolRateLimiting,
  type RateLimitAcquisition,
  RateLimitingStoreClosedError,
  RateLimitingStoreUnavailableError,
  type StoreKind,
  TokenBudgetTrackerService,
  ToolRateLimiterService,
  tokenBudgetSettings,
  toolRateLimitingSettings,
} from '../src/index.js';

export interface SharedStoreTarget {
  readonly store: Exclude<StoreKind, 'Memory'>;
  /** The running server's connection string (read inside a test). */
  readonly connectionString: () => string;
  /** A connection string where no server listens, with a password that must never be shown. */
  readonly unreachable: string;
}

let prefixes = 0;

/**
 * The rules a shared store keeps, run against a real server: two service containers
 * act as two processes (each opens its own connections), on a key prefix of their own.
 */
export function describeSharedStore(target: SharedStoreTarget): void {
  const opened: ServiceProvider[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((provider) => provider.dispose()));
  });

  /** One "process": its own container and connections, on the test's clock. */
  function processOn(tree: SettingsTree, now: () => number): ServiceProvider {
    const configuration = Configuration.fromObject(tree, [
      ...coreSettingsSections,
      toolRateLimitingSettings,
      tokenBudgetSettings,
    ]);
    const provider = addSvcToolRateLimiting(new ServiceCollection(), configuration, {
      acknowledgeExperimental: true,
      now,
    }).build();
    opened.push(provider);
    return provider;
  }

  function twoProcesses(rate: SettingsTree = {}, budget: SettingsTree = {}) {
    let now = 1_700_000_003_000;
    const store = {
      Store: target.store,
      ConnectionString: target.connectionString(),
      KeyPrefix: `test-${process.pid}-${prefixes++}:`,
    };
    const tree = { ToolRateLimiting: { ...store, ...rate }, TokenBudget: { ...store, ...budget } };
    const clock = () => now;
    return {
      first: processOn(tree, clock),
      second: processOn(tree, clock),
      advance: (milliseconds: number) => {
        now += milliseconds;
      },
    };
  }

  describe(`ToolRateLimiting on ${target.store}`, () => {
    it('two processes share one tool window and one global window', async () => {
      const { first, second } = twoProcesses({ GlobalToolRequestsPerMinute: 5, ToolSpecificLimits: { search: 2 } });
      const one = first.get(ToolRateLimiterService);
      const two = second.get(ToolRateLimiterService);
      expect(await one.acquire('search', 'A')).toMatchObject({ acquired: true, lease: { toolRemaining: 1 } });
      expect(await two.acquire('search', 'B')).toMatchObject({ acquired: true, lease: { toolRemaining: 0 } });
      expect(await one.acquire('SEARCH', 'A')).toEqual({
        acquired: false,
        reason: "Rate limit reached (at most 2 calls a minute of tool 'SEARCH'); retry after 57 s.",
        retryAfterMs: 57_000,
        limit: { scope: 'tool', requestsPerMinute: 2 },
      });
      expect(await two.acquire('read', 'B')).toMatchObject({ acquired: true, lease: { globalRemaining: 2 } });
      expect((await one.acquire('read', 'A')).acquired).toBe(true);
      expect((await two.acquire('write', 'A')).acquired).toBe(true);
      expect(await one.acquire('write', 'A')).toMatchObject({ acquired: false, limit: { scope: 'global' } });
    });

    it('concurrent acquires from two processes never pass the limit', async () => {
      const { first, second } = twoProcesses({ GlobalToolRequestsPerMinute: 0, DefaultToolRequestsPerMinute: 150 });
      const limiters = [first.get(ToolRateLimiterService), second.get(ToolRateLimiterService)];
      const answers: RateLimitAcquisition[] = await Promise.all(
        Array.from({ length: 400 }, (_, index) => (limiters[index % 2] ?? limiters[0])?.acquire('search', 'A')),
      ).then((all) => all.filter((answer) => answer !== undefined));
      expect(answers).toHaveLength(400);
      expect(answers.filter((answer) => answer.acquired)).toHaveLength(150);
    });

    it('calls leave the shared window a minute after their segment began', async () => {
      const { first, second, advance } = twoProcesses({ DefaultToolRequestsPerMinute: 2 });
      const one = first.get(ToolRateLimiterService);
      const two = second.get(ToolRateLimiterService);
      expect((await one.acquire('t', 'A')).acquired).toBe(true);
      advance(20_000);
      expect((await two.acquire('t', 'A')).acquired).toBe(true);
      advance(36_999);
      expect(await one.acquire('t', 'A')).toMatchObject({ acquired: false, retryAfterMs: 1 });
      advance(1);
      expect((await two.acquire('t', 'A')).acquired).toBe(true);
      expect(await one.acquire('t', 'A')).toMatchObject({ acquired: false, retryAfterMs: 20_000 });
      advance(60_000);
      expect((await one.acquire('t', 'A')).acquired).toBe(true);
      expect((await two.acquire('t', 'A')).acquired).toBe(true);
    });

    it('keeps key prefixes apart', async () => {
      const a = twoProcesses({ DefaultToolRequestsPerMinute: 1 });
      const b = twoProcesses({ DefaultToolRequestsPerMinute: 1 });
      expect((await a.first.get(ToolRateLimiterService).acquire('t', 'A')).acquired).toBe(true);
      expect((await b.first.get(ToolRateLimiterService).acquire('t', 'A')).acquired).toBe(true);
      expect((await a.second.get(ToolRateLimiterService).acquire('t', 'A')).acquired).toBe(false);
    });
  });

  describe(`TokenBudget on ${target.store}`, () => {
    it('two processes add to the same counters; concurrent records are never lost', async () => {
      const { first, second } = twoProcesses({}, { MaxTokensPerAgent: 0, MaxTokensPerCrew: 0, MaxCostPerCrew: 0 });
      const trackers = [first.get(TokenBudgetTrackerService), second.get(TokenBudgetTrackerService)];
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          trackers[index % 2]?.recordUsage('crew-1', index % 4 === 0 ? 'Writer' : 'Editor', 7, 3, 'gpt-4o'),
        ),
      );
      const report = await trackers[1]?.getReport('crew-1');
      expect(report?.total.totalTokens).toBe(400);
      expect(report?.total.callCount).toBe(40);
      expect(report?.total.estimatedCost).toBeCloseTo(40 * ((7 * 2.5 + 3 * 10) / 1_000_000), 12);
      expect(report?.agents.Writer).toMatchObject({ totalTokens: 100, callCount: 10 });
      expect(report?.agents.Editor).toMatchObject({ totalTokens: 300, callCount: 30 });
      expect(Object.keys(report?.agents ?? {}).sort()).toEqual(['Editor', 'Writer']);
    });

    it('a limit passed in one process is seen by the other', async () => {
      const { first, second } = twoProcesses({}, { MaxTokensPerCrew: 100 });
      expect((await first.get(TokenBudgetTrackerService).recordUsage('crew-2', 'A', 60, 0, 'm')).isWithinBudget).toBe(
        true,
      );
      const other = second.get(TokenBudgetTrackerService);
      expect((await other.checkBudget('crew-2', 'B')).isWithinBudget).toBe(true);
      expect(await other.recordUsage('crew-2', 'B', 41, 0, 'm')).toMatchObject({
        isWithinBudget: false,
        exceeded: { limit: 'MaxTokensPerCrew', maximum: 100, used: 101 },
        agentUsage: { totalTokens: 41, callCount: 1 },
        crewUsage: { totalTokens: 101, callCount: 2 },
      });
      expect(await first.get(TokenBudgetTrackerService).checkBudget('crew-2', 'A')).toMatchObject({
        isWithinBudget: false,
        agentUsage: { totalTokens: 60 },
      });
    });

    it('agent roles with separators and other scripts are kept apart', async () => {
      const { first, second } = twoProcesses();
      const roles = ['agent:tokens:x', 'Rédacteur', '研究员', "O'Brien %_\\"];
      for (const role of roles) await first.get(TokenBudgetTrackerService).recordUsage('crew-3', role, 5, 0, 'm');
      const report = await second.get(TokenBudgetTrackerService).getReport('crew-3');
      expect(Object.keys(report.agents).sort()).toEqual([...roles].sort());
      expect(report.total).toMatchObject({ totalTokens: 20, callCount: 4 });
    });
  });

  describe(`the ${target.store} store when it cannot be used`, () => {
    it('names the setting and the server, never the password, when the server cannot be reached', async () => {
      const configuration = Configuration.fromObject(
        {
          ToolRateLimiting: { Store: target.store, ConnectionString: target.unreachable },
          TokenBudget: { Store: target.store, ConnectionString: target.unreachable },
        },
        [...coreSettingsSections, toolRateLimitingSettings, tokenBudgetSettings],
      );
      const provider = addSvcToolRateLimiting(new ServiceCollection(), configuration, {
        acknowledgeExperimental: true,
      }).build();
      opened.push(provider);
      const refused = await provider
        .get(ToolRateLimiterService)
        .acquire('t', 'A')
        .catch((error: unknown) => error);
      expect(RateLimitingStoreUnavailableError.isInstance(refused)).toBe(true);
      const message = (refused as Error).message;
      expect(message).toMatch(/^ToolRateLimiting: could not /);
      expect(message).toContain('127.0.0.1:1');
      expect(message).not.toContain('secret-password');
      const budget = await provider
        .get(TokenBudgetTrackerService)
        .recordUsage('c', 'A', 1, 1, 'm')
        .catch((error: unknown) => error as Error);
      expect(RateLimitingStoreUnavailableError.isInstance(budget)).toBe(true);
      expect((budget as Error).message).toMatch(/^TokenBudget: could not /);
      expect((budget as Error).message).not.toContain('secret-password');
    }, 30_000);

    it('refuses to be used after its container is disposed', async () => {
      const { first } = twoProcesses();
      const limiter = first.get(ToolRateLimiterService);
      expect((await limiter.acquire('t', 'A')).acquired).toBe(true);
      await first.dispose();
      await expect(limiter.acquire('t', 'A')).rejects.toThrow(RateLimitingStoreClosedError);
    });
  });
}
