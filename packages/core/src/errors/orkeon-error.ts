/**
 * The one base error of Orkeon. Every error the framework throws on purpose is an
 * `OrkeonError` with a stable `code` that programs can branch on, a message that
 * names the problem and the fix, and an optional `cause`.
 *
 * `instanceof` fails when two copies of a package are loaded (a nested
 * `node_modules`, a bundled plugin, another realm). `isInstance` does not: it reads
 * a brand stored under a registry symbol, which every copy and realm shares.
 *
 * `Code` is the union of the codes a class may carry, taken from its package's
 * registry (`coreErrorCodes`, `a2aErrorCodes`, …), so a code missing from the registry
 * fails the type-check. `NoInfer` keeps a literal argument from widening `Code` by itself:
 * a subclass names its package's union once, in its `extends` clause.
 */

const brand = Symbol.for('orkeon.error');

export interface OrkeonErrorOptions {
  cause?: unknown;
  /** Structured data about the failure. Never put secrets here. */
  details?: Readonly<Record<string, unknown>>;
}

export class OrkeonError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  /** Names of this error's class and its ancestors, read by `isInstance`. */
  declare readonly [brand]: readonly string[];

  constructor(code: NoInfer<Code>, message: string, options: OrkeonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.name = new.target.name;
    Object.defineProperty(this, brand, { value: classChain(new.target), enumerable: false });
  }

  /**
   * True when `value` is an error of this class (or a subclass), even when it was
   * created by another copy of the package. `OrkeonError.isInstance` matches every
   * Orkeon error; `SomeSubclass.isInstance` matches that subclass only.
   */
  static isInstance<T extends OrkeonError<string>>(
    this: abstract new (
      ...args: never[]
    ) => T,
    value: unknown,
  ): value is T {
    if (typeof value !== 'object' || value === null) return false;
    const chain = (value as { [brand]?: unknown })[brand];
    // `this` is the class isInstance was called on, so subclasses match only their own errors.
    // biome-ignore lint/complexity/noThisInStatic: polymorphic on purpose
    return Array.isArray(chain) && chain.includes(this.name);
  }

  toJSON(): { name: string; code: string; message: string; details?: Readonly<Record<string, unknown>> } {
    return this.details === undefined
      ? { name: this.name, code: this.code, message: this.message }
      : { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}

function classChain(target: abstract new (...args: never[]) => unknown): string[] {
  const names: string[] = [];
  for (let current: unknown = target; typeof current === 'function' && current !== Error; ) {
    names.push((current as { name: string }).name);
    current = Object.getPrototypeOf(current);
  }
  return names;
}
