import { OrkeonError } from '@orkeon/core';
import type { McpErrorCode } from '../errors/error-codes.js';

/** A failure talking to an MCP server: start, negotiation, time-out, a closed connection, a JSON-RPC error. */
export class McpClientError extends OrkeonError<McpErrorCode> {}
