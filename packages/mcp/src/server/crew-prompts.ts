import type { CrewDefinition, TaskDefinition } from '@orkeon/core';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';
import type { McpPromptDescription, McpPromptResult } from './mcp-catalog.js';

/** A `{KEY}` left in a task's text (a YAML crew writes `{{KEY}}` to keep it) is a prompt argument. */
const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The crew's tasks as prompts: the task's description and expected output as one user
 * message, its `{KEY}` placeholders as required arguments filled on `prompts/get`.
 */
export function crewPrompts(crew: CrewDefinition | undefined) {
  const tasks = new Map((crew?.tasks ?? []).map((task) => [task.id, task]));
  const describe = (task: TaskDefinition): McpPromptDescription & { description: string } => ({
    name: task.id,
    description: task.description.split('\n')[0] ?? task.description,
    arguments: argumentsOf(task).map((name) => ({ name, required: true })),
  });
  return {
    list: (): readonly McpPromptDescription[] =>
      [...tasks.values()].map(describe).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    /** `others`: the prompt names served besides the tasks, named when a prompt is unknown. */
    get(name: string, input: Readonly<Record<string, unknown>>, others: readonly string[] = []): McpPromptResult {
      const task = tasks.get(name);
      if (task === undefined)
        throw new JsonRpcFailure(
          jsonRpcCodes.invalidParams,
          `Unknown prompt '${name}'. Served prompts: ${[...tasks.keys(), ...others].sort().join(', ') || '(none)'}.`,
        );
      const missing = argumentsOf(task).filter((key) => typeof input[key] !== 'string');
      if (missing.length > 0)
        throw new JsonRpcFailure(
          jsonRpcCodes.invalidParams,
          `Prompt '${name}' needs the argument(s) ${missing.join(', ')} (strings).`,
        );
      const fill = (text: string) => text.replace(placeholder, (_, key: string) => String(input[key]));
      const context = Object.entries(task.context).map(([key, value]) => `${key}: ${fill(value)}`);
      const text = [
        fill(task.description),
        '',
        `Expected output: ${fill(task.expectedOutput)}`,
        ...(context.length === 0 ? [] : ['', 'Context:', ...context]),
      ].join('\n');
      return { description: describe(task).description, messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  };
}

function argumentsOf(task: TaskDefinition): string[] {
  const texts = [task.description, task.expectedOutput, ...Object.values(task.context)];
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(placeholder)) names.add(match[1] as string);
  return [...names];
}
