import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { AgentBudgetDimension } from './agent-execution-budget-limits.js';

const fixes: Readonly<Record<AgentBudgetDimension, string>> = {
  MaxToolCalls: 'the autonomous process counts one per task handed out; give the crew fewer tasks or a larger budget',
  MaxDelegationDepth:
    'delegations are counted crew-wide; raise the limit or let fewer agents delegate (allowDelegation)',
  MaxWallTime: 'the run took longer than allowed; raise the limit or make the tasks smaller',
  MaxTokensConsumed: 'delegated work used more tokens than allowed; raise the limit or make the tasks smaller',
  MaxSpawnedAgents: 'more agents were spawned than allowed; raise the limit',
};

/** An autonomous execution budget ran out on one dimension; the message starts `Execution budget exhausted: <dimension>`. */
export class AgentBudgetExhaustedError extends OrkeonError<CoreErrorCode> {
  readonly dimension: AgentBudgetDimension;

  constructor(dimension: AgentBudgetDimension, used: number, limit: number) {
    super(
      'AUTONOMOUS_BUDGET_EXHAUSTED',
      `Execution budget exhausted: ${dimension} (${used} of ${limit}); ${fixes[dimension]}.`,
      { details: { dimension, used, limit } },
    );
    this.dimension = dimension;
  }
}
