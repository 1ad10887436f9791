import type { CallerIdentity, ToolProgress } from '@orkeon/core';
import { isMcpLogLevel, type McpLogLevel, mcpLogLevels } from '../server/call-notifications.js';

/** One log message a server sent (`notifications/message`), as a listener receives it. */
export interface McpLogMessage {
  readonly level: McpLogLevel;
  /** The name the server gave its logger, if any (Orkeon's server names the tool). */
  readonly logger?: string;
  /** Any JSON value: a text, or an object such as `{ message, ...fields }`. */
  readonly data: unknown;
}

/** What `McpClient.callTool` takes besides the tool's name and input. */
export interface McpCallOptions {
  /** Gives up the call: the server is sent `notifications/cancelled`. */
  readonly signal?: AbortSignal;
  /**
   * Hears the server's `notifications/progress` for this call. Given, the request
   * carries a `_meta.progressToken`; reports that are not numbers, or do not grow, are dropped.
   */
  readonly onProgress?: (update: ToolProgress) => void;
  /**
   * Hears the server's log messages while this call is the only one in flight on the
   * connection, at or above the server's `LogLevel` setting.
   */
  readonly onLog?: (message: McpLogMessage) => void;
  /** Who makes the call (an agent of a run): a question the server asks during it is put to a person in its name. */
  readonly caller?: CallerIdentity;
}

/**
 * The progress a `notifications/progress` reports, or undefined when it is not one
 * MCP allows: `progress` a finite number, `total` a positive one, `message` a text.
 */
export function progressOf(params: Record<string, unknown>): ToolProgress | undefined {
  const { progress, total, message } = params;
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return undefined;
  if (total !== undefined && (typeof total !== 'number' || !Number.isFinite(total) || total <= 0)) return undefined;
  if (message !== undefined && typeof message !== 'string') return undefined;
  return {
    progress,
    ...(total === undefined ? {} : { total }),
    ...(message === undefined ? {} : { message }),
  };
}

/**
 * The log message a `notifications/message` carries, or undefined when it is below
 * `threshold` (`off`: everything is) or not a log message at all.
 */
export function logMessageOf(
  params: Record<string, unknown>,
  threshold: McpLogLevel | 'off',
): McpLogMessage | undefined {
  if (threshold === 'off' || !isMcpLogLevel(params.level)) return undefined;
  if (mcpLogLevels.indexOf(params.level) < mcpLogLevels.indexOf(threshold)) return undefined;
  return {
    level: params.level,
    ...(typeof params.logger === 'string' ? { logger: params.logger } : {}),
    data: params.data,
  };
}
