import { describe, expect, it } from 'vitest';
import { codeInterpreterInput } from '../src/index.js';
import { createTestTool, resultOf, runCode } from './code-fixture.js';

const tool = createTestTool();
const run = (code: string, extra: { language?: 'javascript' | 'typescript'; input?: unknown } = {}) =>
  runCode(tool, { code, ...extra });

describe('results', () => {
  it('answers with the value of the last expression as JSON', async () => {
    const result = await run('const items = [1, 2, 3];\n({ sum: items.reduce((a, b) => a + b, 0), items })');
    expect(result.output).toBe('Result (JSON):\n{"sum":6,"items":[1,2,3]}');
    expect(resultOf(await run('"text"'))).toBe('text');
  });

  it('takes a top-level return, with top-level await, as the result', async () => {
    expect(resultOf(await run('const value = await Promise.resolve(20);\nreturn value + 1;'))).toBe(21);
    const nothing = await run('await null;');
    expect(nothing.output).toBe('Result: undefined (the code returned nothing: `return` the value to get it back).');
  });

  it('awaits a promise left as the last expression', async () => {
    expect(resultOf(await run('(async () => { await null; return { done: true }; })()'))).toEqual({ done: true });
  });

  it('takes the default export of a module, or its exports', async () => {
    expect(resultOf(await run('const rows = await Promise.resolve([1, 2]);\nexport default rows.length;'))).toBe(2);
    expect(resultOf(await run('export const a = 1;\nexport const b = "two";'))).toEqual({ a: 1, b: 'two' });
    const none = await run('import.meta;\nconst x = 1;\nexport {};');
    expect(none.output).toBe('Result: none (the module exports nothing: `export default` the value to get it back).');
  });

  it('says when the last statement has no value', async () => {
    const result = await run('let x = 1;');
    expect(result.outcome).toBe('Success');
    expect(result.output).toMatch(/^Result: undefined \(the last statement has no value/);
  });

  it('shows a function, a symbol or a BigInt result as text, never as a callable value', async () => {
    expect((await run('(function total() {})')).output).toBe(
      'Result: [Function total], a function, which cannot leave the sandbox: only JSON values cross. Return data instead.',
    );
    expect((await run('Symbol("tag")')).output).toMatch(/^Result: Symbol\(tag\), a symbol, which cannot leave/);
    expect((await run('2n ** 70n')).output).toBe(
      'Result: 1180591620717411303424n (a BigInt, shown as text: JSON has no BigInt).',
    );
  });

  it('refuses a result that has no JSON form, naming why', async () => {
    const result = await run('const node = { name: "a" };\nnode.self = node;\nnode');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/^Error: The result cannot leave the sandbox as JSON: TypeError: circular reference/);
  });
});

describe('console and input', () => {
  it('captures console.log, info, warn, error and debug in order, objects as JSON', async () => {
    const result = await run(
      'console.log("plain", 1, { a: [1] });\nconsole.info("note");\nconsole.warn("careful");\nconsole.error(new TypeError("bad"));\nconsole.debug(null, undefined, 3n);\n42',
    );
    expect(result.output).toBe(
      [
        'Result (JSON):',
        '42',
        '',
        'Console (5 lines):',
        'plain 1 {"a":[1]}',
        '[info] note',
        '[warn] careful',
        '[error] TypeError: bad',
        '[debug] null undefined 3n',
      ].join('\n'),
    );
  });

  it('gives the input JSON as the global `input`, and leaves it undefined when there is none', async () => {
    const given = await run('input.rows.map((row) => row.price * row.quantity)', {
      input: {
        rows: [
          { price: 2, quantity: 3 },
          { price: 5, quantity: 1 },
        ],
      },
    });
    expect(resultOf(given)).toEqual([6, 5]);
    expect(resultOf(await run('typeof input'))).toBe('undefined');
    expect(resultOf(await run('input', { input: null }))).toBeNull();
  });

  it('shows the console output written before an error', async () => {
    const result = await run('console.log("step 1");\nnull.property;');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('\n\nConsole before the end (1 line):\nstep 1');
  });
});

describe('errors with the line numbers of the code', () => {
  it('names the thrown error, its line and column, and the frames', async () => {
    const result = await run(
      'function check(value) {\n  if (value > 1) throw new RangeError("too big");\n}\ncheck(5);',
    );
    expect(result.outcome).toBe('Failure');
    expect(result.output).toBe(
      [
        'Error: The code threw RangeError: too big (main.js line 2, column 38).',
        '    at check (main.js:2:38)',
        '    at <eval> (main.js:4:6)',
      ].join('\n'),
    );
  });

  it('shows a syntax error with the line and a caret', async () => {
    const result = await run('const a = 1;\nconst b = a +* 2;');
    expect(result.output).toBe(
      [
        "Error: The code does not parse: SyntaxError: unexpected token in expression: '*' (main.js line 2, column 14).",
        '2 | const b = a +* 2;',
        '  |              ^',
      ].join('\n'),
    );
  });

  it('keeps line 1 columns right when the code runs as a function body', async () => {
    const result = await run('return missing();');
    expect(result.output).toBe(
      "Error: The code threw ReferenceError: 'missing' is not defined (main.js line 1, column 8).\n    at <anonymous> (main.js:1:8)",
    );
  });

  it('says when the thrown value is not an Error', async () => {
    expect((await run('throw { code: 42 };')).output).toBe(
      'Error: The code threw a value that is not an Error: {"code":42}.',
    );
  });
});

describe('TypeScript', () => {
  it('runs with its types erased, with the lines of the TypeScript in errors', async () => {
    const code = [
      'interface Order { price: number; quantity: number }',
      'const orders: Order[] = input as Order[];',
      'function total<T extends Order>(list: readonly T[]): number {',
      '  return list.reduce((sum, order) => sum + order.price * order.quantity, 0);',
      '}',
      'total(orders) satisfies number;',
    ].join('\n');
    const result = await run(code, { language: 'typescript', input: [{ price: 3, quantity: 2 }] });
    expect(resultOf(result)).toBe(6);
    const failing = await run('type Id = string;\nconst id: Id = "a";\nthrow new Error("no " + id);', {
      language: 'typescript',
    });
    expect(failing.output).toMatch(/^Error: The code threw Error: no a \(main\.ts line 3, column \d+\)/);
  });

  it('refuses syntax that needs a compiler, saying what to write instead', async () => {
    const result = await run('const a = 1;\nenum Colour { Red }', { language: 'typescript' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('TypeScript enum is not supported in strip-only mode (main.ts line 2, column 1)');
    expect(result.output).toContain('write enums as objects');
    expect(result.output).toContain('2 | enum Colour { Red }');
  });

  it('refuses TypeScript that does not parse, with the position', async () => {
    const result = await run('let a = 1;\nconst b: = 2;', { language: 'typescript' });
    expect(result.output).toMatch(
      /^Error: The TypeScript does not parse with its types erased: .*\(main\.ts line 2, column 10\)/,
    );
  });
});

describe('a fresh sandbox for every call', () => {
  it('keeps nothing from one call to the next', async () => {
    expect(resultOf(await run('globalThis.leftover = 1; Object.prototype.marker = "x"; var declared = 2; 1'))).toBe(1);
    expect(resultOf(await run('[typeof leftover, typeof declared, ({}).marker === undefined]'))).toEqual([
      'undefined',
      'undefined',
      true,
    ]);
  });
});

describe('input checks before anything runs', () => {
  it('refuses code longer than MaxCodeCharacters, naming the setting', async () => {
    const short = createTestTool({ MaxCodeCharacters: 100 });
    const result = await runCode(short, { code: `// ${'x'.repeat(200)}\n1` });
    expect(result.output).toBe(
      'Error: The code is 205 characters long; the limit is 100 (Svc:Tools:Code:MaxCodeCharacters). Send shorter code, and pass data through `input`.',
    );
  });

  it('refuses input larger than MaxInputCharacters and input with no JSON form', async () => {
    const small = createTestTool({ MaxInputCharacters: 10 });
    expect((await runCode(small, { code: 'input', input: 'a long string' })).output).toBe(
      'Error: `input` is 15 characters of JSON; the limit is 10 (Svc:Tools:Code:MaxInputCharacters). Send less data.',
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await run('input', { input: cyclic })).output).toMatch(/^Error: `input` is not a JSON value/);
    expect((await run('input', { input: 10n })).output).toMatch(/^Error: `input` is not a JSON value/);
  });

  it('validates the arguments: code required and not empty, language one of two, nothing else', () => {
    expect(codeInterpreterInput.safeParse({}).success).toBe(false);
    expect(codeInterpreterInput.safeParse({ code: '' }).success).toBe(false);
    expect(codeInterpreterInput.safeParse({ code: '1', language: 'python' }).success).toBe(false);
    expect(codeInterpreterInput.safeParse({ code: '1', cwd: '/' }).success).toBe(false);
    expect(codeInterpreterInput.parse({ code: '1' })).toEqual({ code: '1', language: 'javascript' });
  });
});
