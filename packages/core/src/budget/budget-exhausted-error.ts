import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { CrewBudgetDimension } from './crew-budget.js';

/** Which limit was spent, what it was and how much had been used. */
export interface BudgetExhaustion {
  readonly dimension: CrewBudgetDimension;
  readonly limit: number;
  readonly used: number;
  /** How much of `used` the earlier runs of a resumed session used; absent when none. */
  readonly earlier?: number;
  /**
   * The setting holding the limit, when it is not the crew's `budget:` but a budget kept
   * outside the run (`TokenBudget:MaxTokensPerAgent`, see `ModelCallBudget`).
   */
  readonly setting?: string;
  /** The agent (its role) whose own limit was spent, for a per-agent limit. */
  readonly agent?: string;
}

const units: Record<CrewBudgetDimension, string> = {
  tokens: 'tokens',
  costUsd: 'US dollars (estimated)',
  wallTime: 'seconds',
  toolCalls: 'tool calls',
};

/** The run stopped because a crew budget was spent; the abort reason of the run's model calls. */
export class BudgetExhaustedError extends OrkeonError<CoreErrorCode> {
  readonly exhaustion: BudgetExhaustion;

  constructor(exhaustion: BudgetExhaustion) {
    const { dimension, limit, used, earlier } = exhaustion;
    const before = earlier === undefined ? '' : `, ${round(earlier)} of them before this resume`;
    super(
      'CREW_BUDGET_EXHAUSTED',
      exhaustion.setting === undefined
        ? `Crew budget exhausted: ${dimension} (used ${round(used)} of ${round(limit)} ${units[dimension]}${before}). Finished task outputs are kept; raise budget.${dimension} and run again with --resume to continue.`
        : outsideBudgetMessage(exhaustion),
      { details: { ...exhaustion } },
    );
    this.exhaustion = exhaustion;
  }
}

/** A limit kept outside the crew's `budget:`: the message names its setting and, for a per-agent one, the agent. */
function outsideBudgetMessage({ dimension, limit, used, setting, agent }: BudgetExhaustion): string {
  const who = agent === undefined ? '' : `agent '${agent}' `;
  return `Budget exhausted: ${setting} (${who}used ${round(used)} of ${round(limit)} ${units[dimension]}). Finished task outputs are kept; raise ${setting} and run again with --resume to continue.`;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
