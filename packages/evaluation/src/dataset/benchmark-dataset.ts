import { readFile } from 'node:fs/promises';
import { closestMatch } from '@orkeon/core';
import type { z } from 'zod';
import { BenchmarkDatasetInvalidError } from '../evaluation-errors.js';
import { compileJsonSchema } from '../json-schema-check.js';
import {
  type BenchmarkCase,
  type BenchmarkCaseInput,
  benchmarkCaseFieldFixes,
  benchmarkCaseFields,
  benchmarkCaseSchema,
} from './benchmark-case.js';

/** The cases of a benchmark, validated, with where they came from. */
export interface BenchmarkDataset {
  /** The file they were read from, or `code`. */
  readonly source: string;
  readonly cases: readonly BenchmarkCase[];
}

/** At most this many problems are listed in one error: the first ones are enough to start fixing. */
const maxListedProblems = 20;

const example = '{"id": "capital-of-france", "inputs": {"country": "France"}, "expected": "Paris"}';

/**
 * Reads a JSONL dataset file: one case per line (see `parseBenchmarkDataset`). `source` names the
 * file in messages and reports; default `path`.
 */
export async function readBenchmarkDataset(path: string, options: { source?: string } = {}): Promise<BenchmarkDataset> {
  const source = options.source ?? path;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw new BenchmarkDatasetInvalidError(
      `The dataset ${source} ${reason}: give a JSONL file with one case per line, e.g. ${example}.`,
    );
  }
  return parseBenchmarkDataset(text, source);
}

/**
 * Parses JSONL text: one JSON object per line, blank lines skipped. Every problem is
 * collected (up to 20) and thrown as one `BenchmarkDatasetInvalidError`, each naming the
 * source, the line, the field and the fix; an empty dataset and duplicate ids are refused.
 */
export function parseBenchmarkDataset(text: string, source = 'dataset'): BenchmarkDataset {
  const entries: { value: unknown; where: string; line: number }[] = [];
  const problems: string[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, index) => {
      if (line.trim() === '') return;
      const where = `${source}:${index + 1}`;
      try {
        entries.push({ value: JSON.parse(line), where, line: index + 1 });
      } catch (error) {
        problems.push(
          `${where}: not JSON (${(error as Error).message}); write one case per line as a JSON object, e.g. ${example}.`,
        );
      }
    });
  return checkedDataset(entries, source, problems);
}

/** Cases written in code, validated like a file's; problems name the case's position (`case 2`). */
export function defineBenchmarkDataset(cases: readonly BenchmarkCaseInput[], source = 'code'): BenchmarkDataset {
  return checkedDataset(
    cases.map((value, index) => ({ value, where: `${source} case ${index + 1}`, line: undefined })),
    source,
    [],
  );
}

function checkedDataset(
  entries: readonly { value: unknown; where: string; line: number | undefined }[],
  source: string,
  problems: string[],
): BenchmarkDataset {
  const cases: BenchmarkCase[] = [];
  const firstLineOf = new Map<string, string>();
  for (const { value, where, line } of entries) {
    const found = caseProblems(value);
    if (found.length > 0) {
      problems.push(...found.map((problem) => `${where}: ${problem}.`));
      continue;
    }
    const parsed = benchmarkCaseSchema.parse(value);
    const earlier = firstLineOf.get(parsed.id);
    if (earlier !== undefined) {
      problems.push(`${where}: field 'id': '${parsed.id}' is already the id of ${earlier}; give each case its own id.`);
      continue;
    }
    firstLineOf.set(parsed.id, where);
    cases.push(toCase(parsed, line));
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, maxListedProblems);
    if (problems.length > maxListedProblems) listed.push(`… and ${problems.length - maxListedProblems} more.`);
    throw new BenchmarkDatasetInvalidError(listed.join('\n'));
  }
  if (cases.length === 0)
    throw new BenchmarkDatasetInvalidError(
      `The dataset ${source} has no case: write one JSON object per line, e.g. ${example}.`,
    );
  return { source, cases };
}

/** What is wrong with one case, each as `field '…': problem; fix`. */
function caseProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`a case must be a JSON object, not ${Array.isArray(value) ? 'an array' : typeof value}; e.g. ${example}`];
  const result = benchmarkCaseSchema.safeParse(value);
  if (!result.success) return result.error.issues.flatMap(issueText);
  const problems: string[] = [];
  const { format, schema } = result.data;
  if (typeof format === 'object') {
    try {
      new RegExp(format.pattern, format.flags);
    } catch (error) {
      problems.push(`field 'format.pattern': ${(error as Error).message}; ${benchmarkCaseFieldFixes.format}`);
    }
  }
  if (schema !== undefined) {
    try {
      compileJsonSchema(schema);
    } catch (error) {
      problems.push(
        `field 'schema': not a valid JSON Schema (${(error as Error).message}); ${benchmarkCaseFieldFixes.schema}`,
      );
    }
  }
  return problems;
}

function issueText(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const near = closestMatch(key, benchmarkCaseFields);
      return `unknown field '${key}'${near === undefined ? '' : ` (did you mean '${near}'?)`}; a case has the fields ${benchmarkCaseFields.join(', ')}`;
    });
  }
  const field = issue.path.map(String).join('.');
  const top = String(issue.path[0] ?? '') as keyof typeof benchmarkCaseFieldFixes;
  const fix = benchmarkCaseFieldFixes[top] ?? `a case has the fields ${benchmarkCaseFields.join(', ')}`;
  return [`field '${field}': ${issue.message}; ${fix}`];
}

function toCase(parsed: z.output<typeof benchmarkCaseSchema>, line: number | undefined): BenchmarkCase {
  const { inputs, ...rest } = parsed;
  const text = Object.fromEntries(Object.entries(inputs).map(([key, value]) => [key, String(value)]));
  // zod leaves absent optional fields out, so the case holds only what its line gave.
  return { ...(rest as Omit<BenchmarkCase, 'inputs'>), inputs: text, ...(line === undefined ? {} : { line }) };
}
