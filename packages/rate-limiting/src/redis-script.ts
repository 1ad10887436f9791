import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script run by its digest (EVALSHA), sent whole (EVAL) the first time a server does not know it. */
export class RedisScript {
  readonly #source: string;
  readonly #digest: string;

  constructor(source: string) {
    this.#source = source;
    this.#digest = createHash('sha1').update(source).digest('hex');
  }

  async run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.#digest, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.#source, keys.length, ...keys, ...args);
    }
  }
}
