/** The raw shape of settings before they are bound to a section's schema. */

export type SettingsScalar = string | number | boolean | null;
export type SettingsValue = SettingsScalar | SettingsValue[] | SettingsTree;
export interface SettingsTree {
  [key: string]: SettingsValue;
}

/** One source of settings: its tree, and where each leaf came from (for messages). */
export interface SettingsLayer {
  /** Human name of the source, e.g. `appsettings.json` or `environment`. */
  readonly name: string;
  readonly tree: SettingsTree;
  /** Lower-cased `A:B:C` path of each leaf → origin shown in messages. */
  readonly origins: ReadonlyMap<string, string>;
}

export const keySeparator = ':';

export function isTree(value: SettingsValue | undefined): value is SettingsTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function pathKey(segments: readonly (string | number)[]): string {
  return segments.join(keySeparator).toLowerCase();
}

export function displayPath(segments: readonly (string | number)[]): string {
  return segments.join(keySeparator);
}

/** The key of `tree` equal to `name` ignoring case, if any. */
export function findKey(tree: SettingsTree, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(tree).find((key) => key.toLowerCase() === lower);
}

export function getPath(tree: SettingsTree, segments: readonly string[]): SettingsValue | undefined {
  let current: SettingsValue | undefined = tree;
  for (const segment of segments) {
    if (!isTree(current)) return undefined;
    const key = findKey(current, segment);
    current = key === undefined ? undefined : current[key];
  }
  return current;
}

/**
 * Sets `value` at `segments`, creating sections on the way and matching existing
 * keys without regard to case. Returns false when a value already sits where a
 * section is needed (the caller reports the clash).
 */
export function setPath(tree: SettingsTree, segments: readonly string[], value: SettingsValue): boolean {
  let current = tree;
  for (const [index, segment] of segments.entries()) {
    const key = findKey(current, segment) ?? segment;
    if (index === segments.length - 1) {
      current[key] = value;
      return true;
    }
    const next = current[key];
    if (next === undefined) current[key] = {};
    else if (!isTree(next)) return false;
    current = current[key] as SettingsTree;
  }
  return true;
}

/** Every leaf of a tree with its path; lists and empty sections are leaves of their own. */
export function* leaves(
  value: SettingsValue,
  segments: string[] = [],
): Generator<{ segments: string[]; value: SettingsValue }> {
  if (isTree(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) yield* leaves(child, [...segments, key]);
  } else {
    yield { segments, value };
  }
}

/**
 * Layers merged lowest first: sections merge key by key (ignoring case), any other
 * value (a text, a number, a whole list) replaces what a lower layer said.
 */
export function mergeLayers(layers: readonly SettingsLayer[]): { tree: SettingsTree; origins: Map<string, string> } {
  const tree: SettingsTree = {};
  const origins = new Map<string, string>();
  for (const layer of layers) {
    for (const leaf of leaves(layer.tree)) {
      if (leaf.segments.length === 0) continue;
      if (isTree(leaf.value) && isTree(getPath(tree, leaf.segments))) continue; // an empty section adds nothing
      while (!setPath(tree, leaf.segments, structuredClone(leaf.value))) {
        // A higher layer turns a value into a section: the section wins.
        clearBlockingValue(tree, leaf.segments, origins);
      }
      const key = pathKey(leaf.segments);
      const prefix = `${key}${keySeparator}`;
      for (const known of origins.keys()) if (known.startsWith(prefix)) origins.delete(known);
      origins.set(key, layer.origins.get(key) ?? layer.name);
    }
  }
  return { tree, origins };
}

function clearBlockingValue(tree: SettingsTree, segments: readonly string[], origins: Map<string, string>): void {
  let current = tree;
  for (const [index, segment] of segments.entries()) {
    const key = findKey(current, segment) ?? segment;
    const next = current[key];
    if (next === undefined) return;
    if (!isTree(next)) {
      current[key] = {};
      origins.delete(pathKey(segments.slice(0, index + 1)));
      return;
    }
    current = next;
  }
}
