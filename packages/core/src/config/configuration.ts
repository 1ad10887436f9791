// One file over 300 lines: the Configuration class and loadConfiguration share the tree, origin and alias
// helpers that merge the three sources; splitting them would export those internals.
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { closestMatch } from '../text/closest-match.js';
import { ConfigurationError, type SettingsProblem } from './configuration-error.js';
import { isSecretKey, redactedText } from './secret-keys.js';
import { bindSection, describeOrigin } from './settings-binding.js';
import type { SettingsSection } from './settings-section.js';
import { readSettingsFile, settingsFromArguments, settingsFromEnvironment } from './settings-sources.js';
import {
  displayPath,
  getPath,
  isTree,
  leaves,
  mergeLayers,
  pathKey,
  type SettingsLayer,
  type SettingsTree,
  type SettingsValue,
  setPath,
} from './settings-tree.js';

/** Keys written under another name that mean the same settings: `Svc:Llm:BaseUrl` is `Llm:BaseUrl`. */
export const settingsAliases: readonly { readonly from: string; readonly to: string }[] = [
  { from: 'Svc:Llm', to: 'Llm' },
];

export const settingsFileName = 'appsettings.json';

/** One key as set: its path (`Llm:Model`), its value (`[REDACTED]` for a secret) and its source. */
export interface SettingsEntry {
  readonly key: string;
  readonly value: SettingsValue;
  /** E.g. `environment variable SVC_Llm__Model`, `appsettings.json`. */
  readonly origin: string;
}

/** Secret values shorter than this are not scrubbed from free text (too many false hits). */
const minimumScrubbedSecretLength = 6;

/**
 * The settings of one program run, merged from its sources (lowest first: the
 * settings file, `SVC_` environment variables, command-line `KEY=VALUE`) and judged
 * against the known sections when it is created: an unknown key or a bad value
 * throws a `ConfigurationError` before anything runs.
 */
export class Configuration {
  readonly #tree: SettingsTree;
  readonly #origins: ReadonlyMap<string, string>;
  readonly #bound = new Map<string, unknown>();
  /** Names of the sources that were read, lowest precedence first. */
  readonly sources: readonly string[];
  /** The settings file that was read, if any. */
  readonly settingsFile: string | undefined;

  private constructor(tree: SettingsTree, origins: ReadonlyMap<string, string>, sources: string[], file?: string) {
    this.#tree = tree;
    this.#origins = origins;
    this.sources = sources;
    this.settingsFile = file;
  }

  /** Merges layers (lowest first) and judges every key against `sections`. */
  static fromLayers(
    layers: readonly SettingsLayer[],
    sections: readonly SettingsSection[],
    options: { settingsFile?: string } = {},
  ): Configuration {
    const problems: SettingsProblem[] = [];
    const aliased = layers.map((layer) => applyAliases(layer, problems));
    if (problems.length > 0) throw new ConfigurationError(problems);
    const { tree, origins } = mergeLayers(aliased);
    const configuration = new Configuration(
      tree,
      origins,
      layers.map((layer) => layer.name),
      options.settingsFile,
    );
    configuration.#judge(sections);
    return configuration;
  }

  /** Settings written in code, judged like any other source. */
  static fromObject(tree: SettingsTree, sections: readonly SettingsSection[]): Configuration {
    return Configuration.fromLayers([{ name: 'code', tree, origins: new Map() }], sections);
  }

  /** The typed settings of a section, with its defaults where keys are absent. */
  get<Schema extends z.ZodObject>(section: SettingsSection<Schema>): z.output<Schema> {
    const key = pathKey(section.segments);
    if (this.#bound.has(key)) return this.#bound.get(key) as z.output<Schema>;
    const { value, problems } = bindSection(section, getPath(this.#tree, section.segments), this.#origins);
    if (value === undefined) throw new ConfigurationError(problems);
    this.#bound.set(key, value);
    return value;
  }

  /** True when any source gave a key at or under `path` (e.g. `Llm`). */
  has(path: string): boolean {
    return getPath(this.#tree, path.split(':')) !== undefined;
  }

  /** Where the value of `path` came from, e.g. `environment variable SVC_Llm__Model`. */
  originOf(path: string): string | undefined {
    return this.#origins.get(pathKey(path.split(':')));
  }

  /**
   * Every key that was set, with its value and where it came from, in the order of the merged tree:
   * what a settings page shows. Values of secret-named keys (API keys, passwords, tokens) are
   * `[REDACTED]`; defaults that no source set are not listed.
   */
  entries(): SettingsEntry[] {
    return [...leaves(this.#tree)].map((leaf) => ({
      key: displayPath(leaf.segments),
      value: leaf.segments.some(isSecretKey) ? redactedText : leaf.value,
      origin: this.#origins.get(pathKey(leaf.segments)) ?? 'unknown',
    }));
  }

  /**
   * The values of every secret-named key (API keys, passwords, tokens), so that logs
   * and messages can scrub them wherever they appear.
   */
  secretValues(): string[] {
    const values = new Set<string>();
    for (const leaf of leaves(this.#tree)) {
      if (!leaf.segments.some(isSecretKey)) continue;
      for (const item of Array.isArray(leaf.value) ? leaf.value : [leaf.value]) {
        if (typeof item === 'string' && item.length >= minimumScrubbedSecretLength) values.add(item);
      }
    }
    return [...values];
  }

  #judge(sections: readonly SettingsSection[]): void {
    const problems: SettingsProblem[] = [];
    const walk = (node: SettingsTree, at: readonly string[]): void => {
      for (const [key, value] of Object.entries(node)) {
        const segments = [...at, key];
        const lower = pathKey(segments);
        const section = sections.find((candidate) => pathKey(candidate.segments) === lower);
        const below = sections.filter(
          (candidate) =>
            candidate.segments.length > segments.length &&
            pathKey(candidate.segments.slice(0, segments.length)) === lower,
        );
        if (section !== undefined) {
          const nested = new Set(
            below
              .filter((s) => s.segments.length === segments.length + 1)
              .map((s) => s.segments.at(-1)?.toLowerCase() ?? ''),
          );
          const result = bindSection(section, value, this.#origins, nested);
          problems.push(...result.problems);
          if (result.value !== undefined) this.#bound.set(lower, result.value);
          if (isTree(value)) {
            const nestedOnly = Object.fromEntries(
              Object.entries(value).filter(([name]) => nested.has(name.toLowerCase())),
            );
            walk(nestedOnly, section.segments);
          }
        } else if (below.length > 0) {
          const canonical = below[0]?.segments.slice(0, segments.length) ?? segments;
          if (isTree(value)) walk(value, canonical);
          else {
            problems.push({
              key: displayPath(canonical),
              message: `Setting '${displayPath(canonical)}'${describeOrigin(this.#origins, segments)} must be a section of keys, not a single value.`,
            });
          }
        } else {
          problems.push(unknownSectionProblem(segments, sections, this.#origins));
        }
      }
    };
    walk(this.#tree, []);
    if (problems.length > 0) throw new ConfigurationError(problems);
  }
}

function unknownSectionProblem(
  segments: readonly string[],
  sections: readonly SettingsSection[],
  origins: ReadonlyMap<string, string>,
): SettingsProblem {
  const depth = segments.length;
  const siblings = new Set(
    sections
      .filter(
        (s) => s.segments.length >= depth && pathKey(s.segments.slice(0, depth - 1)) === pathKey(segments.slice(0, -1)),
      )
      .map((s) => s.segments.slice(0, depth).join(':')),
  );
  const key = displayPath(segments);
  const suggestion = closestMatch(key, siblings);
  const hint = suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`;
  const known = [...siblings].sort().join(', ');
  return {
    key,
    message: `Unknown settings section '${key}'${describeOrigin(origins, segments)}.${hint} Known sections here: ${known || 'none'}.`,
  };
}

/** Moves aliased keys (`Svc:Llm:*`) to their canonical place (`Llm:*`) inside one layer. */
function applyAliases(layer: SettingsLayer, problems: SettingsProblem[]): SettingsLayer {
  let tree = layer.tree;
  let origins = layer.origins;
  for (const alias of settingsAliases) {
    const from = alias.from.split(':');
    const to = alias.to.split(':');
    const moved = getPath(tree, from);
    if (moved === undefined) continue;
    tree = structuredClone(tree);
    const nextOrigins = new Map(origins);
    removePath(tree, from);
    for (const leaf of leaves(moved)) {
      const source = [...from, ...leaf.segments];
      const target = [...to, ...leaf.segments];
      const existing = getPath(tree, target);
      if (existing !== undefined && !sameValue(existing, leaf.value)) {
        const secret = target.some(isSecretKey);
        const values = secret ? '' : ` (${JSON.stringify(leaf.value)} and ${JSON.stringify(existing)})`;
        problems.push({
          key: displayPath(target),
          message: `Settings '${displayPath(source)}' and '${displayPath(target)}' in ${layer.name} disagree${values}; '${alias.from}' is another name for '${alias.to}', so keep one.`,
        });
        continue;
      }
      setPath(tree, target, leaf.value);
      const origin = origins.get(pathKey(source));
      if (origin !== undefined) nextOrigins.set(pathKey(target), origin);
    }
    origins = nextOrigins;
  }
  return { name: layer.name, tree, origins };
}

function removePath(tree: SettingsTree, segments: readonly string[]): void {
  const parents: SettingsTree[] = [];
  let current: SettingsTree = tree;
  for (const segment of segments.slice(0, -1)) {
    const key = Object.keys(current).find((name) => name.toLowerCase() === segment.toLowerCase());
    const next = key === undefined ? undefined : current[key];
    if (!isTree(next)) return;
    parents.push(current);
    current = next;
  }
  const last = segments.at(-1) ?? '';
  const key = Object.keys(current).find((name) => name.toLowerCase() === last.toLowerCase());
  if (key !== undefined) delete current[key];
  // Drop sections the move left empty (`Svc` after `Svc:Llm` moved out).
  for (let index = parents.length - 1; index >= 0; index--) {
    const parent = parents[index] as SettingsTree;
    const name = segments[index] ?? '';
    const parentKey = Object.keys(parent).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const child = parentKey === undefined ? undefined : parent[parentKey];
    if (parentKey !== undefined && isTree(child) && Object.keys(child).length === 0) delete parent[parentKey];
  }
}

function sameValue(a: SettingsValue, b: SettingsValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface LoadConfigurationOptions {
  /** The sections the program knows; any other key is refused. */
  sections: readonly SettingsSection[];
  /** An explicit settings file (`--settings`); it must exist. */
  settingsFile?: string;
  /** Folders searched in order for `appsettings.json` when no file is given. Default: the working directory. */
  searchDirectories?: readonly string[];
  /** Environment to read `SVC_` variables from. Default: `process.env`. */
  environment?: Readonly<Record<string, string | undefined>>;
  /** Command-line `KEY=VALUE` settings, highest precedence. */
  arguments?: readonly string[];
}

/**
 * Reads and judges the settings of a run: the settings file (given, or found beside
 * the crew or in the working directory), then `SVC_` environment variables, then
 * command-line settings.
 */
export async function loadConfiguration(options: LoadConfigurationOptions): Promise<Configuration> {
  const layers: SettingsLayer[] = [];
  let settingsFile: string | undefined;
  if (options.settingsFile !== undefined) {
    settingsFile = resolve(options.settingsFile);
    layers.push(await readSettingsFile(settingsFile, options.settingsFile));
  } else {
    for (const directory of options.searchDirectories ?? [process.cwd()]) {
      const candidate = resolve(join(directory, settingsFileName));
      if (await exists(candidate)) {
        settingsFile = candidate;
        layers.push(await readSettingsFile(candidate));
        break;
      }
    }
  }
  layers.push(settingsFromEnvironment(options.environment ?? process.env));
  if (options.arguments !== undefined && options.arguments.length > 0) {
    layers.push(settingsFromArguments(options.arguments));
  }
  return Configuration.fromLayers(layers, options.sections, settingsFile === undefined ? {} : { settingsFile });
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
