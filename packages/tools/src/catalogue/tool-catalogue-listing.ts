import { type Tool, type ToolAccess, toolFamilyOf } from '@orkeon/core';
import type { ToolFamilyAvailability } from './load-tool-family.js';
import type { TestedToolCatalogueEntry } from './tested-catalogue-entry.js';

/** One tool as `orkeon run --list-tools` shows it. */
export interface ToolListing {
  readonly name: string;
  /** The family's name, `mcp:<server>` for an MCP server's tool, `-` for a tool of no family. */
  readonly family: string;
  readonly access: ToolAccess;
  /** False for a catalogue tool its family's settings (or a missing key) did not enable. */
  readonly enabled: boolean;
  readonly needs?: string;
  readonly summary: string;
}

/** A family of the catalogue that is not there, and why. */
export interface UnavailableToolFamily {
  readonly family: string;
  readonly packageName: string;
  readonly reason: string;
}

/**
 * Every tool a runtime offers together with every tool of the catalogue: the
 * registry's tools, and the catalogue tools it lacks marked not enabled; families
 * whose package is missing come apart, with the reason.
 */
export function listToolCatalogue(
  registered: readonly Tool[],
  families: readonly ToolFamilyAvailability[],
): { tools: ToolListing[]; unavailable: UnavailableToolFamily[] } {
  const byName = new Map(registered.map((tool) => [tool.name.toLowerCase(), tool]));
  const listed = new Set<string>();
  const tools: ToolListing[] = [];
  const unavailable: UnavailableToolFamily[] = [];
  for (const availability of families) {
    if ('error' in availability) {
      unavailable.push({
        family: availability.name,
        packageName: availability.packageName,
        reason: availability.error.message,
      });
      continue;
    }
    for (const entry of availability.family.catalogue as readonly TestedToolCatalogueEntry[]) {
      const tool = byName.get(entry.name.toLowerCase());
      listed.add(entry.name.toLowerCase());
      tools.push({
        name: entry.name,
        family: availability.name,
        access: tool?.access ?? entry.access,
        enabled: tool !== undefined,
        ...(entry.needs === undefined ? {} : { needs: entry.needs }),
        summary: entry.summary,
      });
    }
  }
  for (const tool of registered) {
    if (listed.has(tool.name.toLowerCase())) continue;
    tools.push({
      name: tool.name,
      family: familyLabel(tool),
      access: tool.access,
      enabled: true,
      summary: tool.description,
    });
  }
  tools.sort((a, b) => a.family.localeCompare(b.family) || a.name.localeCompare(b.name));
  return { tools, unavailable };
}

function familyLabel(tool: Tool): string {
  const family = toolFamilyOf(tool);
  if (family !== undefined) return family;
  const server = (tool as { mcpServerId?: unknown }).mcpServerId;
  return typeof server === 'string' ? `mcp:${server}` : '-';
}
