import { AsyncLocalStorage } from 'node:async_hooks';
import type { TokenUsage } from './token-usage.js';

/** The model of the agent whose tool call is running: what a tool may ask on that agent's behalf. */
export interface CallingModel {
  /** `provider/model`, as the model names itself. */
  readonly name: string;
  /** One plain answer (no tools), through the agent's client: its guardrails, telemetry and the run's budget. */
  complete(
    prompt: string,
    options?: {
      readonly system?: string;
      readonly maxTokens?: number;
      readonly temperature?: number;
      readonly signal?: AbortSignal;
    },
  ): Promise<{ readonly output: string; readonly usage: TokenUsage }>;
}

// Made on the first tool call of an agent: a process that never runs one pays nothing.
let current: AsyncLocalStorage<CallingModel> | undefined;

/** Runs `work` (an agent's tool call) with `model` as the calling model. */
export function withCallingModel<T>(model: CallingModel, work: () => Promise<T>): Promise<T> {
  current ??= new AsyncLocalStorage<CallingModel>();
  return current.run(model, work);
}

/**
 * The model of the agent whose tool call this code runs in; undefined outside one (an MCP
 * client calling a served tool, a script's `tools.call`). An MCP server's sampling request
 * is answered with it.
 */
export function callingModel(): CallingModel | undefined {
  return current?.getStore();
}
