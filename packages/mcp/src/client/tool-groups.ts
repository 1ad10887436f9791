import type { Tool } from '@orkeon/core';

/** The prefix that names all of one server's tools in a crew's `tools:` list: `mcp:<server-id>`. */
export const mcpToolGroupPrefix = 'mcp:';

/** `mcp:<server-id>` → that server's tool names, for the MCP tools among `tools`. */
export function mcpToolGroups(tools: readonly Tool[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    const serverId = (tool as { mcpServerId?: unknown }).mcpServerId;
    if (typeof serverId !== 'string') continue;
    const key = `${mcpToolGroupPrefix}${serverId}`.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), tool.name]);
  }
  return groups;
}

/**
 * A `tools:` list with each `mcp:<server-id>` replaced by that server's tools (each
 * name once). A group that is not in `groups` stays as it is, so the crew's
 * validation reports it as an unknown tool.
 */
export function expandToolGroups(names: readonly string[], groups: ReadonlyMap<string, readonly string[]>): string[] {
  const expanded: string[] = [];
  const add = (name: string) => {
    if (!expanded.some((known) => known.toLowerCase() === name.toLowerCase())) expanded.push(name);
  };
  for (const name of names) {
    const members = name.toLowerCase().startsWith(mcpToolGroupPrefix) ? groups.get(name.toLowerCase()) : undefined;
    if (members === undefined) add(name);
    else for (const member of members) add(member);
  }
  return expanded;
}
