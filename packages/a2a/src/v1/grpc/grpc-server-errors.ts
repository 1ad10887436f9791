import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../../errors/error-codes.js';

/**
 * The gRPC binding could not listen on `A2A:Host` and `A2A:GrpcPort` (the port is taken,
 * the address is not this machine's, …).
 *
 * @experimental SVCEXP001
 */
export class A2AGrpcListenError extends OrkeonError<A2AErrorCode> {
  constructor(host: string, port: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'A2A_GRPC_LISTEN_FAILED',
      `The A2A gRPC binding cannot listen on ${host}:${port} (${reason}): choose another A2A:GrpcPort (0 picks a free one), or stop what listens there.`,
      { cause, details: { host, port } },
    );
  }
}

/**
 * `A2A:GrpcPort` is set, but the optional packages the gRPC binding runs on are not
 * installed (they are left out of `@orkeon/a2a`'s own dependencies, so that a host without
 * gRPC does not download them).
 *
 * @experimental SVCEXP001
 */
export class A2AGrpcPackagesMissingError extends OrkeonError<A2AErrorCode> {
  constructor(cause: unknown) {
    super(
      'A2A_GRPC_PACKAGES_MISSING',
      `A2A:GrpcPort is set, but the gRPC binding's packages cannot be loaded (${cause instanceof Error ? cause.message : String(cause)}): run npm install @grpc/grpc-js @bufbuild/protobuf @a2a-js/sdk, or remove A2A:GrpcPort.`,
      { cause },
    );
  }
}

/**
 * `A2A:GrpcPort` is set on a server whose HTTP requests are guarded, but the server was
 * given no checks for gRPC calls: it refuses to open an unguarded door (fail-closed).
 *
 * @experimental SVCEXP001
 */
export class A2AGrpcSecurityMissingError extends OrkeonError<A2AErrorCode> {
  constructor() {
    super(
      'A2A_GRPC_SECURITY_MISSING',
      'A2A:GrpcPort is set and the HTTP requests of this A2A server are guarded, but no gRPC call security was given: register the server through addSvcA2A (it builds one from A2A:Security), or pass grpcSecurity: createGrpcCallSecurity(…) to new A2AServer(…).',
    );
  }
}
