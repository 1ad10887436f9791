/**
 * The errors of A2A v1.0 (specification §11), each with its code in the three bindings.
 * `http` and `grpc` are v1.0.1's; `httpV100` and `grpcV100` the v1.0.0 ones where they
 * differ (the official TCK follows v1.0.0; `A2A:SpecificationRevision` chooses).
 */
export const v1ErrorKinds = {
  TaskNotFound: { jsonRpc: -32001, grpc: 'NOT_FOUND', http: 404 },
  TaskNotCancelable: { jsonRpc: -32002, grpc: 'FAILED_PRECONDITION', http: 400, httpV100: 409 },
  PushNotificationNotSupported: { jsonRpc: -32003, grpc: 'FAILED_PRECONDITION', grpcV100: 'UNIMPLEMENTED', http: 400 },
  UnsupportedOperation: { jsonRpc: -32004, grpc: 'FAILED_PRECONDITION', grpcV100: 'UNIMPLEMENTED', http: 400 },
  ContentTypeNotSupported: { jsonRpc: -32005, grpc: 'INVALID_ARGUMENT', http: 400, httpV100: 415 },
  InvalidAgentResponse: { jsonRpc: -32006, grpc: 'INTERNAL', http: 500, httpV100: 502 },
  ExtendedAgentCardNotConfigured: { jsonRpc: -32007, grpc: 'FAILED_PRECONDITION', http: 400 },
  ExtensionSupportRequired: { jsonRpc: -32008, grpc: 'FAILED_PRECONDITION', http: 400 },
  VersionNotSupported: { jsonRpc: -32009, grpc: 'FAILED_PRECONDITION', grpcV100: 'UNIMPLEMENTED', http: 400 },
  // The JSON-RPC standard errors, with the status the HTTP+JSON binding gives their cause.
  ParseError: { jsonRpc: -32700, grpc: 'INVALID_ARGUMENT', http: 400 },
  InvalidRequest: { jsonRpc: -32600, grpc: 'INVALID_ARGUMENT', http: 400 },
  MethodNotFound: { jsonRpc: -32601, grpc: 'UNIMPLEMENTED', http: 404 },
  InvalidParams: { jsonRpc: -32602, grpc: 'INVALID_ARGUMENT', http: 400 },
  Internal: { jsonRpc: -32603, grpc: 'INTERNAL', http: 500 },
} as const satisfies Record<
  string,
  {
    readonly jsonRpc: number;
    readonly grpc: string;
    readonly grpcV100?: string;
    readonly http: number;
    readonly httpV100?: number;
  }
>;

/** @experimental SVCEXP001 */
export type V1ErrorKind = keyof typeof v1ErrorKinds;

/** The `google.rpc` status names of the HTTP statuses used. */
const httpStatusNames: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  404: 'NOT_FOUND',
  409: 'FAILED_PRECONDITION',
  415: 'INVALID_ARGUMENT',
  500: 'INTERNAL',
  502: 'INTERNAL',
};

/** The specification's error domain in `google.rpc.ErrorInfo`. */
export const a2aErrorDomain = 'a2a-protocol.org';

/**
 * An A2A protocol error: what the operations throw and each binding writes in its own
 * form. `message` says what is wrong and what to do.
 *
 * @experimental SVCEXP001
 */
export class V1ProtocolError extends Error {
  readonly kind: V1ErrorKind;
  readonly metadata: Readonly<Record<string, string>>;

  constructor(kind: V1ErrorKind, message: string, metadata: Record<string, string> = {}) {
    super(message);
    this.name = 'V1ProtocolError';
    this.kind = kind;
    this.metadata = metadata;
  }

  /** `TASK_NOT_FOUND`: the ErrorInfo reason, the kind's name in capitals without `Error`. */
  get reason(): string {
    return this.kind.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  }

  /** The `google.rpc.ErrorInfo` detail (A2A errors only; the JSON-RPC standard ones have none). */
  details(): Record<string, unknown>[] {
    if (v1ErrorKinds[this.kind].jsonRpc <= -32600) return [];
    return [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: this.reason,
        domain: a2aErrorDomain,
        ...(Object.keys(this.metadata).length === 0 ? {} : { metadata: this.metadata }),
      },
    ];
  }

  /** The JSON-RPC `error` member. */
  toJsonRpc(): { code: number; message: string; data?: Record<string, unknown>[] } {
    const details = this.details();
    return {
      code: v1ErrorKinds[this.kind].jsonRpc,
      message: this.message,
      ...(details.length ? { data: details } : {}),
    };
  }

  /** The HTTP status of the HTTP+JSON binding, by specification revision. */
  httpStatus(revision: '1.0.0' | '1.0.1'): number {
    const codes: { http: number; httpV100?: number } = v1ErrorKinds[this.kind];
    return revision === '1.0.0' ? (codes.httpV100 ?? codes.http) : codes.http;
  }

  /** The gRPC status name, by specification revision. */
  grpcStatus(revision: '1.0.0' | '1.0.1'): string {
    const codes: { grpc: string; grpcV100?: string } = v1ErrorKinds[this.kind];
    return revision === '1.0.0' ? (codes.grpcV100 ?? codes.grpc) : codes.grpc;
  }

  /** The HTTP+JSON body: `google.rpc.Status` in its JSON form. */
  toHttpBody(revision: '1.0.0' | '1.0.1'): { error: Record<string, unknown> } {
    const code = this.httpStatus(revision);
    return {
      error: { code, status: httpStatusNames[code] ?? 'UNKNOWN', message: this.message, details: this.details() },
    };
  }
}
