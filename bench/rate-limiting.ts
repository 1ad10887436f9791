// Tool rate limiting and token budgets, each store against the usual hand-written counter on the
// same server: in memory express-rate-limit's MemoryStore (a fixed window), on Redis a MULTI of
// INCR and PEXPIRE per counter, on PostgreSQL one upsert of the counters. Ours judge a sliding
// window of six segments for the global and the tool limit and count in both or neither, so they do
// more than their anchor; the ratio says what that costs. Calls one after another (latency-bound);
// rounds take turns; medians over rounds.
// `npm run bench -- rate-limiting`; alone: `node --conditions=@orkeon/source --import tsx bench/rate-limiting.ts`.
import { Configuration, coreSettingsSections, ServiceCollection, type ServiceProvider } from '@orkeon/core';
import {
  addSvcToolRateLimiting,
  TokenBudgetTrackerService,
  ToolRateLimiterService,
  tokenBudgetSettings,
  toolRateLimitingSettings,
} from '@orkeon/rate-limiting';
import { startPostgresServer, startRedisServer } from '@orkeon/testing';
import { MemoryStore } from 'express-rate-limit';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Calls per round: many in memory, where a call takes microseconds; fewer on a server. */
const callsPerRound = { memory: 50_000, server: 2_000 } as const;
const rounds = 9;

interface Path {
  readonly label: string;
  readonly calls: number;
  readonly anchor: string;
  ours(call: number): Promise<unknown>;
  anchored(call: number): Promise<unknown>;
}

export interface RateLimitingRow {
  readonly label: string;
  readonly anchor: string;
  readonly oursPerSecond: number;
  readonly anchorPerSecond: number;
  /** The median over rounds of ours ÷ anchor in the same round. */
  readonly ratio: number;
}

function provider(store: 'Memory' | 'Redis' | 'PostgreSQL', connectionString?: string): ServiceProvider {
  const where = {
    Store: store,
    KeyPrefix: `bench-${process.pid}:`,
    ...(connectionString === undefined ? {} : { ConnectionString: connectionString }),
  };
  const configuration = Configuration.fromObject(
    {
      // Limits no round reaches: every call is judged and counted.
      ToolRateLimiting: {
        GlobalToolRequestsPerMinute: 1_000_000_000,
        DefaultToolRequestsPerMinute: 1_000_000_000,
        ...where,
      },
      TokenBudget: { MaxTokensPerAgent: 0, MaxTokensPerCrew: 0, MaxCostPerCrew: 0, ...where },
    },
    [...coreSettingsSections, toolRateLimitingSettings, tokenBudgetSettings],
  );
  return addSvcToolRateLimiting(new ServiceCollection(), configuration, { acknowledgeExperimental: true }).build();
}

async function timedRound(calls: number, call: (index: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < calls; index++) await call(index);
  return calls / ((performance.now() - started) / 1000);
}

async function measurePath(path: Path): Promise<RateLimitingRow> {
  await timedRound(path.calls, path.ours);
  await timedRound(path.calls, path.anchored);
  const ours: number[] = [];
  const anchors: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the other side.
    if (round % 2 === 0) {
      ours.push(await timedRound(path.calls, path.ours));
      anchors.push(await timedRound(path.calls, path.anchored));
    } else {
      anchors.push(await timedRound(path.calls, path.anchored));
      ours.push(await timedRound(path.calls, path.ours));
    }
  }
  return {
    label: path.label,
    anchor: path.anchor,
    oursPerSecond: median(ours),
    anchorPerSecond: median(anchors),
    ratio: median(ours.map((value, round) => value / (anchors[round] ?? Number.NaN))),
  };
}

export async function measureRateLimiting(): Promise<RateLimitingRow[]> {
  const rows: RateLimitingRow[] = [];
  const memory = provider('Memory');
  const memoryStore = new MemoryStore();
  memoryStore.init({ windowMs: 60_000 } as Parameters<MemoryStore['init']>[0]);
  const memoryLimiter = memory.get(ToolRateLimiterService);
  rows.push(
    await measurePath({
      label: 'acquire, in memory',
      calls: callsPerRound.memory,
      anchor: 'express-rate-limit `MemoryStore.increment`, two keys',
      ours: () => memoryLimiter.acquire('search', 'Researcher'),
      anchored: async () => {
        await memoryStore.increment('global');
        await memoryStore.increment('tool:search');
      },
    }),
  );
  memoryStore.shutdown();
  await memory.dispose();

  const redisServer = await startRedisServer();
  const redis = provider('Redis', redisServer.url);
  const bare = new Redis(redisServer.url);
  const redisLimiter = redis.get(ToolRateLimiterService);
  const redisTracker = redis.get(TokenBudgetTrackerService);
  try {
    rows.push(
      await measurePath({
        label: 'acquire, Redis',
        calls: callsPerRound.server,
        anchor: 'MULTI of INCR + PEXPIRE for two counters',
        ours: () => redisLimiter.acquire('search', 'Researcher'),
        anchored: () =>
          bare
            .multi()
            .incr('anchor:global')
            .pexpire('anchor:global', 60_000)
            .incr('anchor:search')
            .pexpire('anchor:search', 60_000)
            .exec(),
      }),
    );
    rows.push(
      await measurePath({
        label: 'recordUsage, Redis',
        calls: callsPerRound.server,
        anchor: 'MULTI of HINCRBY for the agent and the crew',
        ours: () => redisTracker.recordUsage('crew', 'Writer', 300, 100, 'gpt-4o'),
        anchored: () => bare.multi().hincrby('anchor:crew', 'agent', 400).hincrby('anchor:crew', 'crew', 400).exec(),
      }),
    );
  } finally {
    bare.disconnect();
    await redis.dispose();
    await redisServer.stop();
  }

  const postgresServer = await startPostgresServer();
  const postgres = provider('PostgreSQL', postgresServer.connectionString);
  const pool = new pg.Pool({ connectionString: postgresServer.connectionString, max: 1 });
  const postgresLimiter = postgres.get(ToolRateLimiterService);
  const postgresTracker = postgres.get(TokenBudgetTrackerService);
  try {
    await pool.query('CREATE TABLE anchor_counters (key text PRIMARY KEY, calls bigint NOT NULL)');
    rows.push(
      await measurePath({
        label: 'acquire, PostgreSQL',
        calls: callsPerRound.server,
        anchor: 'one upsert of two counters',
        ours: () => postgresLimiter.acquire('search', 'Researcher'),
        anchored: () =>
          pool.query(
            `INSERT INTO anchor_counters VALUES ('global', 1), ('search', 1)
             ON CONFLICT (key) DO UPDATE SET calls = anchor_counters.calls + 1 RETURNING calls`,
          ),
      }),
    );
    rows.push(
      await measurePath({
        label: 'recordUsage, PostgreSQL',
        calls: callsPerRound.server,
        anchor: 'one upsert of two counters',
        ours: () => postgresTracker.recordUsage('crew', 'Writer', 300, 100, 'gpt-4o'),
        anchored: () =>
          pool.query(
            `INSERT INTO anchor_counters VALUES ('crew', 400), ('agent', 400)
             ON CONFLICT (key) DO UPDATE SET calls = anchor_counters.calls + excluded.calls RETURNING calls`,
          ),
      }),
    );
  } finally {
    await pool.end();
    await postgres.dispose();
    await postgresServer.stop();
  }
  return rows;
}

export function rateLimitingSection(rows: readonly RateLimitingRow[], when?: string): string[] {
  return [
    '## Tool rate limiting and token budgets (anchor: the hand-written counter of each store)',
    '',
    ...(when === undefined ? [] : [when, '']),
    `${callsPerRound.memory.toLocaleString('en-US')} calls one after another per round in memory, ${callsPerRound.server.toLocaleString('en-US')} on a server, ${rounds} rounds after a warm-up, the two sides taking turns; calls/s is the median over rounds, ÷ anchor the median of each round's ratio. Servers on loopback (Debian's redis-server and PostgreSQL, one connection for the anchor). Ours judge a sliding window (six 10-second segments) for the global and the tool limit and count in both or neither; the anchors count fixed windows and judge nothing.`,
    '',
    '| operation | anchor | ours (calls/s) | anchor (calls/s) | ours ÷ anchor |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.anchor} | ${Math.round(row.oursPerSecond).toLocaleString('en-US')} | ${Math.round(row.anchorPerSecond).toLocaleString('en-US')} | ${row.ratio.toFixed(2)}× |`,
    ),
    '',
    `Goals: an acquire in memory under 5 µs (${(1_000_000 / (rows[0]?.oursPerSecond ?? Number.NaN)).toFixed(2)} µs in this run), beside a tool call that takes milliseconds at least; on Redis and PostgreSQL one round trip per acquire and per record (a Lua script, a function of one statement, an upsert of two rows), at least 0.5× the bare counter on the same server. In memory the anchor increments a map entry; ours also drops old segments, sums six, and builds the lease.`,
    '',
  ];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function rateLimitingBenchSection(when?: string): Promise<string[]> {
  return rateLimitingSection(await measureRateLimiting(), when);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${(await rateLimitingBenchSection()).join('\n')}\n`);
}
