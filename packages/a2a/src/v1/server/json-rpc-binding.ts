import type { Logger } from '@orkeon/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerIdentityOf } from '../../security/caller-identity.js';
import { dispatchV03, isV03Method } from '../compat-v03/v03-dispatch.js';
import { v03JsonRpcError } from '../compat-v03/v03-errors.js';
import { V1ProtocolError } from '../wire/protocol-error.js';
import { v1ProtocolVersion, v03ProtocolVersion } from './agent-card-v1.js';
import { writeEventStream } from './event-stream.js';
import { receivedJson } from './v1-content-types.js';
import { dispatchV1 } from './v1-dispatch.js';
import type { V1Operations } from './v1-operations.js';
import { negotiateVersion } from './version-negotiation.js';

type JsonRpcId = string | number | null;

/**
 * The JSON-RPC 2.0 binding: one POST with `{ jsonrpc: "2.0", id, method, params }`. An
 * answer is `{ jsonrpc, id, result }`; a stream is SSE whose every `data:` line is such a
 * response with the request's id; an error is `{ jsonrpc, id, error: { code, message,
 * data } }` with HTTP 200, as the specification's codes (-32001 … -32009) say. With
 * `serveV03`, a request in A2A 0.3 (`A2A-Version: 0.3`, or none) is served by the 0.3
 * methods (`message/send`, …) over the same operations, and answered in 0.3 shapes.
 */
export async function handleJsonRpc(
  operations: V1Operations,
  logger: Logger,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { readonly serveV03?: boolean } = {},
): Promise<FastifyReply> {
  let id: JsonRpcId = null;
  let v03 = false;
  const errorOf = (error: unknown) => {
    const problem = protocolErrorOf(error, logger);
    return v03 ? v03JsonRpcError(problem) : problem.toJsonRpc();
  };
  try {
    const body = receivedJson(request.body);
    const call = readCall(body);
    id = call.id;
    const supported = options.serveV03 === true ? [v1ProtocolVersion, v03ProtocolVersion] : [v1ProtocolVersion];
    v03 = negotiateVersion(request.headers['a2a-version'], request.query, supported) === v03ProtocolVersion;
    if (!v03 && options.serveV03 === true && isV03Method(call.method))
      throw new V1ProtocolError(
        'MethodNotFound',
        `'${call.method}' is an A2A 0.3 method, and this request is A2A ${v1ProtocolVersion}: send it with A2A-Version: ${v03ProtocolVersion} (or none).`,
      );
    const identity = callerIdentityOf(request.raw);
    const outcome = v03
      ? await dispatchV03(operations, call.method, call.params, identity)
      : await dispatchV1(operations, call.method, call.params, identity);
    if (outcome.kind === 'answer') return reply.code(200).send({ jsonrpc: '2.0', id, result: outcome.value });
    reply.hijack();
    const streamId = id;
    await writeEventStream(
      reply.raw,
      outcome.events,
      (event) => ({ jsonrpc: '2.0', id: streamId, result: event }),
      (error) => ({ jsonrpc: '2.0', id: streamId, error: errorOf(error) }),
    );
    return reply;
  } catch (error) {
    return reply.code(200).send({ jsonrpc: '2.0', id, error: errorOf(error) });
  }
}

function readCall(body: unknown): { id: JsonRpcId; method: string; params: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new V1ProtocolError(
      'InvalidRequest',
      'A JSON-RPC request is one object: {"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{…}}.',
    );
  const { jsonrpc, id, method, params } = body as Record<string, unknown>;
  if (jsonrpc !== '2.0') throw new V1ProtocolError('InvalidRequest', 'jsonrpc must be "2.0".');
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number')
    throw new V1ProtocolError('InvalidRequest', 'id is a string or a number.');
  if (typeof method !== 'string' || method === '')
    throw new V1ProtocolError('InvalidRequest', 'method names the operation, e.g. "SendMessage".');
  return { id: (id ?? null) as JsonRpcId, method, params };
}

/** A thrown protocol error as it is; anything else is logged and answered as an internal error. */
export function protocolErrorOf(error: unknown, logger: Logger): V1ProtocolError {
  if (error instanceof V1ProtocolError) return error;
  logger.error({ err: error }, 'A2A v1.0 request failed unexpectedly.');
  return new V1ProtocolError('Internal', 'Internal server error. The cause is in the server log.');
}
