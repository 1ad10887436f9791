/** What an MCP server serves: tools, resources and prompts, in MCP's wire shapes. */
import type { ToolCallerRequests, ToolLogRecord, ToolProgress } from '@orkeon/core';

export interface McpToolDescription {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations?: { readonly readOnlyHint?: boolean; readonly destructiveHint?: boolean };
}

/** A resource's body: text, or bytes as base64 (`blob`). */
export type McpResourceContents =
  | { readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly uri: string; readonly mimeType?: string; readonly blob: string };

/** A content block of a tool result or prompt message. */
export type McpContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'audio'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'resource'; readonly resource: McpResourceContents };

export interface McpToolResult {
  readonly content: readonly McpContent[];
  readonly isError: boolean;
}

export interface McpResourceDescription {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

export interface McpResourceTemplateDescription {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

export interface McpPromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

export interface McpPromptDescription {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments: readonly McpPromptArgument[];
}

export interface McpPromptMessage {
  readonly role: 'user' | 'assistant';
  readonly content: McpContent;
}

export interface McpPromptResult {
  readonly description?: string;
  readonly messages: readonly McpPromptMessage[];
}

/** Where a call comes from, so that it can be stopped when the client gives up, and who hears it while it runs. */
export interface McpCallContext {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  /** Present when the request carried a progress token. */
  readonly onProgress?: (update: ToolProgress) => void;
  /** Present when the client asked for log messages (`logging/setLevel`, or `logLevel` in `_meta`). */
  readonly onLog?: (record: ToolLogRecord) => void;
  /** What the client declared it can answer while the call runs (elicitation, sampling). */
  readonly callerRequests?: ToolCallerRequests;
}

/**
 * The served set. Unknown names and URIs throw `JsonRpcFailure` (invalid params);
 * a tool that fails answers an `isError` result, never an exception.
 */
export interface McpCatalog {
  /** Sorted by name (ordinal). */
  listTools(): readonly McpToolDescription[];
  callTool(name: string, input: unknown, context: McpCallContext): Promise<McpToolResult>;
  listResources(): readonly McpResourceDescription[];
  listResourceTemplates(): readonly McpResourceTemplateDescription[];
  readResource(uri: string): Promise<McpResourceContents>;
  /**
   * Follows a served resource: `changed` is called each time it changes. Answers the function
   * that stops following; an unknown URI throws as `readResource` does.
   */
  watchResource(uri: string, changed: (uri: string) => void): Promise<() => void>;
  listPrompts(): readonly McpPromptDescription[];
  getPrompt(name: string, input: Readonly<Record<string, unknown>>): Promise<McpPromptResult>;
}
