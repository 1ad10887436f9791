/** JSON-RPC 2.0 as the MCP server reads and writes it: one message per request, never a batch. */

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  readonly jsonrpc: '2.0';
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export type JsonRpcResponse =
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId; readonly result: Record<string, unknown> }
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId | null; readonly error: JsonRpcErrorObject };

export const jsonRpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Legacy code of an unknown resource; the modern era answers -32602. */
  resourceNotFound: -32002,
} as const;

/** A request refused with a JSON-RPC error; thrown by handlers, answered by the dispatcher. */
export class JsonRpcFailure extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** What one incoming text turned out to be. */
export type IncomingMessage =
  | { readonly kind: 'request'; readonly message: JsonRpcRequest }
  | { readonly kind: 'notification'; readonly message: JsonRpcNotification }
  /** The client's answer to a request of the server (an elicitation, a sampling request). */
  | { readonly kind: 'response'; readonly message: JsonRpcResponse }
  | { readonly kind: 'invalid'; readonly response: JsonRpcResponse };

/** Parses and checks one message; anything malformed becomes the error answer to send back. */
export function readMessage(text: string): IncomingMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalid(
      null,
      jsonRpcCodes.parseError,
      `Parse error: the message is not JSON (${(error as Error).message}).`,
    );
  }
  return classify(value);
}

/** Checks an already-parsed message (HTTP bodies are parsed by the transport). */
export function classify(value: unknown): IncomingMessage {
  if (Array.isArray(value)) {
    return invalid(
      null,
      jsonRpcCodes.invalidRequest,
      'Invalid request: JSON-RPC batches are not accepted (revision 2025-03-26 is not served); send one message at a time.',
    );
  }
  if (typeof value !== 'object' || value === null) {
    return invalid(null, jsonRpcCodes.invalidRequest, 'Invalid request: a JSON-RPC message must be a JSON object.');
  }
  const message = value as Record<string, unknown>;
  const id = message.id;
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  const answerId = validId ? (id as JsonRpcId) : null;
  if (message.jsonrpc !== '2.0') {
    return invalid(answerId, jsonRpcCodes.invalidRequest, 'Invalid request: \'jsonrpc\' must be "2.0".');
  }
  if (message.method === undefined && ('result' in message || 'error' in message))
    return { kind: 'response', message: message as unknown as JsonRpcResponse };
  if (typeof message.method !== 'string' || message.method === '') {
    return invalid(answerId, jsonRpcCodes.invalidRequest, "Invalid request: 'method' must be a non-empty string.");
  }
  const params = message.params;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return invalid(answerId, jsonRpcCodes.invalidParams, "Invalid params: 'params' must be an object.");
  }
  if ('id' in message && id !== undefined) {
    if (!validId) {
      return invalid(null, jsonRpcCodes.invalidRequest, "Invalid request: 'id' must be a string or a number.");
    }
    return { kind: 'request', message: message as unknown as JsonRpcRequest };
  }
  return { kind: 'notification', message: message as unknown as JsonRpcNotification };
}

export function errorResponse(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

function invalid(id: JsonRpcId | null, code: number, message: string): IncomingMessage {
  return { kind: 'invalid', response: errorResponse(id, code, message) };
}
