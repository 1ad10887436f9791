// What a host reads of @orkeon/mcp without connecting anything: its settings, the tool groups
// crews name and the token of the connections. Hosts import this at start, and the package
// itself (with the MCP SDK) only when a server is configured.

export { McpConnectionsService } from './client/mcp-connections-service.js';
export { expandToolGroups, mcpToolGroups } from './client/tool-groups.js';
export { mcpSettings } from './settings/mcp-settings.js';
