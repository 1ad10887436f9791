/**
 * Every error code of `@orkeon/a2a`, each with what happened and what to do (rules: `coreErrorCodes`
 * in `@orkeon/core`). These are codes of thrown errors; the HTTP answers of the A2A surface are
 * JSON bodies `{ "error": … }` whose shape the A2A contract fixes.
 *
 * @experimental SVCEXP001
 */
export const a2aErrorCodes = {
  // Client and discovery (`A2AClientError`)
  A2A_CLIENT_STATUS_UNSUCCESSFUL: 'The agent answered a non-2xx status: `status` and `serverError` carry its answer.',
  A2A_CLIENT_TLS_FAILED:
    "The server certificate failed validation (untrusted chain, host-name mismatch, expiry): trust its CA, or fix the server's certificate.",
  A2A_CLIENT_TIMEOUT: 'No complete answer came within the time limit: raise `timeoutMilliseconds` or check the agent.',
  A2A_CLIENT_ABORTED: "The caller's abort signal stopped the call.",
  A2A_CLIENT_NETWORK_FAILED:
    'The agent could not be reached (refused, reset, unknown host): check its URL and that it runs.',
  A2A_CLIENT_RESPONSE_INVALID: 'The answer is not JSON of the A2A shape expected: check that the URL is an A2A agent.',
  A2A_CLIENT_CONFIGURATION_INVALID:
    "The client's own settings cannot be used (an unreadable certificate file, bad credentials): the message names the setting.",
  A2A_CLIENT_OPERATION_UNSUPPORTED:
    'The agent speaks a protocol version without this operation (A2A 0.3 has no task listing over JSON-RPC); nothing was sent: do without it, or call an interface that has it.',

  // Server and security
  A2A_SHARED_DIRECTORY_STORE_MISSING:
    '`A2A:Directory:Shared` is on but no DocumentStore is registered to hold the directory: register one (addPostgresCheckpointing), or turn the setting off.',
  A2A_SERVER_NOT_BOUND:
    'The server has no service provider to create request scopes from: start it with `startA2AServer(provider)`.',
  A2A_SERVER_OPTION_INVALID:
    "The server's `now` or `newId` option is not a function, or gave a time or task id it cannot write: the message names which.",
  A2A_CARD_SIGNING_KEY_INVALID:
    'A card key of `A2A:CardSigning` or `A2A:PeerCardKeys` cannot be used (unreadable file, not a PEM key of the right kind, an algorithm the key cannot use): the message names the file and what to give instead.',
  A2A_CLIENT_CARD_UNTRUSTED:
    'A card read with trusted card keys carries no signature that verifies with one of them (unsigned, signed by another key, changed after signing): the message gives the reason of each signature.',
  A2A_SECURITY_MISCONFIGURED:
    'The `A2A:Security` settings cannot be enforced (no trust anchor, a scheme without a validator): the server fails closed.',
  A2A_BINDING_UNSAFE:
    'The server was asked to listen beyond loopback without credentials or mutual TLS: protect it, or listen on localhost.',
  A2A_GRPC_LISTEN_FAILED:
    'The gRPC binding cannot listen on `A2A:Host` and `A2A:GrpcPort` (taken, or not an address of this machine): choose another port (0 picks a free one).',
  A2A_EXTENDED_CARD_UNPROTECTED:
    '`A2A:ExtendedCard:Enabled` is true on a server that authenticates no caller: set `A2A:Security` credentials or mutual TLS, or turn the extended card off.',
  A2A_GRPC_PACKAGES_MISSING:
    '`A2A:GrpcPort` is set, but the packages of the gRPC binding are not installed: `npm install @grpc/grpc-js @bufbuild/protobuf @a2a-js/sdk`.',
  A2A_GRPC_SECURITY_MISSING:
    'The gRPC binding was asked for on a server whose HTTP requests are guarded, without checks for gRPC calls: build the server through `addSvcA2A`, or pass `grpcSecurity`.',

  // Registration and task persistence
  A2A_AGENT_REGISTRATION_INVALID: 'An agent registration the directory cannot hold: the message names the problem.',
  A2A_PERSISTENCE_DOCUMENT_STORE_MISSING:
    '`addSvcA2ATaskPersistence` was called before any `DocumentStore` was registered: register one first.',
  A2A_PERSISTENCE_STATE_STORE_MISSING:
    'Deprecated (no longer thrown): `addSvcA2ATaskPersistence` needed a `StateStore`; it needs a `DocumentStore` now.',
  A2A_TASK_RECORD_UNREADABLE:
    "A stored task record is not one this version can read: delete it from collection 'a2a-tasks', or use the version that wrote it.",

  // A2A v1.0 push notifications
  A2A_PUSH_ADDRESS_REFUSED:
    'A webhook address is private, loopback, link-local, cloud metadata or otherwise not public: use a public address, or add the host to `A2A:PushNotifications:AllowedHosts`.',
  A2A_PUSH_RECORD_UNREADABLE:
    "A stored push notification config or pending delivery is not one this version can read: delete it from collection 'a2a-v1-push-configs' or 'a2a-v1-push-deliveries', or use the version that wrote it.",
} as const;

/** @experimental SVCEXP001 */
export type A2AErrorCode = keyof typeof a2aErrorCodes;
