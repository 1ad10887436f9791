import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BudgetExhaustedError } from '../../src/budget/budget-exhausted-error.js';
import type { CrewBudget } from '../../src/budget/crew-budget.js';
import { CrewBudgetMeter, type CrewBudgetUsage } from '../../src/budget/crew-budget-meter.js';

const nothing: CrewBudgetUsage = { tokens: 0, costUsd: 0, toolCalls: 0, wallTimeSeconds: 0 };
const used = (earlier: Partial<CrewBudgetUsage>): CrewBudgetUsage => ({ ...nothing, ...earlier });
const prices = { priced: { InputPerMillionTokens: 1, OutputPerMillionTokens: 1 } };

/** A meter on a clock the test moves. */
function meterOn(budget: CrewBudget) {
  let milliseconds = 0;
  const meter = new CrewBudgetMeter(budget, { now: () => milliseconds, prices });
  return {
    meter,
    advance(by: number) {
      milliseconds += by;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CrewBudgetMeter counting on from earlier runs', () => {
  it('counts earlier use in usage() and stops at the limit for the whole run, naming the earlier share', () => {
    const { meter } = meterOn({ tokens: 100 });
    meter.countEarlier(used({ tokens: 80, toolCalls: 3, costUsd: 0.25 }));
    expect(meter.exhaustion).toBeUndefined();
    expect(meter.usage()).toMatchObject({ tokens: 80, toolCalls: 3, costUsd: 0.25 });
    meter.recordModelCall('unpriced', 15, 0);
    expect(meter.exhaustion).toBeUndefined();
    meter.recordModelCall('unpriced', 10, 5);
    expect(meter.exhaustion).toEqual({ dimension: 'tokens', limit: 100, used: 110, earlier: 80 });
    expect(meter.error?.message).toContain('tokens (used 110 of 100 tokens, 80 of them before this resume)');
    meter.close();
  });

  it('a limit the earlier runs reached is spent at once: the stop has fired before any call', () => {
    const { meter } = meterOn({ tokens: 100 });
    meter.countEarlier(used({ tokens: 120 }));
    expect(meter.stop.aborted).toBe(true);
    expect(BudgetExhaustedError.isInstance(meter.stop.reason)).toBe(true);
    expect(meter.exhaustion).toEqual({ dimension: 'tokens', limit: 100, used: 120, earlier: 120 });
    expect(meter.error?.message).toBe(
      'Crew budget exhausted: tokens (used 120 of 100 tokens, 120 of them before this resume). Finished task outputs are kept; raise budget.tokens and run again with --resume to continue.',
    );
  });

  it('cost and tool calls count on too; tool calls at the limit leave none, so the run stops at once', () => {
    const cost = meterOn({ costUsd: 1 }).meter;
    cost.countEarlier(used({ costUsd: 0.9 }));
    expect(cost.exhaustion).toBeUndefined();
    cost.recordModelCall('priced', 200_000, 0);
    expect(cost.exhaustion).toMatchObject({ dimension: 'costUsd', limit: 1, earlier: 0.9 });
    cost.close();

    const fewer = meterOn({ toolCalls: 3 }).meter;
    fewer.countEarlier(used({ toolCalls: 2 }));
    expect(fewer.recordToolCall()).toBe(true);
    expect(fewer.recordToolCall()).toBe(false);
    expect(fewer.exhaustion).toEqual({ dimension: 'toolCalls', limit: 3, used: 4, earlier: 2 });

    const spent = meterOn({ toolCalls: 3 }).meter;
    spent.countEarlier(used({ toolCalls: 3 }));
    expect(spent.stop.aborted).toBe(true);
    expect(spent.exhaustion).toEqual({ dimension: 'toolCalls', limit: 3, used: 3, earlier: 3 });
  });

  it('wall time goes on from the earlier seconds: the timer gets only what is left of the limit', () => {
    vi.useFakeTimers();
    const { meter, advance } = meterOn({ wallTime: 10 });
    meter.countEarlier(used({ wallTimeSeconds: 8 }));
    advance(500);
    expect(meter.usage().wallTimeSeconds).toBe(8.5);
    advance(1_499);
    vi.advanceTimersByTime(1_999);
    expect(meter.exhaustion).toBeUndefined();
    advance(1);
    vi.advanceTimersByTime(1);
    expect(meter.exhaustion).toEqual({ dimension: 'wallTime', limit: 10, used: 10, earlier: 8 });
  });

  it('earlier wall time at the limit stops at once; a run without earlier use reports no earlier share', () => {
    const spent = meterOn({ wallTime: 10 }).meter;
    spent.countEarlier(used({ wallTimeSeconds: 10 }));
    expect(spent.stop.aborted).toBe(true);
    expect(spent.exhaustion).toMatchObject({ dimension: 'wallTime', earlier: 10 });

    const fresh = meterOn({ tokens: 10 }).meter;
    fresh.recordModelCall('unpriced', 10, 0);
    expect(fresh.exhaustion).toEqual({ dimension: 'tokens', limit: 10, used: 10 });
    expect(fresh.error?.message).not.toContain('before this resume');
  });

  it('property: a run split by a resume spends its token budget on the same call as the run unbroken', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 3_000 }),
        fc.nat(),
        (calls, limit, cut) => {
          const spentAt = (meter: CrewBudgetMeter, from: number) => {
            for (let index = from; index < calls.length; index++) {
              meter.recordModelCall('unpriced', calls[index] ?? 0, 0);
              if (meter.exhaustion !== undefined) return index;
            }
            return undefined;
          };
          const whole = new CrewBudgetMeter({ tokens: limit });
          const unbroken = spentAt(whole, 0);

          // The first run makes `split` calls (or stops earlier); the resume counts on from its usage.
          const split = cut % (calls.length + 1);
          const first = new CrewBudgetMeter({ tokens: limit });
          let stoppedAt: number | undefined;
          for (let index = 0; index < split && stoppedAt === undefined; index++) {
            first.recordModelCall('unpriced', calls[index] ?? 0, 0);
            if (first.exhaustion !== undefined) stoppedAt = index;
          }
          if (stoppedAt === undefined) {
            const resumed = new CrewBudgetMeter({ tokens: limit });
            resumed.countEarlier(first.usage());
            // A resume whose earlier use is over the limit makes no call; it could only be at the cut.
            stoppedAt = resumed.exhaustion !== undefined ? split - 1 : spentAt(resumed, split);
            resumed.close();
            expect(resumed.usage().tokens).toBe(
              calls.slice(0, (stoppedAt ?? calls.length - 1) + 1).reduce((sum, call) => sum + call, 0),
            );
          }
          expect(stoppedAt).toBe(unbroken);
        },
      ),
    );
  });
});
