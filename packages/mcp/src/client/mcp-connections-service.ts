import { serviceToken } from '@orkeon/core';
import type { McpConnections } from './mcp-connections.js';

/** The connected MCP servers of the runtime (`addSvcMcp`): their clients, state and tools. */
export const McpConnectionsService = serviceToken<McpConnections>('McpConnections');
