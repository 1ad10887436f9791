import type { V1ErrorKind } from '../../v1/wire/protocol-error.js';
import { A2AClientError } from '../a2a-client-error.js';

/** @experimental SVCEXP001 */
export interface A2AV1AgentErrorOptions {
  readonly url: string;
  /** The A2A error the agent named, when it is one of the specification's. */
  readonly a2aError: V1ErrorKind | undefined;
  /** The agent's own message. */
  readonly serverError: string | undefined;
  /** The `google.rpc.ErrorInfo` reason as sent (`TASK_NOT_FOUND`), when there was one. */
  readonly reason?: string;
  /** The `google.rpc.ErrorInfo` metadata, when there was some. */
  readonly metadata?: Readonly<Record<string, string>>;
  /** HTTP status (HTTP+JSON binding, or a JSON-RPC answer with a non-2xx status). */
  readonly status?: number;
  /** `error.code` of a JSON-RPC answer. */
  readonly jsonRpcCode?: number;
  readonly cause?: unknown;
}

/**
 * A v1.0 agent answered a call with an A2A error. `a2aError` names it the way the
 * specification does, without the `Error` suffix (`TaskNotFound`, `TaskNotCancelable`,
 * `VersionNotSupported`, …, or a JSON-RPC standard error such as `InvalidParams`);
 * `serverError` is the agent's message. Every such error is also an `A2AClientError`
 * with the code `A2A_CLIENT_STATUS_UNSUCCESSFUL`.
 *
 * @experimental SVCEXP001
 */
export class A2AV1AgentError extends A2AClientError {
  readonly a2aError: V1ErrorKind | undefined;
  readonly reason: string | undefined;
  readonly metadata: Readonly<Record<string, string>>;
  readonly jsonRpcCode: number | undefined;

  constructor(message: string, options: A2AV1AgentErrorOptions) {
    super('A2A_CLIENT_STATUS_UNSUCCESSFUL', message, {
      url: options.url,
      ...(options.status === undefined ? {} : { status: options.status }),
      ...(options.serverError === undefined ? {} : { serverError: options.serverError }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.a2aError = options.a2aError;
    this.reason = options.reason;
    this.metadata = options.metadata ?? {};
    this.jsonRpcCode = options.jsonRpcCode;
  }
}
