import {
  builtInModelPrices,
  type Configuration,
  createLogger,
  type Logger,
  ModelCallBudgetService,
  type ServiceCollection,
  serviceToken,
  ToolCallInterceptorService,
  telemetrySettings,
} from '@orkeon/core';
import { MemoryBudgetStore } from './memory-budget-store.js';
import { MemoryWindowStore } from './memory-window-store.js';
import { PostgresBudgetStore } from './postgres-budget-store.js';
import { preparedTables } from './postgres-tables.js';
import { PostgresWindowStore } from './postgres-window-store.js';
import { rateLimitInterceptor } from './rate-limit-interceptor.js';
import { RedisBudgetStore } from './redis-budget-store.js';
import { RedisWindowStore } from './redis-window-store.js';
import { displayServer, StoreConnections } from './store-connections.js';
import type { StoreSettings } from './store-settings.js';
import { tokenBudgetModelCallBudget } from './token-budget-model-call-budget.js';
import { tokenBudgetSettings } from './token-budget-settings.js';
import { TokenBudgetTracker, TokenBudgetTrackerService } from './token-budget-tracker.js';
import type { TokenBudgetStore } from './token-usage.js';
import { ToolRateLimiter, ToolRateLimiterService } from './tool-rate-limiter.js';
import { toolRateLimitingSettings } from './tool-rate-limiting-settings.js';
import type { SlidingWindowStore } from './window-store.js';

/** The diagnostic id of experimental tool rate limiting and token budgets (the original marks them experimental). */
export const rateLimitingExperimentalDiagnosticId = 'SVCEXP008';

/** @experimental SVCEXP008 */
export interface AddSvcToolRateLimitingOptions {
  /** Silences the one `SVCEXP008` warning logged when the subsystem is added. */
  readonly acknowledgeExperimental?: boolean;
  /** Where that warning goes, and the stores' connection errors (debug); default a new logger. */
  readonly logger?: Logger;
  /** The clock the windows are cut with, milliseconds since the Unix epoch; default `Date.now`. */
  readonly now?: () => number;
}

// The clients of the Redis and PostgreSQL stores, shared by the limiter and the tracker, closed with the container.
const StoreConnectionsService = serviceToken<StoreConnections>('RateLimitingStoreConnections');

/**
 * Enables tool rate limiting (`ToolRateLimiting`) and token budgets (`TokenBudget`),
 * both sections read and checked now, so a bad setting refuses the start. Registers
 * `ToolRateLimiterService` and `TokenBudgetTrackerService` with `tryAdd` (a host's own
 * stay). By default neither is applied: the host calls them around its tool and model
 * calls. `ToolRateLimiting:ApplyInPipeline` adds the limiter as a tool call interceptor;
 * `TokenBudget:ApplyInAgentLoop` adds the tracker as a budget of the agent loop.
 * With `Store` Redis or PostgreSQL the counts are shared by every process on the same
 * server (ioredis and pg load at first use). Calling it a second time adds nothing.
 *
 * @experimental SVCEXP008
 */
export function addSvcToolRateLimiting(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcToolRateLimitingOptions = {},
): ServiceCollection {
  const rate = configuration.get(toolRateLimitingSettings);
  const budget = configuration.get(tokenBudgetSettings);
  const prices = { ...builtInModelPrices, ...configuration.get(telemetrySettings).Prices };
  if (services.has(StoreConnectionsService)) return services;
  const logger = options.logger ?? createLogger();
  if (options.acknowledgeExperimental !== true)
    logger.warn(
      { diagnosticId: rateLimitingExperimentalDiagnosticId },
      `${rateLimitingExperimentalDiagnosticId}: tool rate limiting and token budgets are experimental and may change without notice. Pass { acknowledgeExperimental: true } to addSvcToolRateLimiting to silence this warning.`,
    );
  services.addSingleton(StoreConnectionsService, () => new StoreConnections({ logger }));
  services.tryAddSingleton(
    ToolRateLimiterService,
    (resolver) =>
      new ToolRateLimiter(rate, {
        store: windowStore(rate, resolver.get(StoreConnectionsService)),
        ...(options.now === undefined ? {} : { now: options.now }),
      }),
  );
  services.tryAddSingleton(
    TokenBudgetTrackerService,
    (resolver) =>
      new TokenBudgetTracker(budget, {
        store: budgetStore(budget, resolver.get(StoreConnectionsService)),
        prices,
      }),
  );
  if (rate.ApplyInPipeline)
    services.addSingleton(ToolCallInterceptorService, (resolver) =>
      rateLimitInterceptor(resolver.get(ToolRateLimiterService)),
    );
  if (budget.ApplyInAgentLoop)
    services.addSingleton(ModelCallBudgetService, (resolver) =>
      tokenBudgetModelCallBudget(resolver.get(TokenBudgetTrackerService)),
    );
  return services;
}

function windowStore(settings: StoreSettings, connections: StoreConnections): SlidingWindowStore {
  const { Store, ConnectionString = '', KeyPrefix } = settings;
  const server = displayServer(ConnectionString);
  if (Store === 'Redis')
    return new RedisWindowStore({ client: () => connections.redis(ConnectionString), keyPrefix: KeyPrefix, server });
  if (Store === 'PostgreSQL')
    return new PostgresWindowStore({
      pool: () => preparedPool(connections, ConnectionString, 'ToolRateLimiting'),
      keyPrefix: KeyPrefix,
      server,
    });
  return new MemoryWindowStore();
}

function budgetStore(
  settings: StoreSettings & { readonly RetentionDays: number },
  connections: StoreConnections,
): TokenBudgetStore {
  const { Store, ConnectionString = '', KeyPrefix, RetentionDays } = settings;
  const server = displayServer(ConnectionString);
  if (Store === 'Redis')
    return new RedisBudgetStore({
      client: () => connections.redis(ConnectionString),
      keyPrefix: KeyPrefix,
      server,
      retentionDays: RetentionDays,
    });
  if (Store === 'PostgreSQL')
    return new PostgresBudgetStore({
      pool: () => preparedPool(connections, ConnectionString, 'TokenBudget'),
      keyPrefix: KeyPrefix,
      server,
      retentionDays: RetentionDays,
    });
  return new MemoryBudgetStore();
}

/** The pool of `connectionString`, its tables created before the first use. */
async function preparedPool(connections: StoreConnections, connectionString: string, section: string) {
  const pool = await connections.postgres(connectionString);
  await preparedTables(pool, { section, server: displayServer(connectionString) });
  return pool;
}
