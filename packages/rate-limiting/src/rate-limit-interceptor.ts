import { type ToolCallInterceptor, toolDenied } from '@orkeon/core';
import type { ToolRateLimiter } from './tool-rate-limiter.js';

/**
 * The limiter as a tool call interceptor (`ToolRateLimiting:ApplyInPipeline`): a call
 * over a limit is not run and the model reads `DENIED: Rate limit reached (…); retry
 * after 12 s.`; the agent role is the caller's (its kind, `mcp` or `a2a`, when no agent calls).
 *
 * @experimental SVCEXP008
 */
export function rateLimitInterceptor(limiter: ToolRateLimiter): ToolCallInterceptor {
  return {
    name: 'ToolRateLimiting',
    beforeCall: async (call) => {
      const acquisition = await limiter.acquire(call.tool, call.caller.agent ?? call.caller.kind);
      return acquisition.acquired ? undefined : toolDenied(acquisition.reason);
    },
  };
}
