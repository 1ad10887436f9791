import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { closestMatch } from '../text/closest-match.js';
import type { Tool } from './tool.js';

/** A tool name that is taken, or not known. */
export class ToolRegistryError extends OrkeonError<CoreErrorCode> {}

/** The tools a program offers, by name (matched without regard to case). */
export class ToolRegistry {
  readonly #tools = new Map<string, Tool>();

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  /** Adds a tool; a name already taken (in any case) is refused. */
  register(tool: Tool): this {
    const key = tool.name.toLowerCase();
    const existing = this.#tools.get(key);
    if (existing !== undefined) {
      throw new ToolRegistryError(
        'TOOL_NAME_DUPLICATE',
        `A tool named '${existing.name}' is already registered; '${tool.name}' cannot be registered too. Give one of them another name.`,
      );
    }
    this.#tools.set(key, tool);
    return this;
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name.toLowerCase());
  }

  /** The tool called `name`; throws, listing the available tools, when there is none. */
  require(name: string): Tool {
    const tool = this.get(name);
    if (tool === undefined) throw this.#unknown([name]);
    return tool;
  }

  /**
   * The tools named in a crew or agent. Strict (the default): an unknown name is an
   * error listing the available tools. Lenient: unknown names are returned apart.
   */
  select(names: readonly string[], options: { strict?: boolean } = {}): { tools: Tool[]; unknown: string[] } {
    const tools: Tool[] = [];
    const unknown: string[] = [];
    for (const name of names) {
      const tool = this.get(name);
      if (tool === undefined) unknown.push(name);
      else if (!tools.includes(tool)) tools.push(tool);
    }
    if (unknown.length > 0 && options.strict !== false) throw this.#unknown(unknown);
    return { tools, unknown };
  }

  list(): Tool[] {
    return [...this.#tools.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get names(): string[] {
    return this.list().map((tool) => tool.name);
  }

  #unknown(names: readonly string[]): ToolRegistryError {
    const hints = names
      .map((name) => ({ name, match: closestMatch(name, this.names) }))
      .filter((hint) => hint.match !== undefined)
      .map((hint) => ` Did you mean '${hint.match}' for '${hint.name}'?`)
      .join('');
    return new ToolRegistryError(
      'TOOL_UNKNOWN',
      `Unknown tool(s): ${names.join(', ')}; available: ${this.names.join(', ') || '(none)'}.${hints}`,
      { details: { unknown: [...names] } },
    );
  }
}
