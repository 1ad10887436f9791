import { ConfigurationError } from '@orkeon/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { bindCodeSettings, CodeSandbox } from '../src/index.js';
import { createTestTool, runCode } from './code-fixture.js';

const sandbox = new CodeSandbox({ maxConcurrentRuns: 1, maxOutputCharacters: 100_000 });
afterAll(() => sandbox.close());

describe('what crosses the boundary', () => {
  it('brings any JSON input back unchanged through `input` and the result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const outcome = await sandbox.run({ code: 'input', input: value });
        expect(outcome.status).toBe('completed');
        if (outcome.status !== 'completed' || outcome.value.type !== 'json') throw new Error('no JSON result');
        expect(JSON.parse(outcome.value.json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 60 },
    );
  });

  it('brings any logged strings back as the same lines, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 8 }),
        fc.constantFrom('log', 'info', 'warn', 'error', 'debug'),
        async (texts, level) => {
          const outcome = await sandbox.run({
            code: `for (const text of input) console.${level}(text);`,
            input: texts,
          });
          expect(outcome.status).toBe('completed');
          if (outcome.status !== 'completed') return;
          expect(outcome.console.lines).toEqual(texts.map((text) => ({ level, text })));
          expect(outcome.console.droppedLines).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('cuts any console output to the limit and counts what it cut', async () => {
    const small = new CodeSandbox({ maxOutputCharacters: 100 });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.string({ maxLength: 60 }), { maxLength: 12 }), async (texts) => {
          const outcome = await small.run({ code: 'for (const text of input) console.log(text);', input: texts });
          if (outcome.status !== 'completed') throw new Error(outcome.status);
          const { console } = outcome;
          const total = texts.join('\n').length;
          expect(console.totalCharacters).toBe(total);
          expect(console.keptCharacters).toBe(
            Math.min(total, console.lines.map((line) => line.text).join('\n').length),
          );
          expect(console.keptCharacters).toBeLessThanOrEqual(100);
          expect(console.lines.length + console.droppedLines).toBe(texts.length);
          expect(texts.join('\n').startsWith(console.lines.map((line) => line.text).join('\n'))).toBe(true);
        }),
        { numRuns: 60 },
      );
    } finally {
      await small.close();
    }
  });
});

describe('hostile input', () => {
  it('answers any code with a result or a failure, never an exception, and keeps working', async () => {
    const tool = createTestTool({ TimeoutMilliseconds: 500 });
    const fragments = [
      '(',
      ')',
      '{',
      '}',
      '[',
      ']',
      '`',
      '${',
      '"',
      "'",
      '/',
      '*',
      'await',
      'return',
      'export',
      'import',
    ];
    const code = fc
      .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 20 })
      .map((parts) => parts.join(' '))
      .filter((text) => text.length > 0);
    await fc.assert(
      fc.asyncProperty(code, fc.constantFrom('javascript' as const, 'typescript' as const), async (text, language) => {
        const result = await runCode(tool, { code: text, language });
        expect(['Success', 'Failure']).toContain(result.outcome);
        expect(result.output).not.toMatch(/\/(?:work|home|tmp)\//);
      }),
      { numRuns: 40 },
    );
    expect((await runCode(tool, { code: '6 * 7' })).output).toBe('Result (JSON):\n42');
  });
});

describe('settings', () => {
  it('accepts a stack size in range and refuses one outside, naming the key', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (bytes) => {
        const allowed = bytes >= 64 * 1024 && bytes <= 1024 * 1024;
        if (allowed) expect(bindCodeSettings({ MaxStackBytes: bytes }).MaxStackBytes).toBe(bytes);
        else expect(() => bindCodeSettings({ MaxStackBytes: bytes })).toThrow(ConfigurationError);
      }),
    );
  });
});
