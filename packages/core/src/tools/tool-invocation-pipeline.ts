// One file over 300 lines: the pipeline is the single choke point of every tool call, and its
// steps (lookup, validation, gate, time limit, listeners, truncation, audit) share one call's state.
import { randomUUID } from 'node:crypto';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import type { z } from 'zod';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { Guardian } from '../guardian/guardian.js';
import type { GuardrailSet } from '../guardrails/guardrail-set.js';
import { guardrailBlockMessage } from '../guardrails/guardrail-tripped-error.js';
import type { Logger } from '../logging/logger.js';
import { unknownPermissionModeMessage } from '../permissions/permission-errors.js';
import type { PermissionGate, PermissionGateDecision, PermissionPrompt } from '../permissions/permission-gate.js';
import { isPermissionMode, type PermissionMode } from '../permissions/permission-mode.js';
import { classifyTool } from '../permissions/tool-classification.js';
import { serviceToken } from '../services/service-token.js';
import {
  contentAttribute,
  GenAi,
  instruments,
  OrkeonAttributes,
  SpanKind,
  tracer,
} from '../telemetry/gen-ai-telemetry.js';
import type { FileSystem } from '../vfs/file-system.js';
import type { ToolCallerRequests } from './caller-requests.js';
import {
  type CallerIdentity,
  type Tool,
  type ToolAccess,
  type ToolLogRecord,
  type ToolProgress,
  type ToolReturn,
  type ToolRunView,
  toolInputJsonSchema,
} from './tool.js';
import type { ToolAuditEvent, ToolAuditSink } from './tool-audit.js';
import type { InterceptedToolCall, ToolCallInterceptor } from './tool-call-interceptor.js';
import { callerRequestsOf, listenedLogger, progressReporter } from './tool-call-listeners.js';
import type { ToolRegistry } from './tool-registry.js';
import {
  isToolResult,
  type ToolResult,
  toolBlocked,
  toolDenied,
  toolFailure,
  toolSuccess,
  truncateToolResult,
} from './tool-result.js';

export const defaultMaxResultCharacters = 4_000;
export const defaultToolTimeoutMilliseconds = 60_000;

const errorTypeOf: Readonly<Record<string, string>> = {
  Denied: 'denied',
  Blocked: 'guardian_blocked',
  Failure: 'tool_error',
};

/** The arguments as an object when the model sent a JSON object as text; anything else as it came. */
function rawArguments(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    const parsed = JSON.parse(input) as unknown;
    return typeof parsed === 'object' && parsed !== null ? parsed : input;
  } catch {
    return input;
  }
}

export interface ToolInvocation {
  /** The tool's name (any case). */
  readonly tool: string;
  /** The arguments: an object, or JSON text as models send it. */
  readonly input: unknown;
  readonly caller: CallerIdentity;
  /** The model's tool-call id, if any; one is made up otherwise. */
  readonly callId?: string;
  /** Stops the call (the pipeline answers at once; the tool sees its signal fire). */
  readonly signal?: AbortSignal;
  /** The gate's mode for this call; default: the gate's configured mode. */
  readonly permissionMode?: PermissionMode;
  /** Hears the tool's `context.reportProgress` while the call runs (e.g. an MCP client's progress token). */
  readonly onProgress?: (update: ToolProgress) => void;
  /** Hears every line the tool writes to `context.logger` while the call runs, at any level. */
  readonly onLog?: (record: ToolLogRecord) => void;
  /** The calling agent's guardrails: its `tool` stage judges the arguments after the Guardian. */
  readonly guardrails?: GuardrailSet;
  /** What the caller can answer while the call runs; the tool sees them as `context.elicit` and `context.sample`. */
  readonly callerRequests?: ToolCallerRequests;
}

export interface ToolInvocationPipelineOptions {
  readonly registry: ToolRegistry;
  /** The file system tools work in; tools get its agent view. */
  readonly vfs: FileSystem;
  readonly logger: Logger;
  /** Present only when the permission gate is enabled. */
  readonly gate?: PermissionGate;
  /** The interactive channel that may answer the gate's asks. */
  readonly prompt?: PermissionPrompt;
  readonly audit?: readonly ToolAuditSink[];
  /** Told when a call starts (before validation), e.g. to report progress; the audit sinks hear how it ended. */
  readonly onCallStarted?: (call: {
    readonly tool: string;
    readonly callId: string;
    readonly caller: CallerIdentity;
    /** The names of the call's arguments, never their values. */
    readonly argumentNames: readonly string[];
  }) => void;
  readonly defaultTimeoutMilliseconds?: number;
  /** The run the current call belongs to, handed to the tool as `context.run`; `undefined` outside a run. */
  readonly runOf?: () => ToolRunView | undefined;
  /** Told what the permission gate decided on each call it judged (the audit trail listens). */
  readonly onGateDecision?: (decision: PermissionGateDecision) => void;
  /** The Guardian's tool phase, the first step of every call; absent when the Guardian is off. */
  readonly guardian?: Guardian;
  /** Run around the tool itself, after the permission gate (rate limits before, data-loss prevention after). */
  readonly interceptors?: readonly ToolCallInterceptor[];
  /** Record each call's arguments and result on its execute_tool span (Telemetry:CaptureContent). */
  readonly captureContent?: boolean;
}

/**
 * The single point every tool call crosses (agent loop, scripts, MCP server, A2A):
 * find the tool, validate the arguments, ask the permission gate, run the call with
 * a time limit and abort, cut the output to the tool's limit, and record an audit
 * event. It never throws: every outcome is a `ToolResult` the model can read.
 */
export class ToolInvocationPipeline {
  readonly #options: ToolInvocationPipelineOptions;
  readonly #agentFiles: FileSystem;

  constructor(options: ToolInvocationPipelineOptions) {
    this.#options = options;
    this.#agentFiles = options.vfs.agentView();
  }

  async invoke(invocation: ToolInvocation): Promise<ToolResult> {
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const callId = invocation.callId ?? randomUUID();
    const tool = this.#options.registry.get(invocation.tool);
    const name = tool?.name ?? invocation.tool;
    try {
      this.#options.onCallStarted?.({
        tool: name,
        callId,
        caller: invocation.caller,
        argumentNames: argumentNamesOf(invocation.input),
      });
    } catch (error) {
      this.#options.logger.warn({ err: error }, 'onCallStarted failed');
    }
    const span = tracer().startSpan(`execute_tool ${name}`, {
      kind: SpanKind.INTERNAL,
      attributes: {
        [GenAi.operationName]: 'execute_tool',
        [GenAi.toolName]: name,
        [GenAi.toolCallId]: callId,
        ...(invocation.caller.agent === undefined ? {} : { [GenAi.agentName]: invocation.caller.agent }),
        ...(this.#options.captureContent === true
          ? { [GenAi.toolCallArguments]: this.#redact(contentAttribute(invocation.input)) }
          : {}),
      },
    });
    const result = await context
      .with(trace.setSpan(context.active(), span), () =>
        tool === undefined ? this.#unknownTool(invocation.tool) : this.#run(tool, invocation, callId),
      )
      // The last guard of the promise never to throw: whatever escaped becomes a failure.
      .catch((error: unknown) => toolFailure(`Tool '${name}' could not be run: ${this.#redact(messageOf(error))}`));
    const limited = truncateToolResult(result, tool?.maxResultCharacters ?? defaultMaxResultCharacters);
    span.setAttribute(OrkeonAttributes.toolOutcome, limited.outcome);
    if (this.#options.captureContent === true)
      span.setAttribute(GenAi.toolCallResult, contentAttribute(limited.output));
    if (limited.outcome !== 'Success') {
      span.setAttribute(GenAi.errorType, errorTypeOf[limited.outcome] ?? 'tool_error');
      span.setStatus({ code: SpanStatusCode.ERROR, message: limited.output.slice(0, 200) });
    }
    span.end();
    instruments().toolExecutions.add(1, { [GenAi.toolName]: name, [OrkeonAttributes.toolOutcome]: limited.outcome });
    this.#record({
      tool: name,
      callId,
      caller: invocation.caller,
      outcome: limited.outcome,
      durationMilliseconds: Math.round((performance.now() - started) * 1000) / 1000,
      startedAt,
    });
    return limited;
  }

  async #run(tool: Tool, invocation: ToolInvocation, callId: string): Promise<ToolResult> {
    if (invocation.permissionMode !== undefined && !isPermissionMode(invocation.permissionMode)) {
      return toolDenied(unknownPermissionModeMessage(invocation.permissionMode));
    }
    // The Guardian judges the arguments as sent, before anything (the VFS included) reads them.
    const sent = rawArguments(invocation.input);
    const blocked = this.#options.guardian?.checkToolCall(
      tool.name,
      sent,
      invocation.caller,
      tool.networkGuard,
      tool.identifierArguments,
    );
    if (blocked !== undefined) return toolBlocked(blocked);
    const judged = await this.#guardrails(tool, sent, invocation);
    if (judged.blocked !== undefined) return toolBlocked(judged.blocked);
    // JSON text is parsed once: validation gets the parsed object (or the text, to name its syntax error).
    const input = parseInput(tool, judged.arguments);
    if (!input.ok) return toolFailure(input.message);
    const permitted = await this.#askGate(tool, input.value, invocation);
    if (permitted !== undefined) return permitted;
    const interceptors = this.#options.interceptors;
    if (interceptors === undefined || interceptors.length === 0)
      return this.#execute(tool, input.value, invocation, callId);
    const call: InterceptedToolCall = { tool: tool.name, callId, caller: invocation.caller, input: input.value };
    for (const interceptor of interceptors) {
      if (interceptor.beforeCall === undefined) continue;
      const refused = await this.#intercepted(interceptor, 'before', () => interceptor.beforeCall?.(call));
      if (refused !== undefined) return refused;
    }
    let result = await this.#execute(tool, input.value, invocation, callId);
    for (const interceptor of interceptors) {
      if (interceptor.afterCall === undefined) continue;
      const current = result;
      result = (await this.#intercepted(interceptor, 'after', () => interceptor.afterCall?.(call, current))) ?? current;
    }
    return result;
  }

  /** One interceptor step; a throw or a value that is not a tool result fails the call closed. */
  async #intercepted(
    interceptor: ToolCallInterceptor,
    step: 'before' | 'after',
    run: () => ToolResult | undefined | Promise<ToolResult | undefined>,
  ): Promise<ToolResult | undefined> {
    const closed = (why: string) =>
      toolFailure(
        step === 'before'
          ? `The call was not made: the tool call interceptor '${interceptor.name}' ${why}.`
          : `The tool's output was withheld: the tool call interceptor '${interceptor.name}' ${why}.`,
      );
    try {
      const answer = await run();
      if (answer === undefined && step === 'before') return undefined;
      if (isToolResult(answer)) return answer;
      return closed(
        'returned something that is not a tool result (make one with toolSuccess, toolFailure or toolDenied)',
      );
    } catch (error) {
      this.#options.logger.warn({ err: error, interceptor: interceptor.name }, 'tool call interceptor failed');
      return closed(`failed (${this.#redact(messageOf(error))})`);
    }
  }

  /** The agent's `tool` guardrails on the arguments as JSON: a block refuses the call, a rewrite replaces them. */
  async #guardrails(
    tool: Tool,
    sent: unknown,
    invocation: ToolInvocation,
  ): Promise<{ arguments: unknown; blocked?: string }> {
    const guardrails = invocation.guardrails;
    if (guardrails === undefined || !guardrails.has('tool')) return { arguments: sent };
    const text = typeof sent === 'string' ? sent : (JSON.stringify(sent ?? {}) ?? '{}');
    const checked = await guardrails.run('tool', text, invocation.caller, {
      tool: tool.name,
      ...(invocation.signal === undefined ? {} : { signal: invocation.signal }),
    });
    if ('trip' in checked) return { arguments: sent, blocked: `Error: ${guardrailBlockMessage(checked.trip)}` };
    return { arguments: checked.text === text ? sent : checked.text };
  }

  /**
   * Asks the permission gate about an action that is not a tool of the registry (an MCP server's
   * sampling request, as Execute), the way a tool call is asked: the mode, the person, the audit.
   * Undefined: allowed; otherwise the reason it was refused.
   */
  async permit(action: {
    readonly name: string;
    readonly access: ToolAccess;
    readonly input: unknown;
    readonly caller: CallerIdentity;
    readonly permissionMode?: PermissionMode;
  }): Promise<string | undefined> {
    const refused = await this.#askGate(action, action.input, {
      tool: action.name,
      input: action.input,
      caller: action.caller,
      ...(action.permissionMode === undefined ? {} : { permissionMode: action.permissionMode }),
    });
    return refused?.output;
  }

  async #askGate(
    tool: Pick<Tool, 'name' | 'access'>,
    input: unknown,
    invocation: ToolInvocation,
  ): Promise<ToolResult | undefined> {
    const gate = this.#options.gate;
    if (gate === undefined) return undefined;
    const mode = invocation.permissionMode ?? gate.defaultMode;
    const decided = (verdict: PermissionGateDecision['verdict']) => {
      // On the call's execute_tool span (or, for an action that is no tool, the span it happens in).
      trace.getActiveSpan()?.setAttributes({
        [OrkeonAttributes.permissionDecision]: verdict,
        [OrkeonAttributes.permissionMode]: mode,
      });
      try {
        this.#options.onGateDecision?.({ tool: tool.name, mode, verdict, caller: invocation.caller });
      } catch (error) {
        this.#options.logger.warn({ err: error }, 'a permission decision listener failed');
      }
    };
    const verdict = gate.check(tool.name, tool.access, mode);
    if (verdict.action === 'allow') {
      decided('allow');
      return undefined;
    }
    if (verdict.action === 'deny') {
      decided('deny');
      return toolDenied(verdict.reason);
    }
    const prompt = gate.interactive ? this.#options.prompt : undefined;
    if (prompt === undefined) {
      decided('unanswered');
      return toolDenied(
        `${verdict.reason} No one is available to approve it (no interactive channel). Choose the permission mode 'acceptEdits' or 'bypassPermissions' for this work, or run it where a person can approve.`,
      );
    }
    try {
      const approved = await prompt({
        tool: tool.name,
        toolClass: classifyTool(tool.name, tool.access),
        mode,
        reason: verdict.reason,
        input,
        caller: invocation.caller,
      });
      decided(approved ? 'approved' : 'refused');
      return approved ? undefined : toolDenied(`${verdict.reason} The request was refused by the person asked.`);
    } catch (error) {
      decided('unanswered');
      return toolDenied(
        `${verdict.reason} The approval channel failed (${this.#redact(messageOf(error))}), so the call was not made.`,
      );
    }
  }

  async #execute(tool: Tool, input: unknown, invocation: ToolInvocation, callId: string): Promise<ToolResult> {
    const timeout =
      tool.timeoutMilliseconds ?? this.#options.defaultTimeoutMilliseconds ?? defaultToolTimeoutMilliseconds;
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(new ToolTimeoutError(tool.name, timeout)), timeout);
    // The caller's signal is forwarded with one listener: AbortSignal.any costs more on every call.
    const caller = invocation.signal;
    const forward = () => timer.abort(caller?.reason);
    if (caller?.aborted === true) forward();
    else caller?.addEventListener('abort', forward, { once: true });
    const signal = timer.signal;
    const own = this.#options.logger.child({ tool: tool.name, callId });
    // Listeners hear the call only while it runs: a tool that outlives its time-out is not heard.
    let open = true;
    const isOpen = () => open;
    const logger = invocation.onLog === undefined ? own : listenedLogger(own, invocation.onLog, isOpen, own);
    const reportProgress = progressReporter(tool.name, invocation.onProgress, isOpen, own);
    const run = this.#options.runOf?.();
    try {
      if (signal.aborted) return this.#interrupted(tool, signal);
      // A tool that ignores its signal must not hold the caller: the race answers at once.
      let stop: (() => void) | undefined;
      const stopped = new Promise<'stopped'>((resolve) => {
        stop = () => resolve('stopped');
        signal.addEventListener('abort', stop, { once: true });
      });
      const outcome = await Promise.race([
        tool.execute(input, {
          vfs: this.#agentFiles,
          logger,
          signal,
          caller: invocation.caller,
          callId,
          reportProgress,
          ...(run === undefined ? {} : { run }),
          ...callerRequestsOf(invocation.callerRequests, isOpen),
        }),
        stopped,
      ]);
      if (stop !== undefined) signal.removeEventListener('abort', stop);
      return outcome === 'stopped' ? this.#interrupted(tool, signal) : toResult(outcome);
    } catch (error) {
      if (signal.aborted) return this.#interrupted(tool, signal);
      own.debug({ err: error }, 'tool failed');
      return toolFailure(`Tool '${tool.name}' failed: ${this.#redact(messageOf(error))}`);
    } finally {
      open = false;
      clearTimeout(handle);
      caller?.removeEventListener('abort', forward);
    }
  }

  #interrupted(tool: Tool, signal: AbortSignal): ToolResult {
    return signal.reason instanceof ToolTimeoutError
      ? toolFailure(signal.reason.message)
      : toolFailure(`Tool '${tool.name}' was cancelled before it finished.`);
  }

  async #unknownTool(name: string): Promise<ToolResult> {
    const available = this.#options.registry.names;
    return toolFailure(
      `Unknown tool '${name}'. Available tools: ${available.length === 0 ? '(none)' : available.join(', ')}.`,
    );
  }

  /** Hides every physical folder of every mount (internal ones included) in a message for the model. */
  #redact(text: string): string {
    return this.#options.vfs.redact(text);
  }

  #record(event: ToolAuditEvent): void {
    this.#options.logger.debug({ audit: event }, 'tool call');
    for (const sink of this.#options.audit ?? []) {
      try {
        sink(event);
      } catch (error) {
        this.#options.logger.warn({ err: error }, 'a tool audit sink failed');
      }
    }
  }
}

class ToolTimeoutError extends OrkeonError<CoreErrorCode> {
  constructor(tool: string, milliseconds: number) {
    super('TOOL_TIMEOUT', `Tool '${tool}' timed out after ${formatDuration(milliseconds)}.`);
  }
}

function parseInput(tool: Tool, raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  let value = raw ?? {};
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch (error) {
      return {
        ok: false,
        message: `The arguments for tool '${tool.name}' are not valid JSON (${messageOf(error)}). Send a JSON object.`,
      };
    }
  }
  const parsed = tool.inputSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map(describeIssue).join('; ');
  return {
    ok: false,
    message: `Invalid arguments for tool '${tool.name}': ${problems}. Expected arguments: ${JSON.stringify(toolInputJsonSchema(tool))}`,
  };
}

/** The keys of the arguments object (given as an object or JSON text); none when it is neither. */
function argumentNamesOf(raw: unknown): string[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length === 0 ? '' : `'${issue.path.join('.')}': `;
  if (issue.code === 'unrecognized_keys')
    return `${where}unknown argument(s) ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
  return `${where}${issue.message}`;
}

function toResult(value: ToolReturn | undefined): ToolResult {
  if (isToolResult(value)) return value;
  if (value === undefined) return toolSuccess('');
  if (typeof value === 'string') return toolSuccess(value);
  return toolSuccess(JSON.stringify(value, null, 2));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function formatDuration(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}

export const ToolInvocationPipelineService = serviceToken<ToolInvocationPipeline>('ToolInvocationPipeline');
