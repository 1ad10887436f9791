import type { TokenUsage } from '../llm/llm-client.js';
import type { CrewEvent, FailureInfo } from '../process/crew-events.js';

/** A tool call starts, inside a task or an agent run. */
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

/** Streamed model text (only when the run asks for deltas). */
export interface LlmDeltaEvent {
  readonly kind: 'llm.delta';
  readonly taskId?: string;
  readonly agentId?: string;
  readonly delta: string;
}

/** One agent starts on an input (`runtime.run(agent, input)`). */
export interface AgentStartedEvent {
  readonly kind: 'agent.started';
  readonly agentId: string;
  readonly agentRole: string;
}

/** One agent answered. */
export interface AgentCompletedEvent {
  readonly kind: 'agent.completed';
  readonly agentId: string;
  readonly output: string;
  readonly usage: TokenUsage;
  readonly iterations: number;
  readonly durationMs: number;
  readonly interrupted?: true;
  readonly exhausted?: true;
}

/** One agent's run failed (a model error); the run rejects with the same error. */
export interface AgentFailedEvent {
  readonly kind: 'agent.failed';
  readonly agentId: string;
  readonly error: FailureInfo;
  readonly durationMs: number;
}

/** What a run reports while it works: `runtime.stream()` yields these, and `orkeon run --events jsonl` writes them. */
export type RunEvent =
  | CrewEvent
  | AgentStartedEvent
  | AgentCompletedEvent
  | AgentFailedEvent
  | ToolStartedEvent
  | ToolCompletedEvent
  | LlmDeltaEvent;

export type RunEventListener = (event: RunEvent) => void | Promise<void>;
