import { serviceToken } from '../services/service-token.js';
import type { BudgetExhaustion } from './budget-exhausted-error.js';

/** Who makes a model call inside a run, and with which model. */
export interface ModelCallSubject {
  /**
   * The run the call belongs to: a crew run's session id (`CrewRunResult.sessionId`, the
   * same again on `--resume`), else an id made for that one run (`agent-run:<uuid>`).
   */
  readonly runId: string;
  /** The crew's name, for a crew run. */
  readonly crew?: string | undefined;
  /** The agent's role, as `gen_ai.agent.name` reports it. */
  readonly agent: string;
  readonly agentId: string;
  readonly taskId?: string | undefined;
  readonly model: string;
  readonly provider: string;
}

/** A model call that finished, with the tokens its provider reported. */
export interface FinishedModelCall extends ModelCallSubject {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * A budget kept outside the run's own crew budget (the `TokenBudget` of
 * `@orkeon/rate-limiting`), consulted by the agent loop around every model call of a
 * run. An answer that is a `BudgetExhaustion` (with `setting` naming the limit to
 * raise) stops the run exactly as a spent crew budget does: the `budget.exhausted`
 * event, `CREW_BUDGET_EXHAUSTED`, finished outputs kept, `orkeon run` exits with 2.
 * A budget that throws fails the model call.
 */
export interface ModelCallBudget {
  /** Names the budget in logs. */
  readonly name: string;
  /** Before a call: an exhaustion stops the run and the call is not made. */
  readonly beforeCall?: (
    call: ModelCallSubject,
  ) => BudgetExhaustion | undefined | Promise<BudgetExhaustion | undefined>;
  /** After a call: records its tokens; an exhaustion stops the run, and the call that spent it keeps its answer. */
  readonly afterCall?: (
    call: FinishedModelCall,
  ) => BudgetExhaustion | undefined | Promise<BudgetExhaustion | undefined>;
}

/** Budgets the runtime's agent loop consults around every model call; `getAll` gives them in registration order. */
export const ModelCallBudgetService = serviceToken<ModelCallBudget>('ModelCallBudget');
