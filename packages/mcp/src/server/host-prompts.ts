import type { McpPrompt, McpPromptMessageInput } from './host-additions.js';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';
import type { McpPromptDescription, McpPromptResult } from './mcp-catalog.js';
import { mcpContentOf } from './mcp-content.js';
import { McpServerError } from './mcp-server-error.js';

/** The host's prompts: required arguments are checked before `get` runs, its messages checked after. */
export function hostPrompts(prompts: readonly McpPrompt[], taken: readonly string[]) {
  const byName = new Map<string, McpPrompt>();
  for (const prompt of prompts) {
    if (byName.has(prompt.name) || taken.includes(prompt.name))
      throw new McpServerError(
        'MCP_SERVE_PROMPT_DUPLICATE',
        `The prompt name '${prompt.name}' is served twice (by two prompts, or by a prompt and a crew task): rename one.`,
      );
    byName.set(prompt.name, prompt);
  }
  return {
    names: () => [...byName.keys()],
    list: (): McpPromptDescription[] =>
      prompts.map((prompt) => ({
        name: prompt.name,
        ...(prompt.title === undefined ? {} : { title: prompt.title }),
        ...(prompt.description === undefined ? {} : { description: prompt.description }),
        arguments: (prompt.arguments ?? []).map((argument) => ({
          name: argument.name,
          ...(argument.description === undefined ? {} : { description: argument.description }),
          required: argument.required === true,
        })),
      })),
    /** Undefined when the name is not a host prompt. */
    async get(name: string, input: Readonly<Record<string, unknown>>): Promise<McpPromptResult | undefined> {
      const prompt = byName.get(name);
      if (prompt === undefined) return undefined;
      const declared = prompt.arguments ?? [];
      const missing = declared.filter(
        (argument) => argument.required === true && typeof input[argument.name] !== 'string',
      );
      if (missing.length > 0)
        throw new JsonRpcFailure(
          jsonRpcCodes.invalidParams,
          `Prompt '${name}' needs the argument(s) ${missing.map((argument) => argument.name).join(', ')} (strings).`,
        );
      const args: Record<string, string> = {};
      for (const argument of declared) {
        const value = input[argument.name];
        if (typeof value === 'string') args[argument.name] = value;
      }
      const answer = await prompt.get(args);
      const messages: readonly McpPromptMessageInput[] = Array.isArray(answer)
        ? answer
        : (answer as { messages: readonly McpPromptMessageInput[] }).messages;
      const description = Array.isArray(answer)
        ? prompt.description
        : ((answer as { description?: string }).description ?? prompt.description);
      return {
        ...(description === undefined ? {} : { description }),
        messages: messages.map((message, index) => {
          try {
            return {
              role: message.role === 'assistant' ? 'assistant' : 'user',
              content: mcpContentOf(message.content),
            };
          } catch (error) {
            throw new Error(`prompt '${name}' answered a malformed message ${index}: ${(error as Error).message}`);
          }
        }),
      };
    },
  };
}
