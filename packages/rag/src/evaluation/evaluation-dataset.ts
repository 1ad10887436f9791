import type { FileSystem } from '@orkeon/core';
import { RagError } from '../errors/rag-error.js';

/** One question of an evaluation dataset, with what a good retrieval must find for it. */
export interface EvaluationQuestion {
  /** Names the question in reports; default `q<n>`, its 1-based position in the dataset. */
  readonly id: string;
  readonly question: string;
  /**
   * What answers the question: source ids (`/crew/docs/guide.md`), which any chunk of that
   * source satisfies, or chunk ids (`/crew/docs/guide.md#2`), which only that chunk does.
   */
  readonly relevant: readonly string[];
  /** A reference answer, kept for the reader of the dataset; the metrics do not use it. */
  readonly answer?: string;
}

/** The shape a message shows as the fix, so every error teaches the same format. */
const expectedShape =
  'Write JSON { "questions": [{ "question": "…", "relevant": ["/docs/guide.md"] }] }, or JSON Lines with one { "question", "relevant" } object per line';

/**
 * Reads an evaluation dataset through the virtual file system (mounts and rights apply): JSON
 * `{ "questions": [...] }`, or JSON Lines with one question object per line (chosen by a
 * `.jsonl`/`.ndjson` name, else by the content). Every question is checked, and the first
 * problem fails with `RAG_EVALUATION_INVALID`, naming the file, the question and the fix.
 */
export async function readEvaluationDataset(files: FileSystem, path: string): Promise<EvaluationQuestion[]> {
  const read = await files.readText(path);
  if (!read.ok)
    throw invalid(path, `cannot be read (${read.message}). Give the virtual path of a readable file on a mount.`);
  const text = read.value.replace(/^\uFEFF/, '');
  const entries = looksLikeJsonLines(path, text) ? jsonLinesEntries(path, text) : jsonEntries(path, text);
  if (entries.length === 0) throw invalid(path, `holds no question. ${expectedShape}.`);
  const questions = entries.map(({ value, where }, index) => questionOf(path, value, where, index));
  const seen = new Map<string, string>();
  for (const [index, question] of questions.entries()) {
    const earlier = seen.get(question.id);
    const where = entries[index]?.where ?? '';
    if (earlier !== undefined)
      throw invalid(path, `${where} has the id '${question.id}' of ${earlier}. Give each question its own id.`);
    seen.set(question.id, where);
  }
  return questions;
}

interface DatasetEntry {
  readonly value: unknown;
  /** Where the entry is, for messages: `questions[2]` or `line 5`. */
  readonly where: string;
}

/**
 * JSON Lines by the file's name; otherwise when the text is not one JSON value but its first
 * line is (a `.json` file that is truly broken keeps the JSON parser's message instead).
 */
function looksLikeJsonLines(path: string, text: string): boolean {
  if (/\.(jsonl|ndjson)$/i.test(path)) return true;
  if (parses(text)) return isSingleQuestion(JSON.parse(text));
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '');
  return firstLine !== undefined && parses(firstLine);
}

/** A file of one JSON Lines line is also one JSON object: a question, not a dataset. */
function isSingleQuestion(value: unknown): boolean {
  return isRecord(value) && !('questions' in value) && 'question' in value;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function jsonEntries(path: string, text: string): DatasetEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(path, `is not JSON (${(error as Error).message}). ${expectedShape}.`);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.questions))
    throw invalid(path, `has no "questions" list. ${expectedShape}.`);
  return parsed.questions.map((value, index) => ({ value, where: `questions[${index}]` }));
}

function jsonLinesEntries(path: string, text: string): DatasetEntry[] {
  const entries: DatasetEntry[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    // Blank lines are allowed, so a file may end with a newline or group its questions.
    if (line.trim() === '') continue;
    const where = `line ${index + 1}`;
    try {
      entries.push({ value: JSON.parse(line), where });
    } catch (error) {
      throw invalid(
        path,
        `${where} is not JSON (${(error as Error).message}). In JSON Lines each line is one whole { "question", "relevant" } object.`,
      );
    }
  }
  return entries;
}

function questionOf(path: string, value: unknown, where: string, index: number): EvaluationQuestion {
  if (!isRecord(value))
    throw invalid(path, `${where} is not an object. Write it as { "question": "…", "relevant": ["…"] }.`);
  const { id, question, relevant, answer } = value;
  if (typeof question !== 'string' || question.trim() === '')
    throw invalid(path, `${where} has no "question" text. Give it the question to ask, as a non-empty string.`);
  if (
    !Array.isArray(relevant) ||
    relevant.length === 0 ||
    !relevant.every((item) => typeof item === 'string' && item.trim() !== '')
  )
    throw invalid(
      path,
      `${where} needs "relevant": a non-empty list of source ids or chunk ids that answer it, e.g. ["/docs/guide.md"] or ["/docs/guide.md#0"].`,
    );
  if (id !== undefined && (typeof id !== 'string' || id.trim() === ''))
    throw invalid(
      path,
      `${where} has an "id" that is not a non-empty string. Give a name such as "q1", or leave it out.`,
    );
  if (answer !== undefined && typeof answer !== 'string')
    throw invalid(
      path,
      `${where} has an "answer" that is not a string. Give the reference answer as text, or leave it out.`,
    );
  return {
    id: id ?? `q${index + 1}`,
    question,
    relevant: [...new Set(relevant as string[])],
    ...(answer === undefined ? {} : { answer }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(path: string, problem: string): RagError {
  return new RagError('RAG_EVALUATION_INVALID', `Evaluation dataset '${path}' ${problem}`, { details: { path } });
}
