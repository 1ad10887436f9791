import type { LlmClient, ResponseFormat } from '@orkeon/core';
import { z } from 'zod';
import { CognitiveMemoryAnswerInvalidError } from './cognitive-memory-errors.js';

/** One question whose answer must be JSON of `schema`. */
export interface JsonQuestion<Schema extends z.ZodType> {
  /** What the answer is for, as error messages name it: `memory analysis`. */
  readonly purpose: string;
  /** The schema's name sent to the provider: `memory_analysis`. */
  readonly name: string;
  readonly system: string;
  readonly prompt: string;
  readonly schema: Schema;
  readonly temperature: number;
}

type JsonSchema = NonNullable<ResponseFormat['schema']>;

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

/**
 * Asks `client` for JSON of `question.schema` (sent as the response format) and checks
 * the answer with the schema. An answer that is JSON only inside a code fence or
 * surrounding prose is still read; anything else throws `CognitiveMemoryAnswerInvalidError`.
 * Failures of the call itself (network, provider) are the client's errors, thrown as they are.
 */
export async function askForJson<Schema extends z.ZodType>(
  client: LlmClient,
  question: JsonQuestion<Schema>,
): Promise<z.output<Schema>> {
  let answer: { readonly value: unknown; readonly text: string };
  try {
    const result = await client.complete(question.prompt, {
      system: question.system,
      temperature: question.temperature,
      responseFormat: { type: 'json', schema: jsonSchemaOf(question.schema), name: question.name },
    });
    answer = { value: result.value ?? jsonIn(result.output), text: result.output };
  } catch (error) {
    const text = unparsedAnswerText(error);
    if (text === undefined) throw error;
    // The SDK could not parse the whole answer; models often wrap good JSON in a fence or a sentence.
    const value = jsonIn(text);
    if (value === undefined)
      throw new CognitiveMemoryAnswerInvalidError(question.purpose, text, 'it is not JSON', error);
    answer = { value, text };
  }
  const parsed = question.schema.safeParse(answer.value);
  if (!parsed.success)
    throw new CognitiveMemoryAnswerInvalidError(question.purpose, answer.text, issuesOf(parsed.error), parsed.error);
  return parsed.data;
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let converted = jsonSchemas.get(schema);
  if (converted === undefined) {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
    converted = rest as JsonSchema;
    jsonSchemas.set(schema, converted);
  }
  return converted;
}

/** The text of an answer the AI SDK could not read as the JSON asked for; undefined for any other failure. */
function unparsedAnswerText(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === 'AI_NoObjectGeneratedError') {
      const text = (current as { text?: unknown }).text;
      return typeof text === 'string' ? text : '';
    }
    current = current.cause;
  }
  return undefined;
}

/** The JSON value in `text`: the whole text, a fenced block, or the outermost braces; undefined when none parses. */
function jsonIn(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  const braced = start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
  for (const candidate of [text, fenced, braced]) {
    if (candidate === undefined || candidate.trim() === '') continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // Try the next reading.
    }
  }
  return undefined;
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length === 0 ? 'the answer' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
}
