import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../errors/error-codes.js';

/**
 * Stable codes of `A2AClientError`: the `A2A_CLIENT_*` entries of `a2aErrorCodes`, where each
 * is described (and listed in docs/errors.md).
 *
 * @experimental SVCEXP001
 */
export type A2AClientErrorCode = Extract<A2AErrorCode, `A2A_CLIENT_${string}`>;

/** @experimental SVCEXP001 */
export interface A2AClientErrorOptions {
  readonly url?: string;
  /** HTTP status of the answer, for `A2A_CLIENT_STATUS_UNSUCCESSFUL`. */
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
export class A2AClientError extends OrkeonError<A2AClientErrorCode> {
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
