import { encodeGrpcStatusDetails, GRPC_STATUS_DETAILS_BIN } from '@a2a-js/sdk/errors/grpc';
import { Metadata, type StatusObject, status } from '@grpc/grpc-js';
import type { V1ProtocolError } from '../wire/protocol-error.js';
import type { A2AGrpcRefusal } from './grpc-call-security.js';

/**
 * A protocol error as gRPC carries it: the status of its kind in the specification
 * revision served (`TaskNotFound` is `NOT_FOUND`, …), its message, and for the A2A errors a `google.rpc.Status` whose
 * details hold the `google.rpc.ErrorInfo` (reason, domain `a2a-protocol.org`, metadata)
 * in the `grpc-status-details-bin` trailer.
 */
export function grpcStatusOf(error: V1ProtocolError, revision: '1.0.0' | '1.0.1'): Partial<StatusObject> {
  const code = status[error.grpcStatus(revision) as keyof typeof status];
  const metadata = new Metadata();
  if (error.details().length > 0)
    metadata.set(
      GRPC_STATUS_DETAILS_BIN,
      encodeGrpcStatusDetails(code, error.message, error.reason, { ...error.metadata }),
    );
  return { code, details: error.message, metadata };
}

/** A refused caller: `UNAUTHENTICATED` or `PERMISSION_DENIED`, with why. */
export function grpcRefusalStatus(refusal: A2AGrpcRefusal): Partial<StatusObject> {
  return { code: status[refusal.status], details: refusal.message, metadata: new Metadata() };
}
