import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSessionStoreTool } from '../../src/index.js';
import { fixedRunView, pipelineIn } from './session-test-setup.js';

const store = (settings: Parameters<typeof createSessionStoreTool>[0] = {}) => {
  const run = fixedRunView();
  return pipelineIn([createSessionStoreTool(settings)], () => run).then(
    (invoke) => (input: unknown) => invoke('session_store', input),
  );
};

describe('session_store', () => {
  it('sets, gets, replaces, lists and deletes, saying how full the store is', async () => {
    const call = await store();
    expect((await call({ action: 'set', key: 'outline', value: 'one, two' })).output).toBe(
      "Stored 'outline' (8 characters); 1 of 100 keys, 15 of 200,000 characters used.",
    );
    expect((await call({ action: 'get', key: 'outline' })).output).toBe('one, two');
    expect((await call({ action: 'set', key: 'outline', value: 'three' })).output).toBe(
      "Replaced 'outline' (5 characters); 1 of 100 keys, 12 of 200,000 characters used.",
    );
    expect((await call({ action: 'list' })).output).toBe(
      '- outline (5 characters)\n1 of 100 keys, 12 of 200,000 characters used.',
    );
    expect((await call({ action: 'delete', key: 'outline' })).output).toBe(
      "Deleted 'outline'; 0 of 100 keys, 0 of 200,000 characters used.",
    );
    expect((await call({ action: 'list' })).output).toBe('The store is empty.');
  });

  it('keeps one store per run', async () => {
    let run = fixedRunView();
    const invoke = await pipelineIn([createSessionStoreTool()], () => run);
    await invoke('session_store', { action: 'set', key: 'k', value: 'first run' });
    run = fixedRunView();
    expect((await invoke('session_store', { action: 'get', key: 'k' })).output).toBe(
      "Error: Nothing is stored under 'k'. The store is empty.",
    );
  });

  it('refuses an oversize value, a key past the count and a write past the total, keeping what it had', async () => {
    const call = await store({ MaxStoreEntries: 2, MaxStoreValueCharacters: 10, MaxStoreTotalCharacters: 22 });
    const oversize = await call({ action: 'set', key: 'big', value: 'x'.repeat(11) });
    expect(oversize.outcome).toBe('Failure');
    expect(oversize.output).toBe(
      'Error: The value has 11 characters; one key holds at most 10 (Svc:Tools:Session:MaxStoreValueCharacters). Store a shorter value, or split it over several keys.',
    );
    await call({ action: 'set', key: 'a', value: 'x'.repeat(10) });
    await call({ action: 'set', key: 'b', value: 'y'.repeat(10) });
    expect((await call({ action: 'set', key: 'c', value: 'z' })).output).toBe(
      'Error: The store is full: 2 keys (Svc:Tools:Session:MaxStoreEntries). Delete a key you no longer need, or replace one.',
    );
    expect((await call({ action: 'set', key: 'a', value: 'x'.repeat(10) })).outcome).toBe('Success');
    await call({ action: 'delete', key: 'b' });
    expect((await call({ action: 'set', key: 'bb', value: 'y'.repeat(10) })).output).toBe(
      'Error: Storing this would hold 23 characters; the store holds at most 22 (Svc:Tools:Session:MaxStoreTotalCharacters). Delete keys you no longer need first.',
    );
    expect((await call({ action: 'list' })).output).toBe('- a (10 characters)\n1 of 2 keys, 11 of 22 characters used.');
  });

  it('refuses hostile keys and stores prototype names as plain keys', async () => {
    const call = await store();
    for (const [key, problem] of [
      ['', 'is empty'],
      ['   ', 'is empty'],
      ['k'.repeat(201), 'has 201 characters; use at most 200'],
      ['line\nbreak', 'control characters or broken Unicode'],
      ['bell\u0007', 'control characters or broken Unicode'],
      ['half \ud800 surrogate', 'control characters or broken Unicode'],
    ] as const) {
      const result = await call({ action: 'set', key, value: 'v' });
      expect(result.outcome, JSON.stringify(key)).toBe('Failure');
      expect(result.output).toContain(problem);
    }
    expect((await call({ action: 'list' })).output).toBe('The store is empty.');
    for (const key of ['__proto__', 'constructor', 'toString']) {
      expect((await call({ action: 'set', key, value: `plain ${key}` })).outcome).toBe('Success');
      expect((await call({ action: 'get', key })).output).toBe(`plain ${key}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('refuses malformed arguments before touching the store', async () => {
    const call = await store();
    for (const input of [
      { action: 'drop', key: 'k' },
      { action: 'set', key: 'k', value: 42 },
      { action: 'set', key: 'k', value: 'v', extra: true },
      '{"action": "set", "key": ',
      { action: 'get' },
      { action: 'set', key: 'k' },
    ]) {
      const result = await call(input);
      expect(result.outcome, JSON.stringify(input)).toBe('Failure');
    }
    expect((await call({ action: 'get' })).output).toBe(
      'Error: The action \'get\' needs a key: give \'key\', e.g. {"action":"get","key":"outline"}.',
    );
    expect((await call({ action: 'list' })).output).toBe('The store is empty.');
  });

  it('behaves like a bounded map for any sequence of operations (property)', async () => {
    const limits = { MaxStoreEntries: 4, MaxStoreValueCharacters: 8, MaxStoreTotalCharacters: 40 };
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', '__proto__');
    const operation = fc.oneof(
      fc.record({ action: fc.constant('set' as const), key, value: fc.string({ maxLength: 10 }) }),
      fc.record({ action: fc.constant('get' as const), key }),
      fc.record({ action: fc.constant('delete' as const), key }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 25 }), async (operations) => {
        const call = await store(limits);
        const model = new Map<string, string>();
        const size = () => [...model].reduce((total, [k, v]) => total + k.length + v.length, 0);
        for (const op of operations) {
          const result = await call(op);
          if (op.action === 'get') {
            const expected = model.get(op.key);
            expect(result.outcome).toBe(expected === undefined ? 'Failure' : 'Success');
            if (expected !== undefined) expect(result.output).toBe(expected);
          } else if (op.action === 'delete') {
            expect(result.outcome).toBe(model.delete(op.key) ? 'Success' : 'Failure');
          } else {
            const before = model.get(op.key);
            const total = size() - (before === undefined ? 0 : op.key.length + before.length);
            const fits =
              op.value.length <= limits.MaxStoreValueCharacters &&
              (before !== undefined || model.size < limits.MaxStoreEntries) &&
              total + op.key.length + op.value.length <= limits.MaxStoreTotalCharacters;
            expect(result.outcome).toBe(fits ? 'Success' : 'Failure');
            if (fits) model.set(op.key, op.value);
          }
        }
        expect(size()).toBeLessThanOrEqual(limits.MaxStoreTotalCharacters);
      }),
      { numRuns: 60 },
    );
  });
});
