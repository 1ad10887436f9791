import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CircuitBreakerPolicy } from '../../src/graph/circuit-breaker-policy.js';
import { memoryGraphCheckpointer } from '../../src/graph/graph-checkpoint.js';
import type { GraphRunEvent } from '../../src/graph/graph-run-events.js';
import { END, START } from '../../src/graph/graph-sentinels.js';
import { StateGraph } from '../../src/graph/state-graph.js';

interface Loop {
  rounds: number;
}

const off: CircuitBreakerPolicy = {
  maxTransitions: 0,
  stateTimeoutMilliseconds: 0,
  maxStateVisits: 0,
  maxTotalDurationMilliseconds: 0,
  useDegradedMode: false,
};

/** A clock that moves `tick` ms each time it is read, so durations are exact. */
function steppingClock(tick: number) {
  let now = 0;
  return () => {
    now += tick;
    return now;
  };
}

/** prepare → work (loops until `rounds` reaches `until`) → END; `fallback` is the degraded node. */
function loop(until: number) {
  return new StateGraph<Loop>()
    .addNode('prepare', () => undefined)
    .addNode('work', (state) => ({ rounds: state.rounds + 1 }))
    .addNode('fallback', () => undefined)
    .addEdge(START, 'prepare')
    .addEdge('prepare', 'work')
    .addConditionalEdge('work', (state) => (state.rounds < until ? 'work' : END))
    .addEdge('fallback', END);
}

function recorder() {
  const events: GraphRunEvent[] = [];
  return { events, onEvent: (event: GraphRunEvent) => void events.push(event) };
}

describe('graph run events (options.onEvent)', () => {
  it('each node end, in order, with its step, visit, duration on the clock and where the run goes next', async () => {
    const log = recorder();
    await loop(2)
      .compile()
      .run({ rounds: 0 }, { onEvent: log.onEvent, clock: steppingClock(5) });
    expect(log.events).toEqual([
      { kind: 'node.completed', node: 'prepare', status: 'completed', step: 1, visit: 1, durationMs: 5, next: 'work' },
      { kind: 'node.completed', node: 'work', status: 'completed', step: 2, visit: 1, durationMs: 5, next: 'work' },
      { kind: 'node.completed', node: 'work', status: 'completed', step: 3, visit: 2, durationMs: 5, next: END },
    ]);
  });

  it('a node that throws is reported failed with the error, then the run rejects', async () => {
    const boom = new Error('the service is down');
    const log = recorder();
    const graph = new StateGraph<Loop>()
      .addNode('ok', () => undefined)
      .addNode('bad', () => {
        throw boom;
      })
      .addEdge(START, 'ok')
      .addEdge('ok', 'bad')
      .addEdge('bad', END)
      .compile();
    await expect(graph.run({ rounds: 0 }, { onEvent: log.onEvent })).rejects.toBe(boom);
    expect(
      log.events.map((event) => (event.kind === 'node.completed' ? [event.node, event.status] : event.kind)),
    ).toEqual([
      ['ok', 'completed'],
      ['bad', 'failed'],
    ]);
    expect(log.events[1]).toMatchObject({ step: 2, visit: 1, error: boom });
    expect(log.events[1]).not.toHaveProperty('next');
  });

  it('a router that names no node fails the node it follows', async () => {
    const log = recorder();
    const graph = new StateGraph<Loop>()
      .addNode('a', () => undefined)
      .addEdge(START, 'a')
      .addConditionalEdge('a', () => 'nowhere')
      .compile();
    await expect(graph.run({ rounds: 0 }, { onEvent: log.onEvent })).rejects.toMatchObject({
      code: 'GRAPH_ROUTE_UNKNOWN',
    });
    expect(log.events).toMatchObject([{ node: 'a', status: 'failed', error: { code: 'GRAPH_ROUTE_UNKNOWN' } }]);
  });

  it('a breaker trip is reported with its mechanism and node; in degraded mode the degraded node follows', async () => {
    const stopped = recorder();
    await loop(10)
      .compile({ breaker: { ...off, maxStateVisits: 2 }, degradedNode: 'fallback' })
      .run({ rounds: 0 }, { onEvent: stopped.onEvent });
    expect(stopped.events.at(-1)).toEqual({
      kind: 'breaker.tripped',
      step: 3,
      degraded: false,
      trip: {
        mechanism: 'MaxStateVisits',
        node: 'work',
        limit: 2,
        reached: 3,
        message: "circuit breaker tripped (MaxStateVisits): node 'work' would make visit 3 of at most 2",
      },
    });

    const degraded = recorder();
    await loop(10)
      .compile({ breaker: { ...off, maxStateVisits: 2, useDegradedMode: true }, degradedNode: 'fallback' })
      .run({ rounds: 0 }, { onEvent: degraded.onEvent, clock: steppingClock(1) });
    expect(degraded.events.slice(-2)).toMatchObject([
      { kind: 'breaker.tripped', degraded: true, trip: { mechanism: 'MaxStateVisits' } },
      {
        kind: 'node.completed',
        node: 'fallback',
        status: 'completed',
        step: 4,
        visit: 1,
        degraded: true,
        next: END,
      },
    ]);
  });

  it('a node past the state timeout is reported timedOut, then the StateTimeout trip', async () => {
    const log = recorder();
    const graph = new StateGraph<Loop>()
      .addNode(
        'hang',
        (_state, context) =>
          new Promise<undefined>((resolve) => context.signal.addEventListener('abort', () => resolve(undefined))),
      )
      .addEdge(START, 'hang')
      .addEdge('hang', END)
      .compile({ breaker: { ...off, stateTimeoutMilliseconds: 20 } });
    await graph.run({ rounds: 0 }, { onEvent: log.onEvent });
    expect(log.events).toMatchObject([
      { kind: 'node.completed', node: 'hang', status: 'timedOut', step: 1, visit: 1 },
      { kind: 'breaker.tripped', step: 0, degraded: false, trip: { mechanism: 'StateTimeout', node: 'hang' } },
    ]);
    expect((log.events[0] as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(15);
  });

  it('a node in flight when the run is stopped is reported interrupted', async () => {
    const controller = new AbortController();
    const log = recorder();
    const graph = new StateGraph<Loop>()
      .addNode('slow', () => {
        controller.abort();
        return { rounds: 1 };
      })
      .addEdge(START, 'slow')
      .addEdge('slow', END)
      .compile();
    const result = await graph.run({ rounds: 0 }, { onEvent: log.onEvent, signal: controller.signal });
    expect(result.status).toBe('interrupted');
    expect(log.events).toMatchObject([{ node: 'slow', status: 'interrupted', step: 1, visit: 1 }]);
  });

  it('a resumed run keeps counting steps and visits from its checkpoint', async () => {
    const checkpointer = memoryGraphCheckpointer<Loop>();
    let fail = true;
    const graph = new StateGraph<Loop>()
      .addNode('work', (state) => {
        if (state.rounds === 2 && fail) {
          fail = false;
          throw new Error('once');
        }
        return { rounds: state.rounds + 1 };
      })
      .addEdge(START, 'work')
      .addConditionalEdge('work', (state) => (state.rounds < 3 ? 'work' : END))
      .compile();
    await expect(graph.run({ rounds: 0 }, { checkpointer })).rejects.toThrow('once');
    const log = recorder();
    await graph.run({ rounds: 0 }, { checkpointer, onEvent: log.onEvent });
    // The failed attempt is not in the checkpoint: the node's third visit is the one that completes.
    expect(log.events).toMatchObject([{ node: 'work', status: 'completed', step: 3, visit: 3, next: END }]);
  });

  it('property: a loop of n rounds reports n completed nodes, steps 1…n, visits 1…n, then a trip exactly when n > v', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), async (n, v) => {
        const log = recorder();
        const graph = new StateGraph<Loop>()
          .addNode('add', (state) => ({ rounds: state.rounds + 1 }))
          .addEdge(START, 'add')
          .addConditionalEdge('add', (state) => (state.rounds < n ? 'add' : END))
          .compile({ breaker: { ...off, maxStateVisits: v } });
        await graph.run({ rounds: 0 }, { onEvent: log.onEvent });
        const ran = Math.min(n, v);
        const nodes = log.events.filter((event) => event.kind === 'node.completed');
        expect(nodes.map((event) => [event.step, event.visit, event.status])).toEqual(
          Array.from({ length: ran }, (_, index) => [index + 1, index + 1, 'completed']),
        );
        expect(log.events.filter((event) => event.kind === 'breaker.tripped')).toHaveLength(n > v ? 1 : 0);
        expect(log.events.at(-1)?.kind).toBe(n > v ? 'breaker.tripped' : 'node.completed');
      }),
      { numRuns: 60 },
    );
  });
});
