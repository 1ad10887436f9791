import type { Configuration } from '../config/configuration.js';
import type { SettingsSection } from '../config/settings-section.js';
import type { Logger } from '../logging/logger.js';
import type { Tool, ToolAccess } from './tool.js';

/** One tool of a family as the catalogue lists it: known without building the tool or loading its libraries. */
export interface ToolCatalogueEntry {
  readonly name: string;
  readonly access: Exclude<ToolAccess, 'Unspecified'>;
  /** One line: what the tool does. */
  readonly summary: string;
  /** What it needs beyond the family's package: a key, a server, an optional package ("TAVILY_API_KEY"). */
  readonly needs?: string;
}

/** What a family builds its tools from. */
export interface ToolFamilyContext {
  readonly configuration: Configuration;
  readonly logger: Logger;
}

/**
 * A named group of built-in tools (`web`, `data`, …), offered together by one
 * registration and named together in YAML as `family:<name>`. The catalogue is
 * static so `orkeon run --list-tools` and the docs read it without loading the
 * family's libraries; `createTools` loads them.
 */
export interface ToolFamily {
  /** Lower-case word: `web`, `data`, `database`, `email`, `session`, `code`. */
  readonly name: string;
  readonly description: string;
  /** Every tool the family can offer, whether or not the settings enable it. */
  readonly catalogue: readonly ToolCatalogueEntry[];
  /** The settings sections the family reads, judged at start like every other. */
  readonly settingsSections: readonly SettingsSection[];
  /**
   * The tools the settings enable (a keyed tool only when its key is set), each
   * with its family marked (`toolFamilyOf`). Throws a clear error naming a
   * missing optional package or a bad setting.
   */
  createTools(context: ToolFamilyContext): Promise<readonly Tool[]>;
}

const familyMarker = Symbol.for('orkeon.toolFamily');

/** Marks `tool` as a member of `family`, so `family:<name>` in a crew's `tools:` names it. */
export function inToolFamily<T extends Tool>(tool: T, family: string): T {
  Object.defineProperty(tool, familyMarker, { value: family, enumerable: false });
  return tool;
}

/** The family `tool` belongs to, or `undefined` for a tool of no family. */
export function toolFamilyOf(tool: Tool): string | undefined {
  const family = (tool as unknown as Record<symbol, unknown>)[familyMarker];
  return typeof family === 'string' ? family : undefined;
}
