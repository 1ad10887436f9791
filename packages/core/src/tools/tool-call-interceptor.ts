import { serviceToken } from '../services/service-token.js';
import type { CallerIdentity } from './tool.js';
import type { ToolResult } from './tool-result.js';

/** The call an interceptor sees: the tool, who calls it and the validated arguments. */
export interface InterceptedToolCall {
  readonly tool: string;
  readonly callId: string;
  readonly caller: CallerIdentity;
  /** The arguments after validation (the tool's own schema), as the tool will get them. */
  readonly input: unknown;
}

/**
 * A step the tool invocation pipeline runs around every call, after the Guardian, the
 * guardrails, validation and the permission gate: `beforeCall` may refuse the call (a rate
 * limit) and `afterCall` may change what the caller gets (personal data masked). Registered
 * interceptors run in registration order, `afterCall` in that order too. An interceptor that
 * throws fails the call closed: the tool is not run, or its output is withheld.
 */
export interface ToolCallInterceptor {
  /** Names the interceptor in logs and in the message of a call it failed. */
  readonly name: string;
  /** A result refuses the call (the tool is not run, later interceptors are not asked); `undefined` lets it through. */
  readonly beforeCall?: (call: InterceptedToolCall) => ToolResult | undefined | Promise<ToolResult | undefined>;
  /** The result the caller gets instead of `result` (made with `toolSuccess`, `toolFailure`, …), or `result` itself. */
  readonly afterCall?: (call: InterceptedToolCall, result: ToolResult) => ToolResult | Promise<ToolResult>;
}

/** Interceptors of every tool call; `getAll` gives them in registration order. */
export const ToolCallInterceptorService = serviceToken<ToolCallInterceptor>('ToolCallInterceptor');
