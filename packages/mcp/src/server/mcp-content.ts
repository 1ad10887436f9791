import { type ToolContentInput, type ToolContentPart, toolContent } from '@orkeon/core';
import type { McpContent, McpResourceContents } from './mcp-catalog.js';

/** A core content part in MCP's wire shape (the two agree field for field; only readonly copies are made). */
export function toMcpContent(part: ToolContentPart): McpContent {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
    case 'audio':
      return { type: part.type, data: part.data, mimeType: part.mimeType };
    case 'resource':
      return { type: 'resource', resource: { ...part.resource } };
  }
}

/** Checks and converts content a host wrote the way `toolContent` takes it (a string is text; bytes become base64). */
export function mcpContentOf(input: ToolContentInput): McpContent {
  const [part] = toolContent([input]).content ?? [];
  return toMcpContent(part as ToolContentPart);
}

/** A resource body as MCP contents: text as `text`, bytes as base64 `blob`. */
export function resourceContents(
  uri: string,
  body: string | Uint8Array,
  mimeType: string | undefined,
): McpResourceContents {
  if (typeof body === 'string') return { uri, mimeType: mimeType ?? 'text/plain', text: body };
  if (body instanceof Uint8Array)
    return { uri, mimeType: mimeType ?? 'application/octet-stream', blob: Buffer.from(body).toString('base64') };
  throw new TypeError(
    `the read function of '${uri}' answered ${typeof body}: answer a string (text) or a Uint8Array (bytes).`,
  );
}
