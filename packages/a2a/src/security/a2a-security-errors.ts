import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../errors/error-codes.js';

/**
 * The A2A security settings cannot be enforced (no trust anchor for mutual TLS, a listed
 * scheme without a validator, an unreadable CA or key file). Raised before the server
 * listens: the server fails closed.
 *
 * @experimental SVCEXP001
 */
export class A2ASecurityConfigurationError extends OrkeonError<A2AErrorCode> {
  constructor(message: string, options: { cause?: unknown; key?: string } = {}) {
    super('A2A_SECURITY_MISCONFIGURED', message, {
      cause: options.cause,
      ...(options.key === undefined ? {} : { details: { key: options.key } }),
    });
  }
}

/**
 * The server was asked to listen beyond loopback with neither credentials nor mutual TLS.
 *
 * @experimental SVCEXP001
 */
export class A2AUnsafeBindingError extends OrkeonError<A2AErrorCode> {
  constructor(host: string) {
    super(
      'A2A_BINDING_UNSAFE',
      `The A2A server refuses to listen on '${host}', beyond loopback, without protection: set A2A:Security:AllowedAuthSchemes (with Bearer or ApiKey validators) or A2A:Security:RequireMutualTls, or listen on localhost.`,
      { details: { host } },
    );
  }
}
