import type { ToolLogRecord, ToolProgress } from '@orkeon/core';
import type { JsonRpcNotification } from './json-rpc.js';

/** MCP's log levels (RFC 5424 severities), least severe first. */
export const mcpLogLevels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type McpLogLevel = (typeof mcpLogLevels)[number];

export function isMcpLogLevel(value: unknown): value is McpLogLevel {
  return typeof value === 'string' && (mcpLogLevels as readonly string[]).includes(value);
}

const fromToolLevel: Record<ToolLogRecord['level'], McpLogLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warning',
  error: 'error',
  fatal: 'critical',
};

/**
 * The tool's log lines as `notifications/message`, those at or above `threshold` only;
 * `data` is the message, or `{ message, ...fields }` when fields were logged.
 */
export function logForwarder(
  tool: string,
  threshold: McpLogLevel,
  notify: (notification: JsonRpcNotification) => void,
): (record: ToolLogRecord) => void {
  const least = mcpLogLevels.indexOf(threshold);
  return (record) => {
    const level = fromToolLevel[record.level];
    if (mcpLogLevels.indexOf(level) < least) return;
    const data = record.fields === undefined ? record.message : { message: record.message, ...record.fields };
    notify({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: tool, data } });
  };
}

/**
 * The tool's progress reports as `notifications/progress` for the request's token. MCP
 * requires the value to grow with each notification: a report that does not is dropped.
 */
export function progressForwarder(
  token: string | number,
  notify: (notification: JsonRpcNotification) => void,
): (update: ToolProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (update) => {
    if (!(update.progress > last)) return;
    last = update.progress;
    notify({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress: update.progress,
        ...(update.total === undefined ? {} : { total: update.total }),
        ...(update.message === undefined ? {} : { message: update.message }),
      },
    });
  };
}
