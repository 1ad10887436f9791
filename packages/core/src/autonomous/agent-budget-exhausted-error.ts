import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { AgentBudgetDimension } from './agent-execution-budget-limits.js';

const fixes: Readonly<Record<AgentBudgetDimension, string>> = {
  toolCalls:
    'the autonomous process counts one per task handed out; give the crew fewer tasks or raise executionBudget.toolCalls',
  delegationDepth:
    'delegations are counted crew-wide; raise executionBudget.delegationDepth or let fewer agents delegate (allowDelegation)',
  wallTime: 'the run took longer than allowed; raise executionBudget.wallTime or make the tasks smaller',
  tokens:
    'delegated and spawned work used more tokens than allowed; raise executionBudget.tokens or make the tasks smaller',
  spawnedAgents: 'no helper may be spawned any more; do the work yourself, or raise executionBudget.spawnedAgents',
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
