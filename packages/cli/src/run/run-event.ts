import type { CrewEvent } from '@orkeon/core';

/** A tool call starts, inside a task. */
export interface ToolStartedEvent {
  readonly kind: 'tool.started';
  readonly taskId?: string;
  readonly agentId?: string;
  readonly tool: string;
  readonly callId: string;
}

/** A tool call ended (`outcome`: Success, Failure or Denied). Never carries arguments or output. */
export interface ToolCompletedEvent {
  readonly kind: 'tool.completed';
  readonly taskId?: string;
  readonly agentId?: string;
  readonly tool: string;
  readonly callId: string;
  readonly outcome: string;
  readonly durationMs: number;
}

/** Streamed model text (`--stream`). */
export interface LlmDeltaEvent {
  readonly kind: 'llm.delta';
  readonly taskId?: string;
  readonly agentId?: string;
  readonly delta: string;
}

/** What `orkeon run` reports while a crew runs; `--events jsonl` writes one per line. */
export type RunEvent = CrewEvent | ToolStartedEvent | ToolCompletedEvent | LlmDeltaEvent;
