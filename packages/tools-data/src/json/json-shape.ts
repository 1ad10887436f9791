import { plural } from '../shared/quantities.js';

/** Deepest nesting the JSON tool formats or queries; deeper documents are refused, not crashed on. */
export const maxJsonDepth = 512;

/** How deep a parsed JSON value nests, counted without recursion (a hostile document cannot overflow the stack). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > maxJsonDepth) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** One sentence on a JSON value: "an object with 3 keys (id, name, tags)", "an array of 12 items". */
export function describeJson(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${plural(value.length, 'item')}`;
  if (value === null) return 'null';
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 10).join(', ');
    const more = keys.length > 10 ? ', …' : '';
    return `an object with ${plural(keys.length, 'key')}${keys.length === 0 ? '' : ` (${shown}${more})`}`;
  }
  return `a ${typeof value} (${JSON.stringify(value).slice(0, 80)})`;
}

/** The same value with object keys in sorted order, at every level. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    Object.defineProperty(sorted, key, {
      value: sortKeys((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return sorted;
}
