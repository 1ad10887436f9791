import type { RunEvent } from './run-event.js';

/** A tool call that started (`tool.called`) and has not returned yet. */
export interface ToolCallInFlight {
  readonly toolName: string;
  readonly taskId?: string;
  readonly agentId?: string;
  /** When this process heard of it (`Date.now()`), timed as a task's line is. */
  readonly startedAt: number;
}

/**
 * What a run has used so far and which tool calls are under way, as its events tell it:
 * the run's totals from `cost.updated` (sent after every model call) and `run.finished`,
 * and each tool call from `tool.called` until the `tool.returned` with its correlationId.
 * Nothing is estimated here: the numbers are the runtime's own.
 */
export class RunProgress {
  /** Tokens of the run so far; undefined until a model call has finished. */
  tokens: number | undefined;
  /** The runtime's estimated cost so far in US dollars; undefined while no model used has a price. */
  costUsd: number | undefined;
  readonly #calls = new Map<string, ToolCallInFlight>();

  /** Takes in what `event` changes; true when it changed something shown. */
  record(event: RunEvent, now: number): boolean {
    switch (event.kind) {
      case 'cost.updated':
      case 'run.finished':
        // Both carry the run's totals so far (not one call's), so the latest is the answer: nothing is summed here.
        this.tokens = event.tokens;
        if (event.costUsd !== undefined) this.costUsd = event.costUsd;
        return true;
      case 'tool.called':
        // The runtime always sets correlationId; without it the return could not be matched, so it is not shown.
        if (event.correlationId === undefined) return false;
        this.#calls.set(event.correlationId, {
          toolName: event.toolName,
          ...(event.taskId === undefined ? {} : { taskId: event.taskId }),
          ...(event.agentId === undefined ? {} : { agentId: event.agentId }),
          startedAt: now,
        });
        return true;
      case 'tool.returned':
        return event.correlationId !== undefined && this.#calls.delete(event.correlationId);
      case 'task.completed': {
        // A settled task has no call under way; this keeps a line from outliving a return that never came.
        let forgot = false;
        for (const [id, call] of this.#calls) if (call.taskId === event.taskId) forgot = this.#calls.delete(id);
        return forgot;
      }
      default:
        return false;
    }
  }

  /** The calls under way, oldest first. */
  toolCalls(): ToolCallInFlight[] {
    return [...this.#calls.values()];
  }

  /** The run ended: whatever was still under way was abandoned with it. */
  endToolCalls(): void {
    this.#calls.clear();
  }
}
