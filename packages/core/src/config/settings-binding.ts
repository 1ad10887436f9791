import type { z } from 'zod';
import { closestMatch } from '../text/closest-match.js';
import type { SettingsProblem } from './configuration-error.js';
import { describeAllowed } from './describe-allowed.js';
import { isSecretKey } from './secret-keys.js';
import type { SettingsJsonSchema, SettingsSection } from './settings-section.js';
import { displayPath, isTree, pathKey, type SettingsTree, type SettingsValue } from './settings-tree.js';

type Segment = string | number;

interface BindingContext {
  readonly origins: ReadonlyMap<string, string>;
  readonly problems: SettingsProblem[];
  /** Lower-cased names of sections nested directly in this one (bound on their own). */
  readonly nestedSections: ReadonlySet<string>;
}

/**
 * Binds the raw keys of one section to its schema: keys are matched without regard
 * to case and renamed to the documented spelling, texts from environment variables
 * and the command line become numbers and booleans where the schema wants them,
 * numbered keys become lists, and the schema's defaults are applied. Every problem
 * comes back as one line naming the full key, the value, its source and what is
 * allowed.
 */
export function bindSection<Schema extends z.ZodObject>(
  section: SettingsSection<Schema>,
  raw: SettingsValue | undefined,
  origins: ReadonlyMap<string, string>,
  nestedSections: ReadonlySet<string> = new Set(),
): { value?: z.output<Schema>; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const segments = [...section.segments];
  if (raw !== undefined && !isTree(raw)) {
    problems.push({
      key: section.path,
      message: `Setting '${section.path}'${describeOrigin(origins, segments)} must be a section of keys, not a single value. Allowed keys: ${Object.keys(section.jsonSchema.properties ?? {}).join(', ')}.`,
    });
    return { problems };
  }
  const context: BindingContext = { origins, problems, nestedSections };
  const normalized = normalize(section.jsonSchema, raw ?? {}, segments, context, true);
  const parsed = section.schema.safeParse(normalized);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const problem = describeIssue(section, issue, normalized, origins);
      // A key already reported while normalising (e.g. a badly numbered list) is not reported twice.
      if (!problems.some((known) => known.key === problem.key)) problems.push(problem);
    }
  }
  return parsed.success && problems.length === 0 ? { value: parsed.data, problems } : { problems };
}

function normalize(
  schema: SettingsJsonSchema,
  value: SettingsValue,
  segments: Segment[],
  context: BindingContext,
  isSectionRoot = false,
): SettingsValue {
  const branch = pickBranch(schema, value);
  const type = Array.isArray(branch.type) ? branch.type[0] : branch.type;
  if (type === 'object' && isTree(value)) return normalizeObject(branch, value, segments, context, isSectionRoot);
  if (type === 'array') return normalizeList(branch, value, segments, context);
  if (typeof value !== 'string') return value;
  if (type === 'number' || type === 'integer') {
    const text = value.trim();
    return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : value;
  }
  if (type === 'boolean') {
    const text = value.trim().toLowerCase();
    return text === 'true' ? true : text === 'false' ? false : value;
  }
  return value;
}

function normalizeObject(
  schema: SettingsJsonSchema,
  tree: SettingsTree,
  segments: Segment[],
  context: BindingContext,
  isSectionRoot: boolean,
): SettingsTree {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const result: SettingsTree = {};
  for (const [key, child] of Object.entries(tree)) {
    const name = names.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
    const childSchema = name === undefined ? undefined : properties[name];
    if (name !== undefined && childSchema !== undefined) {
      result[name] = normalize(childSchema, child, [...segments, name], context);
    } else if (typeof schema.additionalProperties === 'object') {
      result[key] = normalize(schema.additionalProperties, child, [...segments, key], context);
    } else if (isSectionRoot && context.nestedSections.has(key.toLowerCase())) {
      // Bound by its own section.
    } else {
      context.problems.push(unknownKeyProblem([...segments, key], names, context.origins));
    }
  }
  return result;
}

function normalizeList(
  schema: SettingsJsonSchema,
  value: SettingsValue,
  segments: Segment[],
  context: BindingContext,
): SettingsValue {
  let items: SettingsValue[] | undefined;
  if (Array.isArray(value)) items = value;
  else if (isTree(value)) {
    // Environment variables and --set write list items as numbered keys: List__0, List__1.
    const keys = Object.keys(value);
    const indexes = keys.map(Number).sort((a, b) => a - b);
    if (keys.every((key) => /^\d+$/.test(key)) && indexes.every((index, position) => index === position)) {
      items = indexes.map((index) => value[String(index)] as SettingsValue);
    } else {
      context.problems.push({
        key: displayPath(segments),
        message: `Setting '${displayPath(segments)}'${describeOrigin(context.origins, segments)} is a list: number its items from 0 with no gaps (e.g. ${displayPath(segments)}:0, ${displayPath(segments)}:1).`,
      });
      return value;
    }
  }
  if (items === undefined || schema.items === undefined) return items ?? value;
  const itemSchema = schema.items;
  return items.map((item, index) => normalize(itemSchema, item, [...segments, index], context));
}

/** For `anyOf` schemas (nullable, unions), the branch whose type fits the raw value. */
function pickBranch(schema: SettingsJsonSchema, value: SettingsValue): SettingsJsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches === undefined) return schema;
  const fits = (branch: SettingsJsonSchema): boolean => {
    const type = Array.isArray(branch.type) ? branch.type[0] : branch.type;
    if (type === 'object') return isTree(value);
    if (type === 'array') return Array.isArray(value) || isTree(value);
    if (type === 'null') return value === null;
    return !isTree(value) && !Array.isArray(value) && value !== null;
  };
  return branches.find(fits) ?? schema;
}

function unknownKeyProblem(
  segments: Segment[],
  known: readonly string[],
  origins: ReadonlyMap<string, string>,
): SettingsProblem {
  const key = displayPath(segments);
  const name = String(segments.at(-1));
  const parent = displayPath(segments.slice(0, -1));
  const suggestion = closestMatch(name, known);
  const hint = suggestion === undefined ? '' : ` Did you mean '${parent}:${suggestion}'?`;
  const list = known.length === 0 ? `'${parent}' has no keys of its own.` : `Keys of '${parent}': ${known.join(', ')}.`;
  return { key, message: `Unknown setting '${key}'${describeOrigin(origins, segments)}.${hint} ${list}` };
}

function describeIssue(
  section: SettingsSection,
  issue: z.core.$ZodIssue,
  normalized: SettingsValue,
  origins: ReadonlyMap<string, string>,
): SettingsProblem {
  const segments: Segment[] = [...section.segments, ...(issue.path as Segment[])];
  const key = displayPath(segments);
  const schema = schemaAt(section.jsonSchema, issue.path as Segment[]);
  const allowed = schema === undefined ? '' : ` Allowed: ${describeAllowed(schema)}.`;
  const value = valueAt(normalized, issue.path as Segment[]);
  const custom = issue.code === 'custom' ? `: ${issue.message}` : '';
  if (value === undefined) {
    return { key, message: `Setting '${key}' is required but missing${custom}.${allowed}` };
  }
  const secret = segments.some((segment) => typeof segment === 'string' && isSecretKey(segment));
  const shown = secret ? ' (value hidden)' : ` = ${showValue(value)}`;
  let hint = '';
  if (!secret && typeof value === 'string' && schema?.enum !== undefined) {
    const suggestion = closestMatch(
      value,
      schema.enum.map((option) => String(option)),
    );
    if (suggestion !== undefined) hint = ` Did you mean ${JSON.stringify(suggestion)}?`;
  }
  return {
    key,
    message: `Setting '${key}'${shown}${describeOrigin(origins, segments)} is not allowed${custom}.${hint}${allowed}`,
  };
}

function schemaAt(schema: SettingsJsonSchema, path: readonly Segment[]): SettingsJsonSchema | undefined {
  let current: SettingsJsonSchema | undefined = schema;
  for (const segment of path) {
    if (current === undefined) return undefined;
    const branch: SettingsJsonSchema = current.anyOf?.find((option) => option.type !== 'null') ?? current;
    if (typeof segment === 'number') current = branch.items;
    else
      current =
        branch.properties?.[segment] ??
        (typeof branch.additionalProperties === 'object' ? branch.additionalProperties : undefined);
  }
  return current;
}

function valueAt(value: SettingsValue, path: readonly Segment[]): SettingsValue | undefined {
  let current: SettingsValue | undefined = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isTree(current)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

function showValue(value: SettingsValue): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** ` (from appsettings.json:3:5)` for a key, or for the first leaf below it. */
export function describeOrigin(origins: ReadonlyMap<string, string>, segments: readonly Segment[]): string {
  const key = pathKey(segments);
  let origin = origins.get(key);
  if (origin === undefined) {
    const prefix = `${key}:`;
    for (const [candidate, source] of origins) {
      if (candidate.startsWith(prefix)) {
        origin = source;
        break;
      }
    }
  }
  return origin === undefined ? '' : ` (from ${origin})`;
}
