/** What an MCP server serves: tools, resources and prompts, in MCP's wire shapes. */

export interface McpToolDescription {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations?: { readonly readOnlyHint?: boolean; readonly destructiveHint?: boolean };
}

export interface McpContent {
  readonly type: 'text';
  readonly text: string;
}

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

export interface McpResourceContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text: string;
}

export interface McpPromptDescription {
  readonly name: string;
  readonly description?: string;
  readonly arguments: readonly { readonly name: string; readonly required: boolean }[];
}

export interface McpPromptResult {
  readonly description?: string;
  readonly messages: readonly { readonly role: 'user'; readonly content: McpContent }[];
}

/** Where a call comes from, so that it can be stopped when the client gives up. */
export interface McpCallContext {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
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
  readResource(uri: string): Promise<McpResourceContents>;
  listPrompts(): readonly McpPromptDescription[];
  getPrompt(name: string, input: Readonly<Record<string, unknown>>): McpPromptResult;
}
