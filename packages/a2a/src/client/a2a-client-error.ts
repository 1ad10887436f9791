import { OrkeonError } from '@orkeon/core';

/**
 * Stable codes of `A2AClientError`:
 * - `A2A_CLIENT_HTTP_STATUS`: the agent answered a non-2xx status (`status`, `serverError`).
 * - `A2A_CLIENT_TLS`: the server certificate failed validation (untrusted chain, host-name mismatch, expiry).
 * - `A2A_CLIENT_TIMEOUT`: no complete answer within the time limit.
 * - `A2A_CLIENT_ABORTED`: the caller's signal aborted the call.
 * - `A2A_CLIENT_NETWORK`: the agent could not be reached.
 * - `A2A_CLIENT_INVALID_RESPONSE`: the answer is not the A2A shape expected.
 * - `A2A_CLIENT_CONFIGURATION`: the client's own settings are unusable (certificate file, credentials).
 *
 * @experimental SVCEXP001
 */
export type A2AClientErrorCode =
  | 'A2A_CLIENT_HTTP_STATUS'
  | 'A2A_CLIENT_TLS'
  | 'A2A_CLIENT_TIMEOUT'
  | 'A2A_CLIENT_ABORTED'
  | 'A2A_CLIENT_NETWORK'
  | 'A2A_CLIENT_INVALID_RESPONSE'
  | 'A2A_CLIENT_CONFIGURATION';

/** @experimental SVCEXP001 */
export interface A2AClientErrorOptions {
  readonly url?: string;
  /** HTTP status of the answer, for `A2A_CLIENT_HTTP_STATUS`. */
  readonly status?: number;
  /** The `error` text of the agent's JSON error body, when there was one. */
  readonly serverError?: string;
  readonly cause?: unknown;
}

/**
 * A call of `A2AClient` or `A2AAgentDiscovery` failed. Branch on `code`; `status` and
 * `serverError` carry the agent's answer when it gave one. Credentials never appear.
 *
 * @experimental SVCEXP001
 */
export class A2AClientError extends OrkeonError {
  declare readonly code: A2AClientErrorCode;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly serverError: string | undefined;

  constructor(code: A2AClientErrorCode, message: string, options: A2AClientErrorOptions = {}) {
    const details: Record<string, unknown> = {};
    if (options.url !== undefined) details.url = options.url;
    if (options.status !== undefined) details.status = options.status;
    if (options.serverError !== undefined) details.serverError = options.serverError;
    super(code, message, { cause: options.cause, details });
    this.url = options.url;
    this.status = options.status;
    this.serverError = options.serverError;
  }
}
