import { redactedText } from '../config/secret-keys.js';
import type { ActiveMount } from './mount-table.js';

/**
 * Hides the physical folders of mounts in texts: messages, and the output of
 * processes. Every occurrence of a mount's physical or real folder is replaced,
 * whatever surrounds it (quotes, NUL, `’`, `|`, escape sequences, a neighbouring
 * name), so no encoding of an output can show one.
 */
export class PathRedaction {
  readonly #mounts: readonly ActiveMount[];
  readonly #pattern: RegExp | undefined;

  constructor(mounts: readonly ActiveMount[]) {
    this.#mounts = mounts;
    const roots = [...new Set(mounts.flatMap((mount) => [mount.realRoot, mount.physical]))]
      // A root of one character (`/`) would rewrite every separator; such a mount has nothing to hide.
      .filter((root) => root.length > 1)
      .sort((a, b) => b.length - a.length);
    // One pass, longest root first, so a replacement is never rewritten again.
    this.#pattern = roots.length === 0 ? undefined : new RegExp(roots.map(escapeRegExp).join('|'), 'g');
  }

  /**
   * Physical folders become the virtual paths agents know; internal mounts, and a
   * neighbouring folder that merely starts like a mount (`/srv/data-old`), become
   * `[REDACTED]`.
   */
  toVirtualText(text: string): string {
    return this.#replace(text, (mount, neighbour) =>
      mount.visibility === 'internal' || neighbour ? redactedText : mount.virtual,
    );
  }

  /**
   * Every physical folder becomes `[REDACTED]`, except an identity mount spelled the
   * same on both sides (`/output:/output:rw`), which reveals nothing.
   */
  redact(text: string): string {
    return this.#replace(text, (mount) => (mount.physical === mount.virtual ? mount.virtual : redactedText));
  }

  #replace(text: string, replacement: (mount: ActiveMount, neighbour: boolean) => string): string {
    const pattern = this.#pattern;
    if (pattern === undefined) return text;
    const once = (input: string) =>
      input.replace(pattern, (root: string, offset: number) => {
        const mount = this.#owner(root);
        return mount === undefined ? redactedText : replacement(mount, continuesName(input, offset + root.length));
      });
    // A replacement can complete a root with the text before it (`/srv` + `/srv/ws` gives `/srv` + `/ws`):
    // repeat until no root is left; each pass shortens the text or leaves it without a root.
    let result = once(text);
    for (let pass = 0; pass < 8 && this.#contains(result); pass++) result = once(result);
    return this.#contains(result) ? result.replace(pattern, redactedText) : result;
  }

  #contains(text: string): boolean {
    const pattern = this.#pattern;
    if (pattern === undefined) return false;
    pattern.lastIndex = 0;
    const found = pattern.test(text);
    pattern.lastIndex = 0;
    return found;
  }

  /** The mount a root belongs to; when two share it, an internal one, so it stays hidden. */
  #owner(root: string): ActiveMount | undefined {
    const owners = this.#mounts.filter((mount) => mount.realRoot === root || mount.physical === root);
    return owners.find((mount) => mount.visibility === 'internal') ?? owners[0];
  }
}

/** True when the text at `at` goes on with a file-name character: the match is the start of another name. */
function continuesName(text: string, at: number): boolean {
  const next = text.slice(at, at + 2);
  return /^[\p{L}\p{N}_~-]/u.test(next) || /^\.[\p{L}\p{N}_~-]/u.test(next);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
