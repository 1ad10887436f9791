import type { Logger } from '@orkeon/core';
import type { McpLogLevel } from '../server/call-notifications.js';
import type { McpLogMessage } from './call-listeners.js';

/** MCP's eight severities on pino's six levels (the reverse of what Orkeon's server sends). */
const toPinoLevel: Record<McpLogLevel, 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'fatal',
  alert: 'fatal',
  emergency: 'fatal',
};

/**
 * Writes a server's log message to an Orkeon logger, with the server id as
 * `mcpServer` and the server's logger name as `mcpLogger`. A text is the message; an
 * object's `message` text is the message and its other fields go under `data`, never
 * beside Orkeon's own fields, so a server cannot pose as another or rewrite `level`.
 */
export function writeRemoteLog(logger: Logger, serverId: string, log: McpLogMessage): void {
  const { message, data } = split(log.data);
  const fields = {
    mcpServer: serverId,
    ...(log.logger === undefined ? {} : { mcpLogger: log.logger }),
    ...(data === undefined ? {} : { data }),
  };
  logger[toPinoLevel[log.level]](fields, '%s', message);
}

function split(data: unknown): { message: string; data?: unknown } {
  if (typeof data === 'string') return { message: data };
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const { message, ...rest } = data as Record<string, unknown>;
    if (typeof message === 'string') return Object.keys(rest).length === 0 ? { message } : { message, data: rest };
  }
  return data === undefined ? { message: '' } : { message: '', data };
}
