import { afterAll, describe, expect, it } from 'vitest';
import { CodeSandbox } from '../src/index.js';

const mebibyte = 1024 * 1024;

describe('a thousand calls', () => {
  const sandbox = new CodeSandbox({ maxConcurrentRuns: 1 });
  afterAll(() => sandbox.close());

  it('leave the sandbox memory where it started and the process memory flat: every runtime is disposed', async () => {
    // Each call builds about 200 KiB of objects; a runtime left undisposed would keep it and grow the memory.
    const code =
      'const rows = [];\nfor (let i = 0; i < 2_000; i++) rows.push({ id: i, name: "row " + i });\nconsole.log(rows.length);\nrows.reduce((sum, row) => sum + row.id, 0)';
    const sizes = new Set<number>();
    let rssAfterWarmUp = 0;
    for (let call = 1; call <= 1_000; call++) {
      const outcome = await sandbox.run({ code });
      if (outcome.status !== 'completed') throw new Error(`call ${call} ended ${outcome.status}`);
      sizes.add(outcome.sandboxMemoryBytes);
      if (call === 50) rssAfterWarmUp = process.memoryUsage().rss;
    }
    const growth = process.memoryUsage().rss - rssAfterWarmUp;
    expect([...sizes]).toEqual([16 * mebibyte]);
    expect(growth).toBeLessThan(64 * mebibyte);
  });

  it('give back the memory of a call that grew the engine: the next call starts from a fresh engine', async () => {
    const big = await sandbox.run({ code: 'const block = new Array(3_000_000).fill(1);\nblock.length' });
    expect(big.status === 'completed' && big.sandboxMemoryBytes).toBeGreaterThan(32 * mebibyte);
    const next = await sandbox.run({ code: '1' });
    expect(next.status === 'completed' && next.sandboxMemoryBytes).toBe(16 * mebibyte);
  });
});
