import type { z } from 'zod';
import { closestMatch } from '../text/closest-match.js';
import type { CrewProblem, CrewProblemCode } from './crew-problem.js';
import { keySpellings, unknownKeyMessage } from './key-aliases.js';
import { objectShape, schemaAt } from './schema-shape.js';

type Issue = z.core.$ZodIssue;

export interface ZodProblemOptions {
  /** The schema that was parsed, to list the keys an object takes. */
  readonly schema: z.ZodType;
  /** What was parsed, to name agents and tasks by id rather than by position. */
  readonly input: unknown;
  /** Put before every path, e.g. `['agents', 'writer']` when one agent was parsed. */
  readonly prefix?: readonly string[];
}

/** Turns zod's issues into crew problems: key paths with ids, messages in plain words. */
export function problemsFromZod(error: z.ZodError, options: ZodProblemOptions): CrewProblem[] {
  return problemsFromIssues(error.issues, options);
}

function problemsFromIssues(issues: readonly Issue[], options: ZodProblemOptions): CrewProblem[] {
  const prefix = options.prefix ?? [];
  return issues.flatMap((issue): CrewProblem[] => {
    // A value of a union (a preset name or a map of limits): the one option whose shape it has says what is wrong.
    const branch = issue.code === 'invalid_union' ? matchingBranch(issue.errors) : undefined;
    if (issue.code === 'invalid_union' && branch !== undefined) {
      return problemsFromIssues(
        branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })),
        options,
      );
    }
    const path = [...prefix, ...keyPath(issue.path, options.input)];
    if (issue.code === 'unrecognized_keys') {
      const known = Object.keys(objectShape(schemaAt(options.schema, issue.path)) ?? {});
      return issue.keys.map((key) => ({
        code: 'unknown-key',
        path: [...path, key],
        message: unknownKeyMessage(key, known, closestMatch(key, keySpellings(known))),
      }));
    }
    return [{ code: problemCode(issue, path), path, message: describeIssue(issue) }];
  });
}

/** The option of a union the value failed inside rather than at its root (wrong type or value), if one did. */
function matchingBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  const atRoot = (issue: Issue) =>
    issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value');
  const inside = branches.filter((issues) => issues.length > 0 && !issues.every(atRoot));
  return inside.length === 1 ? inside[0] : undefined;
}

/** Zod paths index the agent and task lists; problems name them by id, as YAML does. */
function keyPath(path: readonly PropertyKey[], input: unknown): string[] {
  return path.map((segment, index) => {
    const list = path[0];
    if (index === 1 && typeof segment === 'number' && (list === 'agents' || list === 'tasks')) {
      const item = (input as Record<string, unknown> | undefined)?.[list];
      const id = Array.isArray(item) ? (item[segment] as { id?: unknown } | undefined)?.id : undefined;
      return typeof id === 'string' && id !== '' ? id : String(segment);
    }
    return String(segment);
  });
}

function problemCode(issue: Issue, path: readonly string[]): CrewProblemCode {
  const key = path.at(-1);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'missing' : 'bad-type';
    case 'custom':
      return 'missing';
    case 'invalid_value':
      if (path.length === 1 && key === 'process') return 'unknown-process';
      if (path.length === 1 && key === 'agentSelection') return 'unknown-selection';
      return 'bad-value';
    case 'invalid_format':
      return key === 'id' ? 'bad-id' : 'bad-value';
    default:
      return 'bad-value';
  }
}

const expectedNames: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of keys',
  record: 'a map of keys',
};

function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined && issue.message.startsWith('Invalid input')) return 'is missing; add it.';
      if (!issue.message.startsWith('Invalid input')) return issue.message;
      const expected = expectedNames[issue.expected] ?? issue.expected;
      const quote =
        issue.expected === 'string' && (typeof issue.input === 'number' || typeof issue.input === 'boolean')
          ? '; put it in quotes to keep it as text'
          : '';
      return `expected ${expected}, got ${describeValue(issue.input)}${quote}.`;
    }
    case 'too_small':
      return `must be at least ${String(issue.minimum)}, got ${describeValue(issue.input)}.`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}, got ${describeValue(issue.input)}.`;
    case 'invalid_value':
      return issue.message.startsWith('Invalid')
        ? `${describeValue(issue.input)} is not allowed; use one of ${issue.values.map(String).join(', ')}.`
        : issue.message;
    default:
      return issue.message;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'a map';
    default:
      return typeof value;
  }
}
