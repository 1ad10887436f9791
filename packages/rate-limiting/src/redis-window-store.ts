import type { Redis } from 'ioredis';
import { RateLimitingStoreUnavailableError } from './rate-limiting-errors.js';
import { RedisScript } from './redis-script.js';
import { type SegmentCounts, segmentAt, segmentsPerWindow, windowMilliseconds } from './sliding-window.js';
import type { SlidingWindowStore, WindowAcquisition, WindowLimit } from './window-store.js';

// One hash per window, a field per segment. The script judges the windows in order and counts
// the call in all of them or none; Redis runs it alone, so processes acquiring at once never
// pass a limit together. Old segments are removed as they are read.
const acquireScript = new RedisScript(`
local current = tonumber(ARGV[1])
local oldest = current - tonumber(ARGV[2]) + 1
local totals = {}
for i, key in ipairs(KEYS) do
  local fields = redis.call('HGETALL', key)
  local total = 0
  local kept = {}
  for j = 1, #fields, 2 do
    if tonumber(fields[j]) < oldest then
      redis.call('HDEL', key, fields[j])
    else
      total = total + tonumber(fields[j + 1])
      kept[#kept + 1] = fields[j]
      kept[#kept + 1] = fields[j + 1]
    end
  end
  if total >= tonumber(ARGV[3 + i]) then
    return { i, kept }
  end
  totals[i] = total + 1
end
for _, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, ARGV[1], 1)
  redis.call('PEXPIRE', key, ARGV[3])
end
return { 0, totals }
`);

/** The windows in Redis, shared by every process using the same server and key prefix. */
export class RedisWindowStore implements SlidingWindowStore {
  readonly #client: () => Promise<Redis>;
  readonly #prefix: string;
  readonly #server: string;

  constructor(options: { readonly client: () => Promise<Redis>; readonly keyPrefix: string; readonly server: string }) {
    this.#client = options.client;
    this.#prefix = `${options.keyPrefix}rate-window:`;
    this.#server = options.server;
  }

  async acquire(limits: readonly WindowLimit[], now: number): Promise<WindowAcquisition> {
    const client = await this.#client();
    let reply: unknown;
    try {
      reply = await acquireScript.run(
        client,
        limits.map(({ key }) => `${this.#prefix}${key}`),
        // A window's hash outlives its newest segment by a whole window, then Redis removes it.
        [segmentAt(now), segmentsPerWindow, windowMilliseconds + 10_000, ...limits.map(({ limit }) => limit)],
      );
    } catch (error) {
      throw new RateLimitingStoreUnavailableError(
        { section: 'ToolRateLimiting', server: this.#server, operation: 'count a tool call' },
        error,
      );
    }
    const [deniedBy, values] = reply as [number, (string | number)[]];
    if (deniedBy === 0) return { acquired: true, totals: values.map(Number) };
    const counts: [number, number][] = [];
    for (let index = 0; index < values.length; index += 2)
      counts.push([Number(values[index]), Number(values[index + 1])]);
    return { acquired: false, deniedBy: deniedBy - 1, counts: counts as SegmentCounts };
  }
}
