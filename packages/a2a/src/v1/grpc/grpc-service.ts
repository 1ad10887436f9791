import type { TLSSocket } from 'node:tls';
import {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksRequest,
  ListTasksResponse,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from '@a2a-js/sdk';
import type { A2AService } from '@a2a-js/sdk/server/grpc';
import type {
  Metadata,
  ServerUnaryCall,
  ServerWritableStream,
  StatusObject,
  sendUnaryData,
  UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Logger } from '@orkeon/core';
import { anonymousCaller } from '../../security/caller-identity.js';
import { protocolErrorOf } from '../server/json-rpc-binding.js';
import { dispatchV1 } from '../server/v1-dispatch.js';
import type { V1Operations } from '../server/v1-operations.js';
import { negotiateVersion } from '../server/version-negotiation.js';
import type { V1StreamResponse } from '../wire/task.js';
import type { A2AGrpcCallSecurity } from './grpc-call-security.js';
import { grpcRefusalStatus, grpcStatusOf } from './grpc-status.js';

/** What the service needs from the server it runs in. */
export interface A2AGrpcServiceParts {
  readonly operations: V1Operations;
  readonly logger: Logger;
  readonly security: A2AGrpcCallSecurity | undefined;
  /** `A2A:SpecificationRevision`: v1.0.0 answers a few errors `UNIMPLEMENTED` where v1.0.1 says `FAILED_PRECONDITION`. */
  readonly revision: '1.0.0' | '1.0.1';
  /** The TLS connection a call came on, by its peer (`address:port`); `undefined` on plain TCP. */
  socketOf(peer: string): TLSSocket | undefined;
}

/** How one rpc maps onto a v1.0 operation: its name, its request as ProtoJSON, its answer from ProtoJSON. */
interface RpcBinding {
  readonly operation: string;
  params(request: unknown): unknown;
  /** Unary rpcs: the operation's answer (ProtoJSON) as the rpc's response message. */
  readonly answer?: (value: unknown) => unknown;
}

type ProtoJson<T> = { toJSON(message: T): unknown };
type FromProtoJson = { fromJSON(object: never): unknown };

function rpc<T>(operation: string, request: ProtoJson<T>, answer?: FromProtoJson | 'empty'): RpcBinding {
  return {
    operation,
    params: (message) => request.toJSON(message as T),
    ...(answer === undefined
      ? {}
      : { answer: answer === 'empty' ? () => ({}) : (value: unknown) => answer.fromJSON(value as never) }),
  };
}

/**
 * Every rpc of `lf.a2a.v1.A2AService`, each onto the operation of the same name. The push
 * and extended-card rpcs go through `dispatchV1` too, which answers them as the HTTP
 * bindings do.
 */
const rpcs: Readonly<Record<keyof typeof A2AService, RpcBinding>> = {
  sendMessage: rpc('SendMessage', SendMessageRequest, SendMessageResponse),
  sendStreamingMessage: rpc('SendStreamingMessage', SendMessageRequest),
  getTask: rpc('GetTask', GetTaskRequest, Task),
  listTasks: rpc('ListTasks', ListTasksRequest, ListTasksResponse),
  cancelTask: rpc('CancelTask', CancelTaskRequest, Task),
  subscribeToTask: rpc('SubscribeToTask', SubscribeToTaskRequest),
  createTaskPushNotificationConfig: rpc(
    'CreateTaskPushNotificationConfig',
    TaskPushNotificationConfig,
    TaskPushNotificationConfig,
  ),
  getTaskPushNotificationConfig: rpc(
    'GetTaskPushNotificationConfig',
    GetTaskPushNotificationConfigRequest,
    TaskPushNotificationConfig,
  ),
  listTaskPushNotificationConfigs: rpc(
    'ListTaskPushNotificationConfigs',
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse,
  ),
  getExtendedAgentCard: rpc('GetExtendedAgentCard', GetExtendedAgentCardRequest, AgentCard),
  deleteTaskPushNotificationConfig: rpc(
    'DeleteTaskPushNotificationConfig',
    DeleteTaskPushNotificationConfigRequest,
    'empty',
  ),
};

/**
 * The implementation of `lf.a2a.v1.A2AService` over the v1.0 operations. Each call is
 * checked (`A2A:Security`), then its `a2a-version` metadata is negotiated as the HTTP
 * bindings negotiate the `A2A-Version` header (none means 0.3, which is refused), then
 * its request, as ProtoJSON, goes to `dispatchV1`. Server-streaming rpcs write every
 * event and end when the operation's stream ends; a client that cancels stops the reading.
 */
export function a2aGrpcService(parts: A2AGrpcServiceParts): UntypedServiceImplementation {
  const implementation: UntypedServiceImplementation = {};
  for (const [name, binding] of Object.entries(rpcs))
    implementation[name] =
      binding.answer === undefined ? streaming(parts, binding) : unary(parts, binding, binding.answer);
  return implementation;
}

type Call = ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>;

function unary(parts: A2AGrpcServiceParts, binding: RpcBinding, answer: (value: unknown) => unknown) {
  return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
    void (async () => {
      try {
        const admitted = await admit(parts, call);
        if ('refused' in admitted) return callback(admitted.refused);
        const params = binding.params(call.request);
        const outcome = await dispatchV1(parts.operations, binding.operation, params, admitted.identity);
        if (outcome.kind !== 'answer') throw new Error(`${binding.operation} answered a stream to a unary rpc.`);
        callback(null, answer(outcome.value));
      } catch (error) {
        callback(grpcStatusOf(protocolErrorOf(error, parts.logger), parts.revision));
      }
    })();
  };
}

function streaming(parts: A2AGrpcServiceParts, binding: RpcBinding) {
  return (call: ServerWritableStream<unknown, unknown>): void => {
    let iterator: AsyncIterator<V1StreamResponse> | undefined;
    call.on('cancelled', () => {
      void iterator?.return?.();
    });
    void (async () => {
      try {
        const admitted = await admit(parts, call);
        if ('refused' in admitted) {
          call.emit('error', admitted.refused);
          return;
        }
        const params = binding.params(call.request);
        const outcome = await dispatchV1(parts.operations, binding.operation, params, admitted.identity);
        if (outcome.kind !== 'stream') throw new Error(`${binding.operation} answered once to a streaming rpc.`);
        iterator = outcome.events[Symbol.asyncIterator]();
        if (call.cancelled) {
          await iterator.return?.();
          return;
        }
        for (;;) {
          const next = await iterator.next();
          if (next.done === true || call.cancelled) break;
          if (!call.write(StreamResponse.fromJSON(next.value as never))) await writable(call);
        }
        call.end();
      } catch (error) {
        call.emit('error', grpcStatusOf(protocolErrorOf(error, parts.logger), parts.revision));
      }
    })();
  };
}

/** The call's security and version checks: who called, to go on, or the status to answer. */
async function admit(
  parts: A2AGrpcServiceParts,
  call: Call,
): Promise<{ readonly refused: Partial<StatusObject> } | { readonly identity: string }> {
  let identity = anonymousCaller;
  if (parts.security !== undefined) {
    const verdict = await parts.security.check({
      metadata: (key) => metadataText(call.metadata, key),
      socket: parts.socketOf(call.getPeer()),
      method: call.getPath(),
    });
    if (verdict !== undefined && 'status' in verdict) return { refused: grpcRefusalStatus(verdict) };
    if (verdict !== undefined) identity = verdict.identity;
  }
  negotiateVersion(metadataText(call.metadata, 'a2a-version'), undefined);
  return { identity };
}

function metadataText(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return value === undefined ? undefined : typeof value === 'string' ? value : value.toString('utf8');
}

/** Resolves once the stream takes writes again, or the client went away. */
function writable(call: ServerWritableStream<unknown, unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
  });
}
