import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import type { z } from 'zod';
import { closestMatch } from '../../text/closest-match.js';
import type { CrewProblem } from '../crew-problem.js';
import { canonicalKey, keySpellings, unknownKeyMessage } from '../key-aliases.js';
import { arrayItemSchema, objectShape, recordValueSchema } from '../schema-shape.js';
import type { SourcePositions } from './source-positions.js';
import { locationAt, type YamlFile } from './yaml-file.js';

/** Guards against alias bombs: a few aliases that each expand many others. */
const maxAliasExpansions = 1_000;

/**
 * Turns a YAML node into plain values, following a zod schema to know which maps are
 * objects with fixed keys (their keys are made canonical: `expected_output` →
 * `expectedOutput`; unknown keys are problems with a "did you mean") and which are
 * maps with free keys (ids, context). Records where every key was written. Types are
 * left for the schema to check.
 */
export class YamlWalker {
  readonly #source: YamlFile;
  readonly #positions: SourcePositions;
  readonly problems: CrewProblem[] = [];
  /** The maps and lists being walked, to refuse an alias inside its own anchor. */
  readonly #expanding = new Set<unknown>();
  #aliasesExpanded = 0;

  constructor(source: YamlFile, positions: SourcePositions) {
    this.#source = source;
    this.#positions = positions;
  }

  /** The file's root at `path`, without its reserved keys (`anchors`). */
  walkRoot(schema: z.ZodType | undefined, path: readonly string[], reserved: readonly string[]): unknown {
    const root = this.#source.document.contents;
    this.#positions.record(path, locationAt(this.#source, root?.range?.[0]));
    if (root === null) return undefined;
    if (!isMap(root)) return this.#walk(root, schema, path);
    this.#expanding.add(root);
    return this.#walkMap(root, schema, path, reserved);
  }

  #walk(node: unknown, schema: z.ZodType | undefined, path: readonly string[]): unknown {
    if (isAlias(node)) {
      const target = node.resolve(this.#source.document);
      if (target !== undefined && this.#expanding.has(target)) {
        this.#problem(
          'yaml-syntax',
          path,
          `the alias *${node.source} is inside its own anchor; it cannot refer to itself.`,
          node,
        );
        return null;
      }
      if (target !== undefined && ++this.#aliasesExpanded > maxAliasExpansions) {
        this.#problem(
          'yaml-syntax',
          path,
          `more than ${maxAliasExpansions} aliases are expanded in this file; use fewer.`,
          node,
        );
        return null;
      }
      if (target !== undefined) return this.#walk(target, schema, path);
      this.#problem(
        'yaml-syntax',
        path,
        `the alias *${node.source} names no anchor before it in this file; define &${node.source} above it in the same file (anchors do not cross files).`,
        node,
      );
      return null;
    }
    if (isScalar(node)) return node.value;
    if (!isSeq(node) && !isMap(node)) return null;
    this.#expanding.add(node);
    try {
      if (isMap(node)) return this.#walkMap(node, schema, path, []);
      const itemSchema = arrayItemSchema(schema);
      return node.items.map((item, index) => {
        const itemPath = [...path, String(index)];
        this.#positions.record(itemPath, locationAt(this.#source, (item as Node | null)?.range?.[0]));
        return this.#walk(item, itemSchema, itemPath);
      });
    } finally {
      this.#expanding.delete(node);
    }
  }

  #walkMap(
    map: YAMLMap,
    schema: z.ZodType | undefined,
    path: readonly string[],
    reserved: readonly string[],
  ): Record<string, unknown> {
    const shape = objectShape(schema);
    const keys = shape === undefined ? undefined : Object.keys(shape);
    const result: Record<string, unknown> = {};
    const written = new Map<string, string>();
    for (const { pair, merged } of this.#pairs(map)) {
      const keyNode = pair.key as Node | null;
      if (!isScalar(keyNode) || (typeof keyNode.value !== 'string' && typeof keyNode.value !== 'number')) {
        this.#problem('bad-type', path, 'a key must be plain text.', keyNode);
        continue;
      }
      const spelling = String(keyNode.value);
      if (reserved.includes(spelling)) continue;
      const key = keys === undefined ? spelling : canonicalKey(spelling, keys);
      if (key === undefined) {
        this.#problem('unknown-key', [...path, spelling], this.#unknownKey(spelling, keys ?? [], path), keyNode);
        continue;
      }
      const earlier = written.get(key);
      if (earlier !== undefined) {
        // A key merged in from an anchor gives way to one written here, as YAML merges do.
        if (!merged) {
          this.#problem(
            'duplicate-key',
            [...path, spelling],
            `written twice (as ${earlier} and ${spelling}); keep one.`,
            keyNode,
          );
        }
        continue;
      }
      written.set(key, spelling);
      const keyPath = [...path, key];
      this.#positions.record(keyPath, locationAt(this.#source, keyNode.range?.[0]), spelling);
      const value = this.#walk(pair.value, shape === undefined ? recordValueSchema(schema) : shape[key], keyPath);
      // An empty value (`backstory:`) leaves the key out, as if it were not written.
      if (value !== null || shape === undefined) result[key] = value;
    }
    return result;
  }

  /** The map's own pairs first, then those of `<<` merges (earlier merges win), so written keys take precedence. */
  #pairs(map: YAMLMap): { pair: Pair; merged: boolean }[] {
    const own: { pair: Pair; merged: boolean }[] = [];
    const merged: { pair: Pair; merged: boolean }[] = [];
    for (const pair of map.items) {
      const key = pair.key as Node | null;
      const isMerge = isScalar(key) && (typeof key.value === 'symbol' || (key.value === '<<' && key.type === 'PLAIN'));
      if (!isMerge) {
        own.push({ pair, merged: false });
        continue;
      }
      const target = isAlias(pair.value) ? pair.value.resolve(this.#source.document) : pair.value;
      const sources = isSeq(target) ? target.items : [target];
      for (const source of sources) {
        const resolved = isAlias(source) ? source.resolve(this.#source.document) : source;
        if (isMap(resolved))
          merged.push(...this.#pairs(resolved).map(({ pair: inner }) => ({ pair: inner, merged: true })));
        else this.#problem('bad-type', [], '<< merges maps only: give it an alias of a map (<<: *name).', key);
      }
    }
    return [...own, ...merged];
  }

  #unknownKey(spelling: string, keys: readonly string[], path: readonly string[]): string {
    if (path.length === 0 && spelling === 'crew') {
      return 'the crew file is flat: there is no crew: wrapper; move its keys (name, agents, tasks, …) to the top level.';
    }
    return unknownKeyMessage(spelling, keys, closestMatch(spelling, keySpellings(keys)));
  }

  #problem(code: CrewProblem['code'], path: readonly string[], message: string, node: Node | null | undefined): void {
    this.problems.push({ code, path, message, location: locationAt(this.#source, node?.range?.[0]) });
  }
}
