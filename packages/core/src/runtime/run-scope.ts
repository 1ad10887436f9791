import { AsyncLocalStorage } from 'node:async_hooks';
import type { CrewBudgetMeter } from '../budget/crew-budget-meter.js';
import type { HumanInputChannel } from '../human-input/human-input-channel.js';
import type { Coworkers } from '../tools/collaboration/coworkers.js';
import type { ToolRunView } from '../tools/tool.js';
import type { RunEventBody } from './run-events.js';
import type { RunUsage } from './run-usage.js';

/**
 * The run that is doing the work in this asynchronous context. The invocation
 * pipeline, the human-input channel and the collaboration tools are shared by every
 * run of a runtime; what they report and count reaches the run that made the call
 * through this, also when several runs are in flight at once.
 */
export interface RunScope {
  /** Stamps and delivers an event; returns its `seq`. */
  emit(event: RunEventBody): number;
  /** The run's budget (an empty budget bounds nothing, and still counts). */
  readonly meter: CrewBudgetMeter;
  /** The run's model calls by model, beside the meter's totals. */
  readonly usage: RunUsage;
  /** What the run's tool calls see as `context.run`; shared by nested (delegation) scopes. */
  readonly view: ToolRunView;
  /** The run's stop: the caller's signal or a spent budget. */
  readonly signal: AbortSignal;
  /** `seq` of each tool call's `tool.called`, by call id, for the `causationId` of what follows. */
  readonly toolCalls: Map<string, number>;
  /** Tool calls made per task. */
  readonly toolCallsByTask: Map<string, number>;
  /** The crew's members, for the collaboration tools (crew runs only). */
  readonly coworkers?: Coworkers;
  /** The run's id once it has one (a crew run's session id), for the audit trail. */
  readonly run: { id?: string };
  /** 0 for a task's agent; 1 for a coworker it asked, and so on. `chain` lists the agents asked so far. */
  readonly delegation: { readonly depth: number; readonly chain: readonly string[] };
  /** Where the run's `human_input` questions go, when its caller answers them (`RunOptions.humanInput`). */
  readonly humanInput?: HumanInputChannel;
}

// Made on the first run: a process that loads the runtime but never runs it (an A2A server, a
// script) pays nothing for asynchronous context tracking.
let currentRun: AsyncLocalStorage<RunScope> | undefined;

export function withRunScope<T>(scope: RunScope, work: () => Promise<T>): Promise<T> {
  currentRun ??= new AsyncLocalStorage<RunScope>();
  return currentRun.run(scope, work);
}

export function activeRunScope(): RunScope | undefined {
  return currentRun?.getStore();
}
