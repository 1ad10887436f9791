import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestTool, resultOf, runCode } from './code-fixture.js';

// The published escape classes of JavaScript sandboxes, each tried from inside. Every test
// checks the answer inside the sandbox AND that the host is untouched.

const tool = createTestTool({ TimeoutMilliseconds: 1_000 });
const run = (code: string, input?: unknown) => runCode(tool, input === undefined ? { code } : { code, input });

/** The standard globals of ECMAScript that QuickJS offers, plus the sandbox's own `console` and `input`. */
const allowedGlobals = new Set([
  ...['globalThis', 'Infinity', 'NaN', 'undefined', 'eval', 'isFinite', 'isNaN', 'parseFloat', 'parseInt'],
  ...['decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape'],
  ...['Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Math', 'JSON', 'Reflect'],
  ...['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'InternalError'],
  ...['AggregateError', 'Date', 'RegExp', 'Proxy', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef'],
  ...['FinalizationRegistry', 'Promise', 'ArrayBuffer', 'DataView', 'Iterator', 'Uint8Array', 'Int8Array'],
  ...['Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array'],
  ...['BigUint64Array', 'Float16Array', 'Float32Array', 'Float64Array', 'DisposableStack', 'AsyncDisposableStack'],
  ...['SuppressedError', 'console', 'input'],
]);

let hostGlobalsBefore: string[];
let prototypeBefore: string[];
beforeEach(() => {
  hostGlobalsBefore = Object.getOwnPropertyNames(globalThis).sort();
  prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterEach(() => {
  expect(Object.getOwnPropertyNames(globalThis).sort()).toEqual(hostGlobalsBefore);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
});

describe('no host objects reach the sandbox', () => {
  it('offers only the standard globals, console and input', async () => {
    const names = resultOf(await run('Object.getOwnPropertyNames(globalThis)')) as string[];
    expect(names.filter((name) => !allowedGlobals.has(name))).toEqual([]);
    expect(names).toContain('console');
  });

  it('has no process, require, module, Buffer, std or os', async () => {
    const types = resultOf(
      await run(
        '["process", "require", "module", "exports", "Buffer", "__dirname", "std", "os", "Deno", "Bun", "WebAssembly", "performance"].map((name) => typeof globalThis[name])',
      ),
    ) as string[];
    expect(new Set(types)).toEqual(new Set(['undefined']));
    const thrown = await run('process.exit(1)');
    expect(thrown.output).toMatch(/^Error: The code threw ReferenceError: 'process' is not defined/);
  });

  it("finds only the sandbox's own global through Function('return this')() and constructor chains", async () => {
    const probes = resultOf(
      await run(
        [
          'const viaFunction = Function("return this")();',
          'const viaChain = this.constructor.constructor("return this")();',
          'const viaConsole = console.log.constructor("return this")();',
          'const viaAsync = (async () => {}).constructor("return this");',
          '[viaFunction === globalThis, viaChain === globalThis, viaConsole === globalThis, typeof viaAsync,',
          ' typeof viaFunction.process, Object.getPrototypeOf(console.log).constructor("return typeof process")()]',
        ].join('\n'),
      ),
    );
    expect(probes).toEqual([true, true, true, 'function', 'undefined', 'undefined']);
    const chain = await run('this.constructor.constructor("return process")().mainModule.require("fs")');
    expect(chain.output).toMatch(/^Error: The code threw ReferenceError: 'process' is not defined/);
  });

  it('loads no module, static or dynamic', async () => {
    const dynamic = await run('await import("node:fs")');
    expect(dynamic.output).toMatch(/^Error: The code threw ReferenceError: could not load module 'node:fs'/);
    const staticImport = await run(
      'import { readFileSync } from "fs";\nexport default readFileSync("/etc/passwd", "utf8");',
    );
    expect(staticImport.output).toMatch(/^Error: The code threw ReferenceError: could not load module 'fs'/);
  });
});

describe('no network, no files', () => {
  let server: Server;
  let requests = 0;
  let folder: TemporaryDirectory;
  beforeAll(async () => {
    server = createServer((_, response) => {
      requests++;
      response.end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    folder = await createTemporaryDirectory('orkeon-code-');
    await writeFile(join(folder.path, 'secret.txt'), 'host secret');
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await folder.remove();
  });

  it('has no fetch, XMLHttpRequest, WebSocket or EventSource, and the loopback server hears nothing', async () => {
    const { port } = server.address() as AddressInfo;
    const types = resultOf(
      await run(
        '["fetch", "XMLHttpRequest", "WebSocket", "EventSource", "navigator"].map((name) => typeof globalThis[name])',
      ),
    );
    expect(types).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    const attempt = await run(`await fetch("http://127.0.0.1:${port}/");`);
    expect(attempt.output).toMatch(/^Error: The code threw ReferenceError: 'fetch' is not defined/);
    expect(requests).toBe(0);
  });

  it('cannot read or write a file of the host, by path or by URL', async () => {
    const secret = join(folder.path, 'secret.txt');
    const attempt = await run(
      `const path = input;\ntry { readFile(path) } catch (error) { console.log(String(error)) }\ntry { await import("file://" + path) } catch (error) { console.log(String(error)) }\n"done"`,
      secret,
    );
    expect(attempt.output).not.toContain('host secret');
    expect(attempt.output).toContain("ReferenceError: 'readFile' is not defined");
    expect(attempt.output).toContain('ReferenceError: could not load module');
    expect(await readFile(secret, 'utf8')).toBe('host secret');
  });
});

describe('nothing outlives the call', () => {
  it('has no timers, and promise jobs run inside the call or never', async () => {
    expect(
      resultOf(await run('[typeof setTimeout, typeof setInterval, typeof setImmediate, typeof queueMicrotask]')),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
    const later = await run('Promise.resolve().then(() => console.log("job ran"));\n"returned"');
    expect(later.output).toBe('Result (JSON):\n"returned"\n\nConsole (1 line):\njob ran');
  });

  it('has no SharedArrayBuffer or Atomics, so nothing can block on Atomics.wait', async () => {
    expect(resultOf(await run('[typeof SharedArrayBuffer, typeof Atomics]'))).toEqual(['undefined', 'undefined']);
    const wait = await run('Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)');
    expect(wait.output).toMatch(/^Error: The code threw ReferenceError: '(Atomics|SharedArrayBuffer)' is not defined/);
  });
});

describe('changes inside stay inside', () => {
  it("changes the sandbox's built-ins, never the host's, and the result still crosses as JSON", async () => {
    const result = await run(
      [
        'Object.prototype.polluted = "yes";',
        'Object.defineProperty(Object.prototype, "toJSON", { value: () => "hijacked", configurable: true });',
        'Array.prototype.push = null;',
        'JSON.stringify = () => "\\"forged\\"";',
        'String.prototype.slice = () => "sliced";',
        'delete Object.prototype.toJSON;',
        '({ clean: ({}).polluted })',
      ].join('\n'),
    );
    expect(resultOf(result)).toEqual({ clean: 'yes' });
    const host: Record<string, unknown> = {};
    expect(host.polluted).toBeUndefined();
    expect(typeof Array.prototype.push).toBe('function');
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
    expect(resultOf(await run('[({}).polluted, typeof Array.prototype.push]'))).toEqual([null, 'function']);
  });

  it('runs getters, toJSON and Proxy traps of a returned value inside the sandbox, under its limits', async () => {
    const getter = await run('let runs = 0;\n({ get value() { runs++; return runs; } })');
    expect(resultOf(getter)).toEqual({ value: 1 });
    const endless = await run('({ get value() { while (true) {} } })');
    expect(endless.output).toMatch(/^Error: The code ran past the time limit/);
    const trap = await run('new Proxy({}, { ownKeys() { throw new Error("trap ran inside"); } })');
    expect(trap.output).toMatch(/^Error: The result cannot leave the sandbox as JSON: Error: trap ran inside/);
    const benign = await run('new Proxy({ a: 1 }, { get: (target, key) => (key === "a" ? 2 : target[key]) })');
    expect(resultOf(benign)).toEqual({ a: 2 });
  });

  it('returns a function, a symbol or a revoked Proxy only as text', async () => {
    expect((await run('() => process')).output).toMatch(
      /^Result: \[Function anonymous\], a function, which cannot leave/,
    );
    expect((await run('Symbol.for("key")')).output).toMatch(/^Result: Symbol\(key\), a symbol/);
    const revoked = await run('const { proxy, revoke } = Proxy.revocable({}, {});\nrevoke();\nproxy');
    expect(revoked.output).toMatch(/^Error: The result cannot leave the sandbox as JSON: TypeError/);
  });

  it('cannot reach the host through a thrown value', async () => {
    const thrown = await run('throw { get message() { return String(typeof process); }, name: "Custom" }');
    expect(thrown.output).toMatch(/^Error: The code threw Custom: undefined/);
  });
});

describe('oversize code', () => {
  it('ends an eval of a huge string within the limits, and the host goes on', async () => {
    const result = await run('eval("1+".repeat(5_000_000) + "1")');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/^Error: The code (reached the (memory|stack) limit|ran past the time limit)/);
    expect(resultOf(await run('"alive"'))).toBe('alive');
  });

  it('shows no host path in any error', async () => {
    const outputs = await Promise.all([
      run('null.x'),
      run('function f() { f(); }\nf()'),
      run('import x from "../../../../etc/passwd";\nexport default x;'),
    ]);
    for (const { output } of outputs) {
      expect(output).not.toMatch(/\/(?:work|home|tmp|usr)\//);
      expect(output).not.toContain('node_modules');
    }
  });
});
