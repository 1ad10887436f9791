import type { SourceLocation } from '../crew-problem.js';

const keyOf = (path: readonly string[]) => path.join('\u0000');

/**
 * Where each key of a loaded crew was written: its file, line and column, the key's
 * own spelling (`expected_output` for `expectedOutput`), and the order of a map's keys.
 * Paths are in the crew's canonical key shape, so any problem's path finds its place.
 */
export class SourcePositions {
  readonly #locations = new Map<string, SourceLocation>();
  readonly #spellings = new Map<string, string>();
  readonly #children = new Map<string, string[]>();

  /** Records where `path` was written; `spelling` is the key as written, when it differs. */
  record(path: readonly string[], location: SourceLocation, spelling?: string): void {
    const key = keyOf(path);
    this.#locations.set(key, location);
    if (spelling !== undefined && spelling !== path.at(-1)) this.#spellings.set(key, spelling);
    if (path.length > 0) {
      const parent = keyOf(path.slice(0, -1));
      const siblings = this.#children.get(parent) ?? [];
      if (!siblings.includes(path.at(-1) as string)) siblings.push(path.at(-1) as string);
      this.#children.set(parent, siblings);
    }
  }

  /** Where `path` was written, or the nearest enclosing key that was (a missing key points at its parent). */
  locate(path: readonly string[]): SourceLocation | undefined {
    for (let length = path.length; length >= 0; length--) {
      const location = this.#locations.get(keyOf(path.slice(0, length)));
      if (location !== undefined) return location;
    }
    return undefined;
  }

  /** The path as the author wrote its keys, joined with dots. */
  writtenKey(path: readonly string[]): string {
    return path.map((segment, index) => this.#spellings.get(keyOf(path.slice(0, index + 1))) ?? segment).join('.');
  }

  /** A map's keys in the order they were written. */
  keysAt(path: readonly string[]): readonly string[] {
    return this.#children.get(keyOf(path)) ?? [];
  }
}
