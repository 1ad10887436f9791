import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeSandbox } from '../src/index.js';
import { createTestTool, resultOf, runCode } from './code-fixture.js';

const tool = createTestTool({
  TimeoutMilliseconds: 500,
  MemoryLimitBytes: 16 * 1024 * 1024,
  MaxOutputCharacters: 1_000,
});
const run = (code: string) => runCode(tool, { code });

// The worker and its engine start on the first call; timings below are of warm calls.
beforeAll(() => run('0'));

describe('the time limit', () => {
  it('ends an infinite loop at the deadline, while the host event loop keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = performance.now();
    const result = await run('console.log("before");\nwhile (true) {}');
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(result.outcome).toBe('Failure');
    expect(result.output).toBe(
      'Error: The code ran past the time limit (500 ms) and was stopped. Make the work smaller, or raise Svc:Tools:Code:TimeoutMilliseconds.\n\nConsole before the end (1 line):\nbefore',
    );
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(1_450);
    // The loop ran on a worker thread: the host's timers fired all along.
    expect(ticks).toBeGreaterThan(10);
    expect(resultOf(await run('"still working"'))).toBe('still working');
  });

  it('counts promise jobs in the time, so an endless chain of microtasks ends too', async () => {
    // Each job queues the next and returns nothing: a flat, endless chain (a chain of nested promises would end in a stack overflow instead).
    const result = await run(
      'const spin = () => { Promise.resolve().then(spin); };\nspin();\nawait new Promise(() => {});',
    );
    expect(result.output).toMatch(/^Error: The code ran past the time limit \(500 ms\)/);
  });

  it('ends catastrophic regular-expression backtracking at the deadline', async () => {
    const result = await run('/^(a+)+$/.test("a".repeat(40) + "!")');
    expect(result.output).toMatch(/^Error: The code ran past the time limit/);
  });

  it('stops the code when the call is cancelled, without waiting for the deadline', async () => {
    const slow = createTestTool({ TimeoutMilliseconds: 20_000 });
    await runCode(slow, { code: '1' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const result = await runCode(slow, { code: 'while (true) {}' }, controller.signal);
    expect(result.output).toBe('Error: The call was cancelled and the code was stopped.');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(resultOf(await runCode(slow, { code: '"next call runs"' }))).toBe('next call runs');
  });

  it('answers a call whose signal is already aborted at once, running nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runCode(tool, { code: 'while (true) {}' }, controller.signal);
    expect(result.output).toBe('Error: The call was cancelled and the code was stopped.');
  });

  it('terminates the worker when native work ignores the interrupt past the deadline, and the next call runs', async () => {
    // QuickJS's JSON.stringify does not poll the interrupt handler; deep nesting keeps it busy for seconds.
    const sandbox = new CodeSandbox({ timeoutMilliseconds: 300, maxStackBytes: 1024 * 1024 });
    await sandbox.run({ code: '1' });
    const started = performance.now();
    const outcome = await sandbox.run({
      code: 'let nested = [];\nfor (let i = 0; i < 100_000; i++) nested = [nested];\ntry { JSON.stringify(nested); } catch {}\n"finished"',
    });
    const elapsed = performance.now() - started;
    const next = await sandbox.run({ code: '"fresh worker"' });
    await sandbox.close();
    expect(outcome).toMatchObject({ status: 'limit', limit: 'time', sandboxMemoryBytes: 0 });
    expect(elapsed).toBeLessThan(3_000);
    expect(next).toMatchObject({ status: 'completed', value: { type: 'json', json: '"fresh worker"' } });
  });

  it('reports a promise that can never settle', async () => {
    const result = await run('await new Promise(() => {});');
    expect(result.output).toBe(
      "Error: The code's promise never settled. The sandbox has no timers, network or files, so only promises the code resolves itself can settle.",
    );
  });
});

describe('the memory limit', () => {
  it('ends a memory bomb with a memory limit result, and the next call runs', async () => {
    for (const bomb of [
      'const hoard = [];\nwhile (true) hoard.push(new Array(10_000).fill(1));',
      'const hoard = [];\nlet i = 0;\nwhile (true) hoard.push("x".repeat(1_000) + i++);',
      'let text = "ab";\nwhile (true) text += text;',
      'new ArrayBuffer(512 * 1024 * 1024)',
    ]) {
      const result = await run(bomb);
      expect(result.outcome, bomb).toBe('Failure');
      expect(result.output, bomb).toMatch(
        /^Error: The code (reached the memory limit \(16 MiB\) and was stopped\. Use less memory, or raise Svc:Tools:Code:MemoryLimitBytes\.|threw InternalError: string too long)/,
      );
    }
    expect(resultOf(await run('new Array(1000).fill(7).length'))).toBe(1000);
  });

  it('holds the cap even when the code catches the out-of-memory error and keeps going', async () => {
    const result = await run(
      'const hoard = [];\nfor (let round = 0; round < 5; round++) {\n  try { while (true) hoard.push(new Array(10_000).fill(round)); } catch { console.log("caught " + round); }\n}\nhoard.length',
    );
    // Either the memory stays full (later rounds fail at once) or the time runs out; never more memory.
    expect(result.output).toMatch(/caught 0/);
    const sandbox = new CodeSandbox({ memoryLimitBytes: 16 * 1024 * 1024, timeoutMilliseconds: 2_000 });
    const outcome = await sandbox.run({ code: 'const h = []; while (true) h.push(new Array(10_000).fill(1));' });
    await sandbox.close();
    expect(outcome.status).toBe('limit');
    expect(outcome.status === 'limit' && outcome.sandboxMemoryBytes).toBeLessThanOrEqual(32 * 1024 * 1024 + 65_536);
  });
});

describe('the stack limit', () => {
  it('ends deep recursion with a stack limit result naming the frame', async () => {
    const result = await run('function down(depth) {\n  return down(depth + 1) + 1;\n}\ndown(0);');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(
      /^Error: The code reached the stack limit \(256 KiB\) and was stopped, likely by unbounded recursion \(main\.js line 2, column 14\)\. Recurse less deeply, or raise Svc:Tools:Code:MaxStackBytes\.\n {4}at down \(main\.js:2:14\)\n {4}… the frame above \d[\d,]* more times/,
    );
  });

  it('ends deep nesting in the parser, JSON.parse and Proxy chains with a stack limit, not a crash', async () => {
    for (const code of [
      'JSON.parse("[".repeat(200_000))',
      'eval("(".repeat(200_000))',
      'let p = {};\nfor (let i = 0; i < 100_000; i++) p = new Proxy(p, {});\np.x',
    ]) {
      const result = await run(code);
      expect(result.output, code).toMatch(/^Error: The code reached the stack limit \(256 KiB\)/);
    }
    expect(resultOf(await run('[1, 2].length'))).toBe(2);
  });

  it('keeps the limit at the largest allowed stack', async () => {
    const deep = createTestTool({ MaxStackBytes: 1024 * 1024 });
    const result = await runCode(deep, { code: 'eval("[".repeat(300_000))' });
    expect(result.output).toMatch(/^Error: The code reached the stack limit \(1 MiB\)/);
    expect(
      resultOf(await runCode(deep, { code: 'function f(n) { return n === 0 ? 0 : 1 + f(n - 1); }\nf(2000)' })),
    ).toBe(2000);
  });
});

describe('the output limit', () => {
  it('cuts huge console output and says how much was cut', async () => {
    const result = await run('for (let i = 0; i < 100_000; i++) console.log("line " + i);\n"done"');
    expect(result.outcome).toBe('Success');
    const [, heading = '', body = ''] = /\n\nConsole (\([^)]*\)):\n(.*)$/s.exec(result.output) ?? [];
    expect(heading).toMatch(/^\(first 1,000 of 1,088,889 characters; 99,8\d\d more lines not shown\)$/);
    expect(body.length).toBeLessThanOrEqual(1_000);
    expect(body.startsWith('line 0\nline 1\n')).toBe(true);
  });

  it('cuts one huge console line and a huge result', async () => {
    const result = await run('console.log("y".repeat(5_000_000));\n"x".repeat(3_000_000)');
    expect(result.output).toMatch(/^Result \(JSON, first 1,000 of 3,000,002 characters\):\n"x{999}\n/);
    expect(result.output).toMatch(/\n\nConsole \(first 1,000 of 5,000,000 characters\):\ny{1000}$/);
  });
});

describe('runs that wait for a worker', () => {
  const sandbox = new CodeSandbox({ maxConcurrentRuns: 1, timeoutMilliseconds: 1_000 });
  afterAll(() => sandbox.close());

  it('runs calls beyond MaxConcurrentRuns one after another', async () => {
    const outcomes = await Promise.all(
      [1, 2, 3].map((index) => sandbox.run({ code: `globalThis.seen = (globalThis.seen ?? 0) + ${index}; seen` })),
    );
    expect(outcomes.map((outcome) => outcome.status === 'completed' && outcome.value)).toEqual([
      { type: 'json', json: '1', totalCharacters: 1 },
      { type: 'json', json: '2', totalCharacters: 1 },
      { type: 'json', json: '3', totalCharacters: 1 },
    ]);
  });

  it('gives up a waiting run whose signal fires, without running it', async () => {
    const busy = sandbox.run({ code: 'const end = Date.now() + 300; while (Date.now() < end) {} "first"' });
    const controller = new AbortController();
    const waiting = sandbox.run({ code: 'globalThis.ran = true', signal: controller.signal });
    controller.abort();
    expect((await waiting).status).toBe('cancelled');
    expect((await busy).status).toBe('completed');
  });
});
