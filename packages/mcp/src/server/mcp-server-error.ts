import { OrkeonError } from '@orkeon/core';
import type { McpErrorCode } from '../errors/error-codes.js';

/** A refused start of the MCP server: bad `--tools`, a bad `--http` address, recursion. `orkeon` exits with 1. */
export class McpServerError extends OrkeonError<McpErrorCode> {}
