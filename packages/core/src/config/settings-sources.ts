import { readFile } from 'node:fs/promises';
import { type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { ConfigurationError, type SettingsProblem } from './configuration-error.js';
import {
  findKey,
  getPath,
  isTree,
  pathKey,
  type SettingsLayer,
  type SettingsTree,
  type SettingsValue,
  setPath,
} from './settings-tree.js';

/** The environment variable prefix of Orkeon settings: `SVC_Llm__ApiKey` is `Llm:ApiKey`. */
export const environmentPrefix = 'SVC_';

/**
 * Reads an `appsettings.json` file. Comments and trailing commas are allowed, as in
 * .NET settings files; keys that differ only by case are refused because settings
 * keys ignore case.
 */
export async function readSettingsFile(path: string, displayName = path): Promise<SettingsLayer> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw new ConfigurationError(
      [{ key: '', message: `Settings file '${displayName}' ${reason}. Check the path given to --settings.` }],
      { cause: error },
    );
  }
  return parseSettingsText(text.replace(/^\uFEFF/, ''), displayName);
}

export function parseSettingsText(text: string, displayName: string): SettingsLayer {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const at = (offset: number) => `${displayName}:${lineAndColumn(text, offset)}`;
  const firstError = errors[0];
  if (firstError !== undefined) {
    throw new ConfigurationError([
      {
        key: '',
        message: `Settings file ${at(firstError.offset)} is not valid JSON: ${describeParseError(printParseErrorCode(firstError.error))}.`,
      },
    ]);
  }
  if (root === undefined || root.type !== 'object') {
    throw new ConfigurationError([
      { key: '', message: `Settings file '${displayName}' must hold a JSON object, like { "Llm": { "Model": "…" } }.` },
    ]);
  }
  const origins = new Map<string, string>();
  const problems: SettingsProblem[] = [];
  const tree = convertObject(root, [], { origins, problems, at });
  if (problems.length > 0) throw new ConfigurationError(problems);
  return { name: displayName, tree, origins };
}

interface ConversionContext {
  origins: Map<string, string>;
  problems: SettingsProblem[];
  at: (offset: number) => string;
}

function convertObject(node: JsonNode, segments: string[], context: ConversionContext): SettingsTree {
  const tree: SettingsTree = {};
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (keyNode === undefined || valueNode === undefined) continue;
    const key = String(keyNode.value);
    const path = [...segments, key];
    const clash = findKey(tree, key);
    if (clash !== undefined) {
      context.problems.push({
        key: path.join(':'),
        message: `Settings key '${path.join(':')}' appears twice at ${context.at(keyNode.offset)} (keys ignore case; '${clash}' came first). Keep one.`,
      });
      continue;
    }
    tree[key] = convertValue(valueNode, path, context);
  }
  return tree;
}

function convertValue(node: JsonNode, segments: string[], context: ConversionContext): SettingsValue {
  if (node.type === 'object') return convertObject(node, segments, context);
  context.origins.set(pathKey(segments), context.at(node.offset));
  if (node.type === 'array') {
    return (node.children ?? []).map((child, index) => convertValue(child, [...segments, String(index)], context));
  }
  return node.value as SettingsValue;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${line}:${column}`;
}

function describeParseError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.replace(/^invalid symbol$/, 'unexpected character');
}

/**
 * Settings from `SVC_` environment variables. The prefix ignores case, and `__` or
 * `:` separate levels: `SVC_Llm__Model`, `svc_llm:model` and `SVC_LLM__MODEL` all set
 * `Llm:Model`. List items are written with their index: `SVC_A__List__0=x`.
 */
export function settingsFromEnvironment(
  environment: Readonly<Record<string, string | undefined>>,
  prefix = environmentPrefix,
): SettingsLayer {
  const entries: { key: string; value: string; origin: string }[] = [];
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined || !name.toLowerCase().startsWith(prefix.toLowerCase())) continue;
    entries.push({ key: name.slice(prefix.length), value, origin: `environment variable ${name}` });
  }
  return layerFromEntries('environment', entries, (entry) => entry.origin);
}

/**
 * Settings given on the command line as `KEY=VALUE` (`Llm:Model=gpt-5`), the
 * highest-precedence source.
 */
export function settingsFromArguments(assignments: readonly string[]): SettingsLayer {
  const problems: SettingsProblem[] = [];
  const entries: { key: string; value: string; origin: string }[] = [];
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    if (equals <= 0) {
      problems.push({
        key: '',
        message: `Command-line setting '${assignment}' must be written KEY=VALUE, for example --set Llm:Model=gpt-5.`,
      });
      continue;
    }
    const key = assignment.slice(0, equals).trim();
    entries.push({ key, value: assignment.slice(equals + 1), origin: `command-line setting ${key}` });
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return layerFromEntries('command line', entries, (entry) => entry.origin);
}

function layerFromEntries(
  name: string,
  entries: readonly { key: string; value: string; origin: string }[],
  describe: (entry: { origin: string }) => string,
): SettingsLayer {
  const tree: SettingsTree = {};
  const origins = new Map<string, string>();
  const problems: SettingsProblem[] = [];
  for (const entry of entries) {
    const segments = entry.key.split(/__|:/);
    const display = segments.join(':');
    if (segments.some((segment) => segment.trim() === '')) {
      problems.push({
        key: display,
        message: `${capitalise(describe(entry))} has an empty key level; separate levels with '__' or ':', as in SVC_Llm__Model.`,
      });
      continue;
    }
    const key = pathKey(segments);
    const earlier = origins.get(key);
    if (earlier !== undefined) {
      problems.push({
        key: display,
        message: `Setting '${display}' is given twice, by ${earlier} and by ${describe(entry)} (keys ignore case). Keep one.`,
      });
      continue;
    }
    if (isTree(getPath(tree, segments)) || !setPath(tree, segments, entry.value)) {
      problems.push({
        key: display,
        message: `Setting '${display}' from ${describe(entry)} clashes with another variable that makes '${display}' or a level above it both a section and a value. Keep one.`,
      });
      continue;
    }
    origins.set(key, describe(entry));
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return { name, tree, origins };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
