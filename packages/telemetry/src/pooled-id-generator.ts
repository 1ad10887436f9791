import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

const poolBytes = 4096;

/**
 * Trace and span ids from a pool of cryptographically random bytes, refilled 4 KiB at a
 * time: one system call per few hundred spans instead of the SDK's default generator's
 * `Math.random()` per byte. Ids are never all zeros (an invalid id).
 */
export class PooledRandomIdGenerator implements IdGenerator {
  readonly #pool = Buffer.alloc(poolBytes);
  #offset = poolBytes;

  generateTraceId(): string {
    return this.#next(16);
  }

  generateSpanId(): string {
    return this.#next(8);
  }

  #next(bytes: number): string {
    for (;;) {
      if (this.#offset + bytes > poolBytes) {
        randomFillSync(this.#pool);
        this.#offset = 0;
      }
      const start = this.#offset;
      this.#offset += bytes;
      const id = this.#pool.toString('hex', start, start + bytes);
      if (!/^0+$/.test(id)) return id;
    }
  }
}
