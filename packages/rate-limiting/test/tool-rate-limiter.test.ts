import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type RateLimitAcquisition,
  RateLimitingArgumentError,
  segmentMilliseconds,
  ToolRateLimiter,
  type ToolRateLimits,
  windowMilliseconds,
} from '../src/index.js';

/** A clock the test moves; it starts 3 s into a segment, so segment edges are not where time starts. */
function testClock(start = 1_700_000_003_000) {
  let now = start;
  return {
    now: () => now,
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}

const limits = (overrides: Partial<ToolRateLimits> = {}): ToolRateLimits => ({
  GlobalToolRequestsPerMinute: 120,
  DefaultToolRequestsPerMinute: 30,
  ToolSpecificLimits: {},
  ...overrides,
});

async function acquireTimes(limiter: ToolRateLimiter, times: number, tool = 'web_search', agent = 'Researcher') {
  const answers: RateLimitAcquisition[] = [];
  for (let index = 0; index < times; index++) answers.push(await limiter.acquire(tool, agent));
  return answers;
}

describe('ToolRateLimiter in memory', () => {
  it('acquires up to the default limit of a tool, then denies with the reason and when to retry', async () => {
    const clock = testClock();
    const limiter = new ToolRateLimiter(limits({ DefaultToolRequestsPerMinute: 3 }), { now: clock.now });
    const answers = await acquireTimes(limiter, 4);
    expect(answers.slice(0, 3).every((answer) => answer.acquired)).toBe(true);
    expect(answers[0]).toEqual({
      acquired: true,
      lease: {
        toolName: 'web_search',
        agentRole: 'Researcher',
        acquiredAt: new Date(clock.now()),
        globalRemaining: 119,
        toolRemaining: 2,
      },
    });
    // All three are in the segment that started 3 s ago: they leave the window 57 s from now.
    expect(answers[3]).toEqual({
      acquired: false,
      reason: "Rate limit reached (at most 3 calls a minute of tool 'web_search'); retry after 57 s.",
      retryAfterMs: 57_000,
      limit: { scope: 'tool', requestsPerMinute: 3 },
    });
  });

  it('applies the global limit first, across tools, and a refused call uses up nothing', async () => {
    const clock = testClock();
    const limiter = new ToolRateLimiter(limits({ GlobalToolRequestsPerMinute: 2, DefaultToolRequestsPerMinute: 1 }), {
      now: clock.now,
    });
    expect((await limiter.acquire('a', 'x')).acquired).toBe(true);
    // The tool's own limit refuses: the global window is not counted.
    expect(await limiter.acquire('a', 'x')).toMatchObject({ acquired: false, limit: { scope: 'tool' } });
    expect((await limiter.acquire('b', 'x')).acquired).toBe(true);
    const third = await limiter.acquire('c', 'x');
    expect(third).toMatchObject({
      acquired: false,
      limit: { scope: 'global', requestsPerMinute: 2 },
      reason: 'Rate limit reached (at most 2 tool calls a minute, all tools together); retry after 57 s.',
    });
  });

  it('takes tool-specific limits over the default, matching names without regard to case; 0 means no limit', async () => {
    const clock = testClock();
    const limiter = new ToolRateLimiter(
      limits({ DefaultToolRequestsPerMinute: 1, ToolSpecificLimits: { Web_Search: 2, file_read: 0 } }),
      { now: clock.now },
    );
    expect(limiter.limitOf('WEB_SEARCH')).toBe(2);
    expect((await acquireTimes(limiter, 3, 'web_search')).map((answer) => answer.acquired)).toEqual([
      true,
      true,
      false,
    ]);
    const reads = await acquireTimes(limiter, 10, 'file_read');
    expect(reads.every((answer) => answer.acquired)).toBe(true);
    expect(reads[9]).toMatchObject({ lease: { globalRemaining: 108 } });
    expect(reads[9]?.acquired === true && 'toolRemaining' in reads[9].lease).toBe(false);
    const unlimited = new ToolRateLimiter(limits({ GlobalToolRequestsPerMinute: 0, DefaultToolRequestsPerMinute: 0 }));
    const many = await acquireTimes(unlimited, 500);
    expect(many.every((answer) => answer.acquired)).toBe(true);
    expect(many[0]).toEqual({
      acquired: true,
      lease: expect.not.objectContaining({ globalRemaining: expect.anything() }),
    });
  });

  it('slides: calls leave the window segment by segment, a minute after their segment began', async () => {
    const clock = testClock(1_700_000_000_000);
    const limiter = new ToolRateLimiter(limits({ DefaultToolRequestsPerMinute: 2 }), { now: clock.now });
    expect((await limiter.acquire('t', 'a')).acquired).toBe(true); // segment 0
    clock.advance(25_000);
    expect((await limiter.acquire('t', 'a')).acquired).toBe(true); // segment 2
    clock.advance(30_000); // 55 s: both still in the window
    expect(await limiter.acquire('t', 'a')).toMatchObject({ acquired: false, retryAfterMs: 5_000 });
    clock.advance(5_000); // 60 s: the first segment has left
    expect((await limiter.acquire('t', 'a')).acquired).toBe(true);
    expect(await limiter.acquire('t', 'a')).toMatchObject({ acquired: false, retryAfterMs: 20_000 });
    clock.advance(windowMilliseconds);
    expect((await acquireTimes(limiter, 2, 't')).every((answer) => answer.acquired)).toBe(true);
  });

  it('never lets more calls through in any minute than the limit, whatever the timing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 15_000 }), { minLength: 1, maxLength: 60 }),
        async (limit, gaps) => {
          const clock = testClock(1_700_000_000_000);
          const limiter = new ToolRateLimiter(limits({ DefaultToolRequestsPerMinute: limit }), { now: clock.now });
          const acquired: number[] = [];
          for (const gap of gaps) {
            clock.advance(gap);
            const answer = await limiter.acquire('t', 'a');
            if (answer.acquired) acquired.push(clock.now());
            // A denial always says to wait (how long exactly has its own test below).
            else expect(answer.retryAfterMs).toBeGreaterThan(0);
          }
          // Within any window of six whole segments at most `limit` calls were acquired.
          for (const at of acquired) {
            const segmentStart = Math.floor(at / segmentMilliseconds) * segmentMilliseconds;
            const from = segmentStart - windowMilliseconds + segmentMilliseconds;
            const inWindow = acquired.filter((other) => other >= from && other <= at);
            expect(inWindow.length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a denied call fits again exactly when its retry time has passed', async () => {
    const clock = testClock(1_700_000_007_000);
    const limiter = new ToolRateLimiter(limits({ DefaultToolRequestsPerMinute: 1 }), { now: clock.now });
    await limiter.acquire('t', 'a');
    clock.advance(12_345);
    const denied = await limiter.acquire('t', 'a');
    if (denied.acquired) throw new Error('expected a denial');
    clock.advance(denied.retryAfterMs - 1);
    expect((await limiter.acquire('t', 'a')).acquired).toBe(false);
    clock.advance(1);
    expect((await limiter.acquire('t', 'a')).acquired).toBe(true);
  });

  it('refuses a call without a tool name or an agent role given as something else than text', async () => {
    const limiter = new ToolRateLimiter(limits());
    await expect(limiter.acquire('  ', 'a')).rejects.toThrow(RateLimitingArgumentError);
    await expect(limiter.acquire('t', undefined as unknown as string)).rejects.toMatchObject({
      code: 'RATE_LIMITING_ARGUMENT_INVALID',
    });
  });
});
