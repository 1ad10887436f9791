import { randomUUID } from 'node:crypto';
import type { LanguageModelV4Usage } from '@ai-sdk/provider';
import type { ChatModel } from '../llm/chat-model.js';
import type { CrewBudgetMeter } from './crew-budget-meter.js';
import { modelAroundCalls } from './model-around-calls.js';
import type { ModelCallBudget, ModelCallSubject } from './model-call-budget.js';

/** Who calls the model: read at each call, since a crew run's id is known only once its session opens. */
export interface BudgetedModelContext {
  /** The run's meter: its stop is the one a spent outside budget fires. */
  readonly meter: CrewBudgetMeter;
  /** The run's id when it has one (a crew run's session id). */
  readonly runId: () => string | undefined;
  readonly caller: () => Omit<ModelCallSubject, 'runId' | 'model' | 'provider'>;
}

// A run without a session id (one agent) is one run for every client it makes: keyed by its meter.
const runIdsByMeter = new WeakMap<CrewBudgetMeter, string>();

/**
 * The model with every call held to the outside budgets (`ModelCallBudgetService`):
 * asked before the call (a spent budget stops the run, the call is not made) and told
 * the tokens after it, streamed calls when their stream ends (a spent budget stops the
 * run the way a spent crew budget does). Without budgets the model is returned as it is.
 */
export function withModelCallBudgets(
  chat: ChatModel,
  budgets: readonly ModelCallBudget[],
  context: BudgetedModelContext,
): ChatModel {
  if (budgets.length === 0) return chat;
  const inner = chat.model;
  const { meter } = context;
  const subject = (): ModelCallSubject => ({
    runId: context.runId() ?? runIdOf(meter),
    ...context.caller(),
    model: chat.modelId,
    provider: chat.provider,
  });
  const beforeCall = async () => {
    // A run already stopped makes no call; the metered model inside says so.
    if (meter.error !== undefined) return;
    const call = subject();
    for (const budget of budgets) {
      const spent = await budget.beforeCall?.(call);
      if (spent !== undefined) throw meter.stopFor(spent);
    }
  };
  const afterCall = async (usage: LanguageModelV4Usage | undefined) => {
    if (usage === undefined) return;
    const call = {
      ...subject(),
      inputTokens: usage.inputTokens.total ?? 0,
      outputTokens: usage.outputTokens.total ?? 0,
    };
    // Every budget counts the call, also when an earlier one (or the crew budget) stopped the run.
    for (const budget of budgets) {
      const spent = await budget.afterCall?.(call);
      if (spent !== undefined) meter.stopFor(spent, { deferred: true });
    }
  };
  return { ...chat, model: modelAroundCalls(inner, beforeCall, afterCall) };
}

function runIdOf(meter: CrewBudgetMeter): string {
  let id = runIdsByMeter.get(meter);
  if (id === undefined) {
    id = `agent-run:${randomUUID()}`;
    runIdsByMeter.set(meter, id);
  }
  return id;
}
