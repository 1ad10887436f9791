import { describe, expect, it } from 'vitest';
import { circuitBreakerPolicy, circuitBreakerPresets } from '../../src/graph/circuit-breaker-policy.js';
import { END, START } from '../../src/graph/graph-sentinels.js';
import { StateGraph } from '../../src/graph/state-graph.js';

interface Loop {
  rounds: number;
  done: string[];
}

/** A node that loops on itself forever; the breaker is what ends it. */
function endlessLoop() {
  return new StateGraph<Loop>()
    .addNode('work', (state) => ({ rounds: state.rounds + 1, done: [...state.done, `round ${state.rounds + 1}`] }))
    .addNode('fallback', (state) => ({ done: [...state.done, 'degraded summary'] }))
    .addEdge(START, 'work')
    .addEdge('work', 'work')
    .addEdge('fallback', END);
}

const off = {
  maxTransitions: 0,
  stateTimeoutMilliseconds: 0,
  maxStateVisits: 0,
  maxTotalDurationMilliseconds: 0,
  useDegradedMode: false,
};

describe('circuit breakers', () => {
  it('the three presets carry the documented limits', () => {
    expect(circuitBreakerPresets).toEqual({
      strict: {
        maxTransitions: 50,
        stateTimeoutMilliseconds: 120_000,
        maxStateVisits: 5,
        maxTotalDurationMilliseconds: 600_000,
        useDegradedMode: true,
      },
      default: {
        maxTransitions: 100,
        stateTimeoutMilliseconds: 300_000,
        maxStateVisits: 10,
        maxTotalDurationMilliseconds: 1_800_000,
        useDegradedMode: false,
      },
      permissive: {
        maxTransitions: 1000,
        stateTimeoutMilliseconds: 1_800_000,
        maxStateVisits: 50,
        maxTotalDurationMilliseconds: 7_200_000,
        useDegradedMode: false,
      },
    });
  });

  it('MaxTransitions stops the run and keeps the partial state', async () => {
    const result = await endlessLoop()
      .compile({ breaker: { ...off, maxTransitions: 4 } })
      .run({ rounds: 0, done: [] });
    expect(result).toMatchObject({ status: 'tripped', state: { rounds: 4 }, steps: 4 });
    expect(result.trip).toMatchObject({ mechanism: 'MaxTransitions', node: 'work', limit: 4, reached: 5 });
    expect(result.trip?.message).toBe(
      "circuit breaker tripped (MaxTransitions): moving to 'work' would be transition 5 of at most 4",
    );
  });

  it('MaxStateVisits counts the runs of each node', async () => {
    const result = await endlessLoop()
      .compile({ breaker: { ...off, maxStateVisits: 3 } })
      .run({ rounds: 0, done: [] });
    expect(result).toMatchObject({ status: 'tripped', state: { rounds: 3 } });
    expect(result.trip).toMatchObject({ mechanism: 'MaxStateVisits', node: 'work', limit: 3 });
  });

  it('MaxTotalDuration reads the injected clock before each node', async () => {
    let now = 0;
    const graph = new StateGraph<Loop>()
      .addNode('work', (state) => {
        now += 400;
        return { rounds: state.rounds + 1 };
      })
      .addEdge(START, 'work')
      .addEdge('work', 'work')
      .compile({ breaker: { ...off, maxTotalDurationMilliseconds: 1000 } });
    const result = await graph.run({ rounds: 0, done: [] }, { clock: () => now });
    expect(result).toMatchObject({ status: 'tripped', state: { rounds: 3 } });
    expect(result.trip).toMatchObject({ mechanism: 'MaxTotalDuration', limit: 1000, reached: 1200 });
  });

  it('StateTimeout aborts a node that runs too long and trips', async () => {
    let sawAbort = false;
    const graph = new StateGraph<Loop>()
      .addNode('hang', (_state, context) => {
        return new Promise((resolve) =>
          context.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve({ rounds: 99 });
          }),
        );
      })
      .addEdge(START, 'hang')
      .addEdge('hang', END)
      .compile({ breaker: { ...off, stateTimeoutMilliseconds: 30 } });
    const result = await graph.run({ rounds: 0, done: [] });
    expect(sawAbort).toBe(true);
    expect(result).toMatchObject({ status: 'tripped', state: { rounds: 0 }, steps: 0 });
    expect(result.trip).toMatchObject({ mechanism: 'StateTimeout', node: 'hang', limit: 30 });
  });

  it('in degraded mode a trip moves to the degraded node, which runs once before the end', async () => {
    const result = await endlessLoop()
      .compile({ breaker: circuitBreakerPolicy('strict'), degradedNode: 'fallback' })
      .run({ rounds: 0, done: [] });
    expect(result.status).toBe('degraded');
    expect(result.trip?.mechanism).toBe('MaxStateVisits');
    expect(result.state.done).toEqual(['round 1', 'round 2', 'round 3', 'round 4', 'round 5', 'degraded summary']);
    expect(result.path.at(-1)).toBe('fallback');
  });

  it('without degraded mode the degraded node is not used', async () => {
    const result = await endlessLoop()
      .compile({ breaker: 'default', degradedNode: 'fallback' })
      .run({ rounds: 0, done: [] });
    expect(result.status).toBe('tripped');
    expect(result.state.done).not.toContain('degraded summary');
  });

  it('a bad limit or preset name is refused with the allowed values', () => {
    expect(() => circuitBreakerPolicy('default', { maxStateVisits: -1 })).toThrow(
      'circuit breaker maxStateVisits must be a whole number of at least 0 (0 switches it off), not -1.',
    );
    expect(() => circuitBreakerPolicy('loose' as 'strict')).toThrow(
      "unknown circuit breaker preset 'loose'; use strict, default, permissive.",
    );
  });
});
