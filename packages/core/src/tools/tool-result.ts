import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

// One file: the result, its content parts, the text summary and the truncation rule
// are one contract (what a tool call answers), and each needs the others.

/** How a tool call ended, as the audit trail records it. */
export type ToolOutcome = 'Success' | 'Failure' | 'Denied' | 'Blocked';

const brand = Symbol.for('orkeon.tool-result');

/** A resource embedded in a tool result: its text, or its bytes as base64 (`blob`). */
export type ToolEmbeddedResource =
  | { readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly uri: string; readonly mimeType?: string; readonly blob: string };

/** One part of a rich tool result; binary data is base64 text, as MCP carries it. */
export type ToolContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'audio'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'resource'; readonly resource: ToolEmbeddedResource };

/** What `toolContent` accepts: the parts, with a plain string for text and bytes where base64 is expected. */
export type ToolContentInput =
  | string
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image' | 'audio'; readonly data: string | Uint8Array; readonly mimeType: string }
  | {
      readonly type: 'resource';
      readonly resource:
        | { readonly uri: string; readonly mimeType?: string; readonly text: string }
        | { readonly uri: string; readonly mimeType?: string; readonly blob: string | Uint8Array };
    };

/**
 * The result of a tool call. `output` is always text the model and the audit trail
 * can read: failures read `Error: …`, denials `DENIED: …` (neither is an exception),
 * and a rich result's text parts joined, with a short note such as
 * `[image image/png, 1.2 KB]` for each binary part. `content`, when present, holds
 * the parts themselves (images, audio, embedded resources) for callers that take them.
 */
export interface ToolResult {
  readonly outcome: ToolOutcome;
  readonly output: string;
  /** The parts of a rich result (`toolContent`); absent for a text result. */
  readonly content?: readonly ToolContentPart[];
  /** Set when the text was cut to the tool's limit: the length it had. */
  readonly truncatedFrom?: number;
}

/** A content part that cannot be carried: the message names the part and what it needs. */
export class ToolContentError extends OrkeonError<CoreErrorCode> {
  constructor(message: string) {
    super('TOOL_CONTENT_INVALID', message);
  }
}

export function toolSuccess(output: string): ToolResult {
  return brandResult({ outcome: 'Success', output });
}

/**
 * A successful result made of content parts: text (a string or `{ type: 'text' }`),
 * images and audio (`data` as base64 or bytes, with `mimeType`), and embedded
 * resources (`uri`, optional `mimeType`, and `text` or `blob`). Throws
 * `ToolContentError` for a malformed part, which the pipeline answers as the tool's failure.
 */
export function toolContent(parts: readonly ToolContentInput[]): ToolResult {
  if (!Array.isArray(parts))
    throw new ToolContentError(
      'toolContent() takes an array of parts, e.g. toolContent(["caption", { type: "image", data, mimeType: "image/png" }]).',
    );
  const content = parts.map((part, index) => normalizePart(part, index));
  return brandResult({ outcome: 'Success', output: summarizeContent(content), content: Object.freeze(content) });
}

export function toolFailure(message: string): ToolResult {
  return brandResult({ outcome: 'Failure', output: message.startsWith('Error: ') ? message : `Error: ${message}` });
}

/** A refusal by the boundary (permission gate, mount rights). The model reads `DENIED: <reason>`. */
/** A call the Guardian stopped before it ran: `message` is the Guardian's (`Error: Blocked by Guardian (…): …`). */
export function toolBlocked(message: string): ToolResult {
  return brandResult({ outcome: 'Blocked', output: message });
}

export function toolDenied(reason: string): ToolResult {
  return brandResult({ outcome: 'Denied', output: reason.startsWith('DENIED: ') ? reason : `DENIED: ${reason}` });
}

/**
 * The same result with its text cut to `limit` characters and a note saying so. In a
 * rich result the budget is shared by the text parts and embedded text resources, in
 * order; images, audio and blobs are never cut.
 */
export function truncateToolResult(result: ToolResult, limit: number): ToolResult {
  if (result.content !== undefined) return truncateContent(result, limit);
  if (result.output.length <= limit) return result;
  const output = `${result.output.slice(0, limit)}\n[truncated: showing the first ${limit} of ${result.output.length} characters]`;
  return brandResult({ outcome: result.outcome, output, truncatedFrom: result.output.length });
}

export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && (value as { [brand]?: boolean })[brand] === true;
}

/** The text a reader without media sees: text parts as they are, a short note for each binary part. */
export function summarizeContent(content: readonly ToolContentPart[]): string {
  return content
    .map((part) => {
      switch (part.type) {
        case 'text':
          return part.text;
        case 'image':
        case 'audio':
          return `[${part.type} ${part.mimeType}, ${formatBytes(base64Bytes(part.data))}]`;
        case 'resource': {
          const { resource } = part;
          const type = resource.mimeType === undefined ? '' : ` ${resource.mimeType}`;
          return 'text' in resource
            ? `[resource ${resource.uri}${type}]\n${resource.text}`
            : `[resource ${resource.uri}${type}, ${formatBytes(base64Bytes(resource.blob))}]`;
        }
        default:
          return '';
      }
    })
    .join('\n');
}

function truncateContent(result: ToolResult, limit: number): ToolResult {
  const content = result.content as readonly ToolContentPart[];
  const total = content.reduce((sum, part) => sum + textLength(part), 0);
  if (total <= limit) return result;
  let left = limit;
  const cut = content.map((part): ToolContentPart => {
    const length = textLength(part);
    const keep = Math.min(length, left);
    left -= keep;
    if (keep === length) return part;
    if (part.type === 'text') return { type: 'text', text: part.text.slice(0, keep) };
    const resource = (part as { resource: ToolEmbeddedResource }).resource as {
      uri: string;
      mimeType?: string;
      text: string;
    };
    return { type: 'resource', resource: { ...resource, text: resource.text.slice(0, keep) } };
  });
  const note = `[truncated: showing the first ${limit} of ${total} characters of text]`;
  const kept = Object.freeze([...cut, { type: 'text' as const, text: note }]);
  return brandResult({ outcome: result.outcome, output: summarizeContent(kept), content: kept, truncatedFrom: total });
}

function textLength(part: ToolContentPart): number {
  if (part.type === 'text') return part.text.length;
  if (part.type === 'resource' && 'text' in part.resource) return part.resource.text.length;
  return 0;
}

const mimeTypePattern = /^[A-Za-z0-9][\w.+-]*\/[A-Za-z0-9][\w.+-]*$/;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

function normalizePart(part: ToolContentInput, index: number): ToolContentPart {
  const where = `toolContent part ${index}`;
  if (typeof part === 'string') return { type: 'text', text: part };
  if (typeof part !== 'object' || part === null)
    throw new ToolContentError(
      `${where} is ${part === null ? 'null' : typeof part}: give a string or an object with a 'type'.`,
    );
  switch (part.type) {
    case 'text':
      if (typeof part.text !== 'string') throw new ToolContentError(`${where} (text) needs 'text' as a string.`);
      return { type: 'text', text: part.text };
    case 'image':
    case 'audio':
      return {
        type: part.type,
        data: base64Of(part.data, `${where} (${part.type}) 'data'`),
        mimeType: mimeTypeOf(part.mimeType, `${where} (${part.type})`, true) as string,
      };
    case 'resource': {
      const resource = part.resource as Record<string, unknown> | undefined;
      if (typeof resource !== 'object' || resource === null)
        throw new ToolContentError(`${where} (resource) needs 'resource': { uri, mimeType?, text | blob }.`);
      const uri = resource.uri;
      if (typeof uri !== 'string' || uri.trim() === '')
        throw new ToolContentError(
          `${where} (resource) needs 'resource.uri' as a non-empty string, e.g. 'file:///report.csv'.`,
        );
      const mimeType = mimeTypeOf(resource.mimeType, `${where} (resource)`, false);
      const base = mimeType === undefined ? { uri } : { uri, mimeType };
      if (typeof resource.text === 'string') return { type: 'resource', resource: { ...base, text: resource.text } };
      if (resource.blob !== undefined)
        return {
          type: 'resource',
          resource: { ...base, blob: base64Of(resource.blob as string | Uint8Array, `${where} (resource) 'blob'`) },
        };
      throw new ToolContentError(`${where} (resource '${uri}') needs 'text' (a string) or 'blob' (base64 or bytes).`);
    }
    default:
      throw new ToolContentError(
        `${where} has the type ${JSON.stringify((part as { type?: unknown }).type)}: use 'text', 'image', 'audio' or 'resource'.`,
      );
  }
}

function base64Of(value: string | Uint8Array, what: string): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value !== 'string' || value.length % 4 !== 0 || !base64Pattern.test(value))
    throw new ToolContentError(
      `${what} is not base64 text: give the bytes (a Uint8Array or Buffer) or their base64 encoding.`,
    );
  return value;
}

function mimeTypeOf(value: unknown, where: string, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !mimeTypePattern.test(value))
    throw new ToolContentError(
      `${where} needs 'mimeType' as a media type such as 'image/png', not ${JSON.stringify(value)}.`,
    );
  return value;
}

/** The number of bytes base64 text decodes to. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function brandResult(result: ToolResult): ToolResult {
  Object.defineProperty(result, brand, { value: true, enumerable: false });
  return Object.freeze(result);
}
