import type { LanguageModelV4Usage } from '@ai-sdk/provider';
import type { ChatModel } from '../llm/chat-model.js';
import type { CrewBudgetMeter } from './crew-budget-meter.js';
import { modelAroundCalls } from './model-around-calls.js';

/** Told each model call's tokens and estimated cost, after the meter counted them. */
export type ModelCallListener = (call: {
  readonly model: string;
  readonly provider: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number | undefined;
}) => void;

/**
 * The model with every call counted against the run's budget: a call refused once a
 * limit is spent (the run's signal has aborted by then), and each answer's tokens
 * recorded, streamed ones included, as soon as the provider reports them.
 */
export function meteredModel(chat: ChatModel, meter: CrewBudgetMeter, onCall?: ModelCallListener): ChatModel {
  const inner = chat.model;
  const record = (usage: LanguageModelV4Usage | undefined) => {
    if (usage === undefined) return;
    const inputTokens = usage.inputTokens.total ?? 0;
    const outputTokens = usage.outputTokens.total ?? 0;
    const costUsd = meter.recordModelCall(chat.modelId, inputTokens, outputTokens);
    onCall?.({ model: chat.modelId, provider: chat.provider, inputTokens, outputTokens, costUsd });
  };
  // A call after the budget is spent is not made; it ends as the run's stop (which fires a moment later), not as a model error.
  const refuseWhenSpent = async () => {
    if (meter.error === undefined) return;
    if (!meter.stop.aborted)
      await new Promise<void>((resolve) => meter.stop.addEventListener('abort', () => resolve(), { once: true }));
    throw meter.stop.reason;
  };
  return { ...chat, model: modelAroundCalls(inner, refuseWhenSpent, record) };
}
