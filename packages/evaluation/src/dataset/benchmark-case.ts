import { z } from 'zod';

/** How an answer must be written: JSON, Markdown, or text a regular expression matches. */
export type AnswerFormat = 'json' | 'markdown' | { readonly pattern: string; readonly flags?: string };

/**
 * One case of a benchmark dataset: the crew's inputs and what the evaluators compare its
 * answer with. Each evaluator applies only when the case gives what it needs.
 */
export interface BenchmarkCase {
  /** Unique within the dataset; names the case in reports and comparisons. */
  readonly id: string;
  readonly description?: string;
  /** Values of the crew's `{KEY}` placeholders (YAML crews), or what a crew function reads. */
  readonly inputs: Readonly<Record<string, string>>;
  /** The expected answer: the similarity evaluator compares with it, the LLM judge reads it. */
  readonly expected?: string;
  /** The format evaluator's rule. */
  readonly format?: AnswerFormat;
  /** A JSON Schema (draft 2020-12) the answer, read as JSON, must conform to. */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** The tools the crew should call; `[]` means none. */
  readonly expectedTools?: readonly string[];
  /** What the LLM judge grades this case by, instead of `Svc:Benchmarking:LlmJudge:Rubric`. */
  readonly rubric?: string;
  /** The line of the dataset file it came from (1-based), when read from one. */
  readonly line?: number;
}

/** A case as written: inputs may also be numbers or booleans (they become text). */
export type BenchmarkCaseInput = Omit<BenchmarkCase, 'inputs' | 'line'> & {
  readonly inputs?: Readonly<Record<string, string | number | boolean>>;
};

/** The fields a case may have, in the order the docs list them. */
export const benchmarkCaseFields = [
  'id',
  'description',
  'inputs',
  'expected',
  'format',
  'schema',
  'expectedTools',
  'rubric',
] as const;

const nonBlank = z.string().refine((text) => text.trim().length > 0, 'must not be empty');

/** The zod schema of one case (unknown fields refused). */
export const benchmarkCaseSchema = z.strictObject({
  id: nonBlank.pipe(z.string().max(200)),
  description: z.string().optional(),
  inputs: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.union([z.string(), z.number(), z.boolean()]))
    .default({}),
  expected: z.string().optional(),
  format: z
    .union([
      z.enum(['json', 'markdown']),
      z.strictObject({
        pattern: nonBlank,
        flags: z
          .string()
          .regex(/^[dgimsuvy]*$/)
          .optional(),
      }),
    ])
    .optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  expectedTools: z.array(nonBlank).optional(),
  rubric: nonBlank.optional(),
});

/** How to write each field, for the fix part of an error message. */
export const benchmarkCaseFieldFixes: Readonly<Record<(typeof benchmarkCaseFields)[number], string>> = {
  id: 'give every case a unique, non-empty "id" of at most 200 characters, e.g. "id": "capital-of-france"',
  description: 'write "description" as text',
  inputs:
    'write "inputs" as an object of placeholder names (letters, digits, _) to text, numbers or booleans, e.g. "inputs": {"topic": "octopuses"}',
  expected: 'write "expected" as the expected answer’s text',
  format:
    'write "format" as "json", "markdown" or {"pattern": "<regular expression>", "flags": "i"} (flags among d, g, i, m, s, u, v, y)',
  schema: 'write "schema" as a JSON Schema object (draft 2020-12), e.g. {"type": "object", "required": ["name"]}',
  expectedTools: 'write "expectedTools" as an array of tool names, e.g. ["file_read"], or [] for none',
  rubric: 'write "rubric" as the non-empty text the LLM judge grades by',
};
