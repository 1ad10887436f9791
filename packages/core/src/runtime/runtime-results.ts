import type { BudgetExhaustion } from '../budget/budget-exhausted-error.js';
import type { CrewBudget } from '../budget/crew-budget.js';
import type { ThreadInfo } from '../conversations/thread-store.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { HumanInputChannel } from '../human-input/human-input-channel.js';
import type { ActResult } from '../llm/llm-client.js';
import type { PromptAttachment } from '../multimodal/multimodal-content.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import type { CrewResult } from '../process/crew-result.js';
import type { CallerIdentity } from '../tools/tool.js';
import type { RunEvent, RunEventBody } from './run-events.js';

/** What every run may be given. */
export interface RunOptions {
  /** Stops the run: model calls in flight end, nothing new starts, the result says `interrupted`. */
  readonly signal?: AbortSignal;
  /** The permission gate's mode for this run's tool calls (default: the runtime's). */
  readonly permissionMode?: PermissionMode;
  /** Also report the model's streamed text as `llm.delta` events. Default false. */
  readonly deltas?: boolean;
  /** Receives this run's events (besides the runtime's `onEvent` and `stream()`). */
  readonly onEvent?: (event: RunEvent) => void | Promise<void>;
  /** Limits of this run, shared by all its agents; for a crew it replaces the crew's `budget`. See docs/budgets.md. */
  readonly budget?: CrewBudget;
  /**
   * Continue this conversation (see docs/conversations.md): the agent, or every agent of the
   * crew, sees the thread's earlier turns (those within `Svc:Conversations:MaxTokens`) before
   * its own prompt, and the run is added to it as one turn. A new id starts a thread.
   */
  readonly thread?: string;
  /** Whose thread it is (a user or tenant id): another resource never sees it. Default `default`. */
  readonly resource?: string;
  /**
   * Where this run's `human_input` questions go instead of the runtime's channel: the person
   * behind the run's caller (an MCP client's elicitation, see `elicitationChannel`). The
   * permission gate's asks still go to the runtime's own channel: a caller never approves its own calls.
   */
  readonly humanInput?: HumanInputChannel;
  /**
   * Lets the caller add its own events to this run's stream, stamped and numbered like the
   * run's (`seq` without gaps): called with `emit` just after `run.started` and with
   * `undefined` as `run.finished` is emitted; `emit` does nothing after that.
   */
  readonly onEmitter?: (emit: ((event: RunEventBody) => void) | undefined) => void;
}

/** What a single agent's run may be given besides. */
export interface AgentRunOptions extends RunOptions {
  /** The crew the agent belongs to: its `llm` settings apply under the agent's own. */
  readonly crew?: CrewDefinition;
  /** Who is calling, for audit events, prompts and spans. Default: the agent itself (`kind: 'agent'`). */
  readonly caller?: CallerIdentity;
  /** Images (and other media) sent with the goal; they need the multimodal subsystem (`addSvcMultiModal`). */
  readonly attachments?: readonly PromptAttachment[];
}

export interface CrewRunOptions extends RunOptions {
  /** Continue the crew's latest unfinished checkpointed run, reusing its completed tasks. */
  readonly resume?: boolean;
}

/** One agent's answer. */
export interface AgentRunResult extends Omit<ActResult, 'responseMessages'> {
  /** Set when a limit of the run's budget was spent; the answer is what had arrived. */
  readonly budgetExhausted?: BudgetExhaustion;
  /** With `thread`: the thread after this turn. */
  readonly thread?: ThreadInfo;
}

/** A crew's result, with the checkpoint session it was recorded in. */
export interface CrewRunResult extends CrewResult {
  /** The checkpoint session (resume continues it). */
  readonly sessionId: string;
  /** True when the run continued an earlier unfinished one. */
  readonly resumed: boolean;
  /** Set when a task's deliverable could not be written; the run then does not count as done. */
  readonly deliverableFailure?: string;
  /** Set when a limit of the crew budget was spent: the run stopped, finished outputs kept and checkpointed. */
  readonly budgetExhausted?: BudgetExhaustion;
  /** With `thread`: the thread after this run (its first task's description and the crew's output, one turn). */
  readonly thread?: ThreadInfo;
}

/** Events as they happen, then the result: `for await (const event of stream)`, then `await stream.result`. */
export interface RunStream<Result> extends AsyncIterable<RunEvent> {
  readonly result: Promise<Result>;
}
