import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryGraphCheckpointer } from '../../src/graph/graph-checkpoint.js';
import { GraphDefinitionError, GraphRunError } from '../../src/graph/graph-errors.js';
import { END, START } from '../../src/graph/graph-sentinels.js';
import { StateGraph } from '../../src/graph/state-graph.js';

interface Counter {
  count: number;
  log: string[];
}

/** start → add → (count < limit ? add : finish) → END */
function counterGraph(limit: number) {
  return new StateGraph<Counter>()
    .addNode('add', (state) => ({ count: state.count + 1, log: [...state.log, `add${state.count + 1}`] }))
    .addNode('finish', (state) => ({ log: [...state.log, 'finish'] }))
    .addEdge(START, 'add')
    .addConditionalEdge('add', (state) => (state.count < limit ? 'add' : 'finish'), ['add', 'finish'])
    .addEdge('finish', END);
}

describe('StateGraph', () => {
  it('runs from START to END, merging each node’s update over the state', async () => {
    const result = await counterGraph(3).compile().run({ count: 0, log: [] });
    expect(result).toMatchObject({
      status: 'completed',
      state: { count: 3, log: ['add1', 'add2', 'add3', 'finish'] },
      steps: 4,
      path: ['add', 'add', 'add', 'finish'],
    });
    expect(result.trip).toBeUndefined();
  });

  it('streams each step with the state after it and where the run goes next', async () => {
    const stream = counterGraph(2).compile().stream({ count: 0, log: [] });
    const steps = [];
    for await (const step of stream)
      steps.push({ node: step.node, step: step.step, count: step.state.count, next: step.next });
    expect(steps).toEqual([
      { node: 'add', step: 1, count: 1, next: 'add' },
      { node: 'add', step: 2, count: 2, next: 'finish' },
      { node: 'finish', step: 3, count: 2, next: END },
    ]);
    expect((await stream.result).status).toBe('completed');
  });

  it('compile lists every problem of the shape at once', () => {
    const graph = new StateGraph<Counter>()
      .addNode('a', () => undefined)
      .addNode('a', () => undefined)
      .addNode(END, () => undefined)
      .addNode('lonely', () => undefined)
      .addNode('split', () => undefined)
      .addEdge('a', 'missing')
      .addEdge('split', END)
      .addConditionalEdge('split', () => END, ['nowhere']);
    let error: unknown;
    try {
      graph.compile({ degradedNode: 'ghost' });
    } catch (caught) {
      error = caught;
    }
    expect(GraphDefinitionError.isInstance(error)).toBe(true);
    const problems = (error as GraphDefinitionError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        "node 'a' is added twice; give each node its own name",
        "'__end__' is reserved; give the node another name",
        "the edge a → missing goes to 'missing', which is not a node",
        "the router after 'split' may go to 'nowhere', which is not a node",
        "nothing leaves __start__; add addEdge(START, '<first node>')",
        "node 'lonely' has no way out; add addEdge('lonely', …) or a conditional edge (END ends the run)",
        "'split' has 2 ways out; give each node one edge or one conditional edge",
        "the degraded node 'ghost' is not a node",
      ]),
    );
    expect((error as GraphDefinitionError).code).toBe('GRAPH_DEFINITION_INVALID');
  });

  it('a router that names no node rejects the run with GRAPH_ROUTE_UNKNOWN', async () => {
    const graph = new StateGraph<Counter>()
      .addNode('a', () => undefined)
      .addEdge(START, 'a')
      .addConditionalEdge('a', () => 'b');
    const run = graph.compile().run({ count: 0, log: [] });
    await expect(run).rejects.toSatisfy(
      (error: unknown) => GraphRunError.isInstance(error) && error.code === 'GRAPH_ROUTE_UNKNOWN',
    );
    await expect(run).rejects.toThrow("the router after 'a' chose 'b', which is not a node; return one of a, __end__.");
  });

  it('a checkpoint after each node lets a failed run continue at the node that failed', async () => {
    const calls: string[] = [];
    let failOnce = true;
    const graph = new StateGraph<Counter>()
      .addNode('one', (state) => {
        calls.push('one');
        return { log: [...state.log, 'one'] };
      })
      .addNode('two', (state) => {
        calls.push('two');
        return { log: [...state.log, 'two'] };
      })
      .addNode('three', (state) => {
        calls.push('three');
        if (failOnce) {
          failOnce = false;
          throw new Error('flaky');
        }
        return { log: [...state.log, 'three'] };
      })
      .addEdge(START, 'one')
      .addEdge('one', 'two')
      .addEdge('two', 'three')
      .addEdge('three', END)
      .compile();
    const checkpointer = memoryGraphCheckpointer<Counter>();
    await expect(graph.run({ count: 0, log: [] }, { checkpointer })).rejects.toThrow('flaky');
    expect(checkpointer.latest).toMatchObject({ next: 'three', step: 2, state: { log: ['one', 'two'] } });

    const resumed = await graph.run({ count: 0, log: [] }, { checkpointer });
    expect(calls).toEqual(['one', 'two', 'three', 'three']);
    expect(resumed).toMatchObject({
      status: 'completed',
      state: { log: ['one', 'two', 'three'] },
      steps: 3,
      path: ['three'],
      resumedAfterStep: 2,
    });
    // A finished run loaded again does nothing more.
    const again = await graph.run({ count: 0, log: [] }, { checkpointer });
    expect(again).toMatchObject({ status: 'completed', path: [], steps: 3 });
    expect(calls).toHaveLength(4);
  });

  it('a checkpoint naming a node the graph lacks is refused', async () => {
    const checkpointer = memoryGraphCheckpointer<Counter>();
    await checkpointer.save({
      node: 'add',
      next: 'gone',
      state: { count: 0, log: [] },
      step: 1,
      counters: { transitions: 1, visits: {}, elapsedMilliseconds: 0 },
    });
    await expect(counterGraph(1).compile().run({ count: 0, log: [] }, { checkpointer })).rejects.toThrow(
      "the checkpoint continues at node 'gone', which this graph does not have",
    );
  });

  it('an interrupted run does not record the node in flight; resuming runs it again', async () => {
    const controller = new AbortController();
    let runs = 0;
    const graph = new StateGraph<Counter>()
      .addNode('slow', async (state, context) => {
        runs += 1;
        if (runs === 1) controller.abort();
        expect(context.signal.aborted).toBe(runs === 1);
        return { count: state.count + 1 };
      })
      .addEdge(START, 'slow')
      .addEdge('slow', END)
      .compile();
    const checkpointer = memoryGraphCheckpointer<Counter>();
    const stopped = await graph.run({ count: 0, log: [] }, { checkpointer, signal: controller.signal });
    expect(stopped).toMatchObject({ status: 'interrupted', state: { count: 0 }, steps: 0 });
    expect(checkpointer.latest).toBeUndefined();
    const resumed = await graph.run({ count: 0, log: [] }, { checkpointer });
    expect(resumed).toMatchObject({ status: 'completed', state: { count: 1 }, steps: 1 });
  });

  it('nodes get the services handed to run', async () => {
    const graph = new StateGraph<Counter, { greet(name: string): string }>()
      .addNode('hello', (state, context) => ({ log: [...state.log, context.services.greet('graph')] }))
      .addEdge(START, 'hello')
      .addEdge('hello', END)
      .compile();
    const result = await graph.run({ count: 0, log: [] }, { services: { greet: (name) => `hi ${name}` } });
    expect(result.state.log).toEqual(['hi graph']);
  });

  it('property: a loop of n rounds under a visit limit v runs min(n, v) times and trips exactly when n > v', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), async (n, v) => {
        const graph = new StateGraph<Counter>()
          .addNode('add', (state) => ({ count: state.count + 1 }))
          .addEdge(START, 'add')
          .addConditionalEdge('add', (state) => (state.count < n ? 'add' : END))
          .compile({
            breaker: {
              maxTransitions: 0,
              stateTimeoutMilliseconds: 0,
              maxStateVisits: v,
              maxTotalDurationMilliseconds: 0,
              useDegradedMode: false,
            },
          });
        const result = await graph.run({ count: 0, log: [] });
        expect(result.state.count).toBe(Math.min(n, v));
        expect(result.status).toBe(n > v ? 'tripped' : 'completed');
      }),
    );
  });
});
