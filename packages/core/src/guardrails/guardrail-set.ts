import { trace } from '@opentelemetry/api';
import { OrkeonAttributes } from '../telemetry/gen-ai-telemetry.js';
import type { CallerIdentity } from '../tools/tool.js';
import type { Guardrail, GuardrailStage } from './guardrail.js';

/** A guardrail that blocked: which, where, why, and who was working. */
export interface GuardrailTrip {
  readonly guardrail: string;
  readonly stage: GuardrailStage;
  readonly reason: string;
  readonly caller: CallerIdentity;
  readonly tool?: string;
}

/** What a stage's guardrails decided: the text to go on with (rewritten or not), or the trip. */
export type GuardrailOutcome = { readonly text: string } | { readonly trip: GuardrailTrip };

/**
 * The guardrails of one agent (the runtime's, its crew's and its own), by stage. The
 * checks of a stage run one after another in that order, each on the text the one before
 * left; the first block ends it. A check that throws blocks (a guardrail that cannot
 * judge lets nothing through), with the error as the reason.
 */
export class GuardrailSet {
  readonly #byStage: ReadonlyMap<GuardrailStage, readonly Guardrail[]>;
  readonly #onTripped: ((trip: GuardrailTrip) => void) | undefined;

  constructor(guardrails: readonly Guardrail[], onTripped?: (trip: GuardrailTrip) => void) {
    const byStage = new Map<GuardrailStage, Guardrail[]>();
    for (const guardrail of guardrails)
      byStage.set(guardrail.stage, [...(byStage.get(guardrail.stage) ?? []), guardrail]);
    this.#byStage = byStage;
    this.#onTripped = onTripped;
  }

  has(stage: GuardrailStage): boolean {
    return (this.#byStage.get(stage)?.length ?? 0) > 0;
  }

  /** Whether the input checks run beside the model call: every input guardrail allows it. */
  get inputBesideModel(): boolean {
    return (this.#byStage.get('input') ?? []).every((guardrail) => guardrail.parallel !== false);
  }

  async run(
    stage: GuardrailStage,
    text: string,
    caller: CallerIdentity,
    extra: { readonly tool?: string; readonly signal?: AbortSignal } = {},
  ): Promise<GuardrailOutcome> {
    let current = text;
    const signal = extra.signal ?? new AbortController().signal;
    for (const guardrail of this.#byStage.get(stage) ?? []) {
      let reason: string | undefined;
      try {
        const result = await guardrail.check({
          text: current,
          stage,
          caller,
          signal,
          ...(extra.tool === undefined ? {} : { tool: extra.tool }),
        });
        if (result !== undefined && 'block' in result) reason = String(result.block);
        else if (result !== undefined && 'rewrite' in result) current = String(result.rewrite);
      } catch (error) {
        reason = `its check failed (${error instanceof Error ? error.message : String(error)})`;
      }
      if (reason !== undefined) {
        const trip: GuardrailTrip = {
          guardrail: guardrail.name,
          stage,
          reason,
          caller,
          ...(extra.tool === undefined ? {} : { tool: extra.tool }),
        };
        trace.getActiveSpan()?.setAttribute(OrkeonAttributes.guardrailTripped, guardrail.name);
        this.#onTripped?.(trip);
        return { trip };
      }
    }
    return { text: current };
  }
}
