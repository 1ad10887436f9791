import type { RagSettings } from '../rag-settings.js';
import { citedAnswerPrompt, defaultGroundedSystemPrompt, noContextAnswer, usedCitations } from './cited-answer.js';
import type { RagCitation } from './rag-answer.js';
import type { RagModel } from './rag-model.js';

export interface GeneratedAnswer {
  readonly text: string;
  readonly citations: readonly RagCitation[];
  /** False when no model was asked (nothing found, or no model configured). */
  readonly grounded: boolean;
}

/**
 * The generate stage: the model writes an answer from the numbered passages, citing them as
 * `[n]`. With no passage, or no model, the fixed no-context answer: no model is asked to invent one.
 */
export async function generateAnswer(
  question: string,
  passages: readonly RagCitation[],
  collection: string,
  model: RagModel | undefined,
  generation: RagSettings['Generation'],
  signal?: AbortSignal,
): Promise<GeneratedAnswer> {
  if (passages.length === 0 || model === undefined)
    return { text: noContextAnswer(collection, passages.length > 0), citations: [], grounded: false };
  const { output } = await model.complete(citedAnswerPrompt(question, passages), {
    system: generation.SystemPrompt ?? defaultGroundedSystemPrompt,
    temperature: generation.Temperature,
    maxTokens: generation.MaxOutputTokens,
    ...(signal === undefined ? {} : { signal }),
  });
  return { text: output, citations: usedCitations(output, passages), grounded: true };
}
