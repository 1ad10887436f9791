import { randomFillSync } from 'node:crypto';

export interface MessageStampsOptions {
  /** Injected for tests; by default the system clock, read once per message. */
  readonly clock?: () => Date;
  /** Injected for tests; by default time-ordered UUIDs (version 7). */
  readonly newId?: () => string;
}

/**
 * Stamps messages with an id and a time. By default the id is a UUID version 7 (RFC 9562): the
 * millisecond, then random bits, the last 32 of which count up within the millisecond from a
 * random start, so ids sort by creation in a process and one costs a string concatenation. The
 * ISO time is formatted once per millisecond. Both are on every message's path, where a random
 * UUID and a `toISOString` each cost more than delivering the message.
 */
export class MessageStamps {
  readonly #clock: (() => Date) | undefined;
  readonly #newId: (() => string) | undefined;
  readonly #injected: boolean;
  #millisecond = Number.NaN;
  #publishedAt = '';
  #idHead = '';
  #counter = 0;
  /** The id's text up to the counter's last byte (which changes with every id), and that upper part. */
  #idUpToLastByte = '';
  #counterUpper = -1;

  constructor(options: MessageStampsOptions = {}) {
    this.#clock = options.clock;
    this.#newId = options.newId;
    this.#injected = options.clock !== undefined || options.newId !== undefined;
  }

  /** A new message id. */
  nextId(): string {
    if (this.#injected) return this.#newId?.() ?? this.#timeOrderedId(Date.now());
    return this.#timeOrderedId(Date.now());
  }

  /**
   * The time of the message whose id was made last (one clock reading gives both: no object
   * per message for the pair). With an injected clock, that clock's time now.
   */
  publishedAt(): string {
    if (this.#injected) return (this.#clock?.() ?? new Date()).toISOString();
    return this.#publishedAt;
  }

  #timeOrderedId(millisecond: number): string {
    if (millisecond !== this.#millisecond || this.#counter === 0xffffffff) this.#turn(millisecond);
    const counter = ++this.#counter;
    const upper = counter >>> 8;
    if (upper !== this.#counterUpper) {
      this.#counterUpper = upper;
      this.#idUpToLastByte =
        this.#idHead + hexByte[upper >>> 16] + hexByte[(upper >>> 8) & 0xff] + hexByte[upper & 0xff];
    }
    return this.#idUpToLastByte + hexByte[counter & 0xff];
  }

  /** A new millisecond: its ISO time, the id's time and random bits, a random start of the counter. */
  #turn(millisecond: number): void {
    this.#millisecond = millisecond;
    this.#publishedAt = new Date(millisecond).toISOString();
    const at = takeRandomBytes(10);
    const time = millisecond.toString(16).padStart(12, '0');
    const randA = (randomPool.readUInt16BE(at) & 0x0fff).toString(16).padStart(3, '0');
    const variantAndRandom = ((randomPool.readUInt16BE(at + 2) & 0x3fff) | 0x8000).toString(16);
    const tailHead = randomPool
      .readUInt16BE(at + 4)
      .toString(16)
      .padStart(4, '0');
    this.#idHead = `${time.slice(0, 8)}-${time.slice(8)}-7${randA}-${variantAndRandom}-${tailHead}`;
    // Below 2^31, so the count cannot run past 32 bits within a millisecond in practice.
    this.#counter = randomPool.readUInt32BE(at + 6) >>> 1;
    this.#counterUpper = -1;
  }
}

// Random bytes drawn 1,000 at a time: a millisecond's turn takes 10 of them.
const randomPool = Buffer.alloc(1_000);
let randomPoolOffset = randomPool.length;

/** Where `count` fresh random bytes start in the pool. */
function takeRandomBytes(count: number): number {
  if (randomPoolOffset + count > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const at = randomPoolOffset;
  randomPoolOffset += count;
  return at;
}

/** Two hex digits of each byte value. */
const hexByte: readonly string[] = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));
