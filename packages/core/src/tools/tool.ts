import { z } from 'zod';
import type { BudgetExhaustion } from '../budget/budget-exhausted-error.js';
import type { CrewBudget } from '../budget/crew-budget.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { Logger } from '../logging/logger.js';
import type { NetworkGuard } from '../network/network-guard.js';
import type { FileSystem } from '../vfs/file-system.js';
import type { ToolCallerRequests } from './caller-requests.js';
import type { ToolResult } from './tool-result.js';

/**
 * What a tool does, for the permission gate: `Read` only looks, `Edit` changes
 * files, `Execute` runs or sends something. `Unspecified` leaves it to the gate's
 * name tables (and unknown names count as writes).
 */
export type ToolAccess = 'Read' | 'Edit' | 'Execute' | 'Unspecified';

/** Who is calling a tool: shown in audit events and permission prompts. */
export interface CallerIdentity {
  readonly kind: 'agent' | 'script' | 'mcp' | 'a2a' | 'host';
  /** The agent's name (its role), as `gen_ai.agent.name` reports it. */
  readonly agent?: string;
  readonly agentId?: string;
  readonly crew?: string;
  /** The crew's process (`sequential`, `hierarchical`, …). */
  readonly process?: string;
  readonly task?: string;
}

/** What a tool receives besides its input. */
export interface ToolContext {
  /** The agent's view of the file system: virtual paths only, internal mounts absent. */
  readonly vfs: FileSystem;
  readonly logger: Logger;
  /** Fires on timeout or when the caller gives up; long work must stop. */
  readonly signal: AbortSignal;
  readonly caller: CallerIdentity;
  /** Identifies this call, e.g. the model's tool-call id. */
  readonly callId: string;
  /**
   * Tells the caller how far the call is (an MCP client sees `notifications/progress`).
   * `progress` should grow from one report to the next; `total` is known or absent.
   * Always present when the pipeline runs the tool, and free when no one listens;
   * absent only when code calls `execute` by hand.
   */
  readonly reportProgress?: (update: ToolProgress) => void;
  /**
   * The run this call belongs to, read-only: what it has used and what its budget
   * allows. Absent when the call comes from outside a run (an MCP client, a script's
   * `tools.call`, code calling the pipeline or `execute` itself). The same object for
   * every call of one run, so a tool may keep state for the run keyed by it (a `WeakMap`).
   */
  readonly run?: ToolRunView;
  /**
   * Asks the person behind the caller to fill a form (an MCP client's elicitation). Present
   * only when the caller can answer; give the tool a `timeoutMilliseconds` that leaves a person time.
   */
  readonly elicit?: ToolCallerRequests['elicit'];
  /** Asks the caller's model for a completion (an MCP client's sampling). Present only when the caller can answer. */
  readonly sample?: ToolCallerRequests['sample'];
}

/** A read-only view of one agent or crew run, for tools that report on the run itself. */
export interface ToolRunView {
  /** The crew's name; absent for a single agent's run. */
  readonly crew?: string;
  /** What the run has used so far. */
  usage(): ToolRunUsage;
  /** The run's budget (`budget:` of the crew or the run options) and whether a limit is spent. */
  budget(): ToolRunBudget;
}

/**
 * What a run has used. `tokens`, `costUsd`, `toolCalls` and `wallTimeSeconds` are the
 * budget's counters (on a resumed run they include the earlier runs, as the budget
 * does, and `run.finished` reports `tokens`); `modelCalls`, `inputTokens`,
 * `outputTokens` and `models` count this run's model calls. A model call is counted
 * when its answer is complete; a tool call when it starts, so the calling tool is included.
 */
export interface ToolRunUsage {
  readonly modelCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly tokens: number;
  /** Estimated in US dollars from the known prices; models without a price add nothing. */
  readonly costUsd: number;
  readonly toolCalls: number;
  readonly wallTimeSeconds: number;
  /** This run's model calls by model, in the order first used. */
  readonly models: readonly ToolRunModelUsage[];
}

/** One model's share of a run. */
export interface ToolRunModelUsage {
  readonly model: string;
  readonly provider: string;
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Estimated in US dollars; absent when the model has no price (`Telemetry:Prices`). */
  readonly costUsd?: number;
}

/** A run's limits and, once one is spent, which. */
export interface ToolRunBudget {
  /** The limits set; a dimension left out is not bounded (wall time in seconds). */
  readonly limits: CrewBudget;
  readonly exhausted?: BudgetExhaustion;
}

/** One progress report of a running tool call. */
export interface ToolProgress {
  /** How far the call is, in any unit; grows from one report to the next. */
  readonly progress: number;
  /** The value `progress` reaches when done, if known. */
  readonly total?: number;
  /** A short line for a person, e.g. 'Downloaded 3 of 10 files'. */
  readonly message?: string;
}

/** The levels of `ToolContext.logger`, as a log listener receives them. */
export type ToolLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** One line a tool wrote to `context.logger` during a call, as a log listener receives it. */
export interface ToolLogRecord {
  readonly level: ToolLogLevel;
  /** The message, with `%s`-style arguments filled in; empty when only fields were logged. */
  readonly message: string;
  /** The fields logged with it (the call's own bindings left out); fields named like secrets read `[REDACTED]`. */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/**
 * What `execute` may return: text, a JSON value (sent as JSON text), or a `ToolResult`
 * (`toolContent([...])` for images, audio and embedded resources).
 */
export type ToolReturn =
  | string
  | ToolResult
  | number
  | boolean
  | null
  | readonly unknown[]
  | { readonly [key: string]: unknown };

export interface Tool<Input = unknown> {
  /** Registry key, matched without regard to case. Letters, digits, `_` and `-`, at most 64. */
  readonly name: string;
  readonly description: string;
  /** Validates and types the input; exported as JSON Schema for models and MCP. */
  readonly inputSchema: z.ZodType<Input>;
  readonly access: ToolAccess;
  /** Longest output the model receives; more is cut. Default 4,000 characters. */
  readonly maxResultCharacters?: number;
  /** Time limit of one call. Default: the pipeline's (60 s). */
  readonly timeoutMilliseconds?: number;
  /**
   * The guard the tool connects through, with its own allowed hosts: the Guardian judges the
   * tool's URL arguments by it instead of by `Svc:Security:Url`. Absent for tools that reach no network of their own.
   */
  readonly networkGuard?: NetworkGuard;
  /**
   * Top-level arguments whose values are identifiers the tool never fetches, such as MCP resource
   * URIs (`notes://today`): the Guardian's URL rule skips them; its path and SQL rules still apply.
   */
  readonly identifierArguments?: readonly string[];
  execute(input: Input, context: ToolContext): Promise<ToolReturn>;
}

export interface ToolDefinition<Schema extends z.ZodType> {
  name: string;
  description: string;
  input: Schema;
  access?: ToolAccess;
  maxResultCharacters?: number;
  timeoutMilliseconds?: number;
  networkGuard?: NetworkGuard;
  identifierArguments?: readonly string[];
  execute(input: z.output<Schema>, context: ToolContext): Promise<ToolReturn>;
}

const toolNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** A tool declared with a name models cannot call. */
export class ToolDefinitionError extends OrkeonError<CoreErrorCode> {
  constructor(message: string) {
    super('TOOL_NAME_INVALID', message);
  }
}

/** Declares a tool; its input is validated against `input` before `execute` runs. */
export function defineTool<Schema extends z.ZodType>(definition: ToolDefinition<Schema>): Tool<z.output<Schema>> {
  if (!toolNamePattern.test(definition.name)) {
    throw new ToolDefinitionError(
      `Tool name '${definition.name}' is not allowed: use a letter, then letters, digits, '_' or '-', at most 64 in all.`,
    );
  }
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.input as unknown as z.ZodType<z.output<Schema>>,
    access: definition.access ?? 'Unspecified',
    ...(definition.maxResultCharacters === undefined ? {} : { maxResultCharacters: definition.maxResultCharacters }),
    ...(definition.timeoutMilliseconds === undefined ? {} : { timeoutMilliseconds: definition.timeoutMilliseconds }),
    ...(definition.networkGuard === undefined ? {} : { networkGuard: definition.networkGuard }),
    ...(definition.identifierArguments === undefined ? {} : { identifierArguments: definition.identifierArguments }),
    execute: definition.execute,
  };
}

/** The tool's input as a JSON Schema object, the form models and MCP clients read. */
export function toolInputJsonSchema(tool: Tool): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return schema;
}
