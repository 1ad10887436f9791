import type { CallToolResult, Tool as SdkTool } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import {
  type Tool,
  type ToolAccess,
  type ToolContentPart,
  type ToolContext,
  type ToolReturn,
  toolContent,
  toolFailure,
  toolSuccess,
} from '@orkeon/core';
import { z } from 'zod';
import type { McpClient } from './mcp-client.js';
import { writeRemoteLog } from './remote-log.js';

const validators = new AjvJsonSchemaValidator();

/** Names Orkeon's registry accepts; a server tool named otherwise is left out with a warning. */
export const orkeonToolNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * A server's tool as an Orkeon `Tool`: the pipeline validates the input against the
 * tool's own JSON Schema, asks the gate (`readOnlyHint` → Read, anything else counts
 * as a write, `Execute`), times the call out after the server's `TimeoutSeconds`,
 * and `execute` sends `tools/call`, passing the server's progress to
 * `context.reportProgress` and its log messages to `context.logger`. The definition is replaced when the server's
 * list changes; a tool the server dropped answers with an error.
 */
export class McpTool implements Tool<unknown> {
  readonly name: string;
  readonly mcpServerId: string;
  #client: McpClient;
  #definition: SdkTool;
  #schema: z.ZodType<unknown>;
  #offered = true;

  constructor(client: McpClient, definition: SdkTool) {
    this.name = definition.name;
    this.mcpServerId = client.serverId;
    this.#client = client;
    this.#definition = definition;
    this.#schema = inputSchemaFor(definition);
  }

  get description(): string {
    const text = this.#definition.description ?? this.#definition.title ?? this.#definition.name;
    return `${text} (MCP server '${this.mcpServerId}')`;
  }

  get inputSchema(): z.ZodType<unknown> {
    return this.#schema;
  }

  get access(): ToolAccess {
    return this.#definition.annotations?.readOnlyHint === true ? 'Read' : 'Execute';
  }

  get timeoutMilliseconds(): number {
    return this.#client.timeoutMilliseconds;
  }

  /** False once the server stopped listing the tool. */
  get offered(): boolean {
    return this.#offered;
  }

  /** The server listed the tool again, perhaps changed. */
  update(definition: SdkTool): void {
    this.#definition = definition;
    this.#schema = inputSchemaFor(definition);
    this.#offered = true;
  }

  /** The server no longer lists the tool. */
  withdraw(): void {
    this.#offered = false;
  }

  async execute(input: unknown, context: ToolContext): Promise<ToolReturn> {
    if (!this.#offered)
      return toolFailure(
        `MCP server '${this.mcpServerId}' no longer offers the tool '${this.name}'; choose another tool.`,
      );
    // The server's progress reaches the pipeline's listeners; its log messages, the call's own log.
    const result = await this.#client.callTool(this.name, (input ?? {}) as Record<string, unknown>, {
      signal: context.signal,
      caller: context.caller,
      ...(context.reportProgress === undefined ? {} : { onProgress: context.reportProgress }),
      onLog: (message) => writeRemoteLog(context.logger, this.mcpServerId, message),
    });
    const text = resultText(result);
    if (result.isError === true) return toolFailure(text || 'the tool reported an error without text');
    // Images, audio and embedded resources stay parts, so a model that takes media sees them.
    const parts = resultParts(result);
    return parts === undefined ? toolSuccess(text) : toolContent(parts);
  }
}

/**
 * A zod schema that checks input against the tool's JSON Schema (with Ajv, as the
 * SDK does) and exports that same JSON Schema, so models see the server's schema
 * unchanged.
 */
function inputSchemaFor(definition: SdkTool): z.ZodType<unknown> {
  const { $schema: _dialect, $id: _id, ...schema } = definition.inputSchema as Record<string, unknown>;
  const validate = validators.getValidator<unknown>(definition.inputSchema as never);
  return z
    .unknown()
    .superRefine((value, context) => {
      const verdict = validate(value ?? {});
      if (!verdict.valid)
        context.addIssue({ code: 'custom', message: verdict.errorMessage ?? 'does not match the schema' });
    })
    .meta(schema);
}

/** What the model reads: the text blocks, other blocks described, or the structured content as JSON. */
export function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((block) => {
    switch (block.type) {
      case 'text':
        return block.text;
      case 'image':
      case 'audio':
        return `[${block.type} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
      case 'resource':
        return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
      case 'resource_link':
        return `[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
      default:
        return '';
    }
  });
  const text = parts.filter((part) => part !== '').join('\n');
  if (text === '' && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return text;
}

/** The result as core content parts, or undefined when it holds text only (then `resultText` says it all). */
export function resultParts(result: CallToolResult): ToolContentPart[] | undefined {
  const blocks = result.content ?? [];
  if (!blocks.some((block) => block.type === 'image' || block.type === 'audio' || block.type === 'resource'))
    return undefined;
  return blocks.map((block): ToolContentPart => {
    switch (block.type) {
      case 'image':
      case 'audio':
        return { type: block.type, data: block.data, mimeType: block.mimeType };
      case 'resource': {
        const { uri, mimeType } = block.resource;
        const base = mimeType === undefined ? { uri } : { uri, mimeType };
        return {
          type: 'resource',
          resource:
            'text' in block.resource
              ? { ...base, text: block.resource.text }
              : { ...base, blob: (block.resource as { blob: string }).blob },
        };
      }
      default:
        return { type: 'text', text: resultText({ content: [block] } as CallToolResult) };
    }
  });
}
