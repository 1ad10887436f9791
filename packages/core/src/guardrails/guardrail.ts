import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { CallerIdentity } from '../tools/tool.js';

/** Where a guardrail stands: before the model sees a task's prompt, on the answer, or before a tool call. */
export type GuardrailStage = 'input' | 'output' | 'tool';
export const guardrailStages: readonly GuardrailStage[] = ['input', 'output', 'tool'];

/** What a guardrail's check is given. */
export interface GuardrailContext {
  /**
   * The text judged: the composed prompt of the task (`input`), the agent's answer
   * (`output`), or the call's arguments as JSON (`tool`).
   */
  readonly text: string;
  readonly stage: GuardrailStage;
  /** Who is working: the agent, its task and crew. */
  readonly caller: CallerIdentity;
  /** The tool called (`tool` stage). */
  readonly tool?: string;
  /** Fires when the work the check stands beside has ended another way; a slow check may stop then. */
  readonly signal: AbortSignal;
}

/**
 * What a check answers: nothing (pass), `{ block: reason }` (the work stops, the reason is
 * shown), or `{ rewrite: text }` (the text goes on in its place: a new prompt, answer or
 * arguments).
 */
export type GuardrailResult = undefined | { readonly block: string } | { readonly rewrite: string };

/** A check of a user's own, run at one stage of every agent it is attached to. */
export interface Guardrail {
  readonly name: string;
  readonly stage: GuardrailStage;
  readonly check: (context: GuardrailContext) => GuardrailResult | Promise<GuardrailResult>;
  /**
   * `input` stage: true (default) runs the check beside the first model call, which it
   * aborts when it blocks, so a passing check adds no wait; false waits for the check
   * first (no tool can run before it has passed). A rewrite beside the call starts the
   * call again with the new prompt.
   */
  readonly parallel?: boolean;
}

const namePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * A guardrail, checked: a name of letters, digits, `_`, `.` and `-` (YAML names it under
 * `guardrails:`), a stage, and a check function. Throws `GUARDRAIL_INVALID` naming the fix.
 */
export function defineGuardrail(guardrail: Guardrail): Guardrail {
  const { name, stage, check } = guardrail as Partial<Guardrail>;
  if (typeof name !== 'string' || !namePattern.test(name))
    throw new OrkeonError<CoreErrorCode>(
      'GUARDRAIL_INVALID',
      `A guardrail needs a name of 1 to 64 letters, digits, '_', '.' or '-' (starting with a letter or digit); got ${JSON.stringify(name)}.`,
    );
  if (!guardrailStages.includes(stage as GuardrailStage))
    throw new OrkeonError<CoreErrorCode>(
      'GUARDRAIL_INVALID',
      `Guardrail '${name}' has stage ${JSON.stringify(stage)}; the stages are ${guardrailStages.join(', ')}.`,
    );
  if (typeof check !== 'function')
    throw new OrkeonError<CoreErrorCode>(
      'GUARDRAIL_INVALID',
      `Guardrail '${name}' needs a check function: check: ({ text }) => (text.includes('x') ? { block: 'why' } : undefined).`,
    );
  return Object.freeze({ ...guardrail });
}

export function isGuardrail(value: unknown): value is Guardrail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Guardrail).name === 'string' &&
    typeof (value as Guardrail).check === 'function'
  );
}
