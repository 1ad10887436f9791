import type { Logger } from '@orkeon/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { V1ProtocolError } from '../wire/protocol-error.js';
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
 * data } }` with HTTP 200, as the specification's codes (-32001 … -32009) say.
 */
export async function handleJsonRpc(
  operations: V1Operations,
  logger: Logger,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  let id: JsonRpcId = null;
  try {
    const body = receivedJson(request.body);
    const call = readCall(body);
    id = call.id;
    negotiateVersion(request.headers['a2a-version'], request.query);
    const outcome = await dispatchV1(operations, call.method, call.params);
    if (outcome.kind === 'answer') return reply.code(200).send({ jsonrpc: '2.0', id, result: outcome.value });
    reply.hijack();
    const streamId = id;
    await writeEventStream(
      reply.raw,
      outcome.events,
      (event) => ({ jsonrpc: '2.0', id: streamId, result: event }),
      (error) => ({ jsonrpc: '2.0', id: streamId, error: protocolErrorOf(error, logger).toJsonRpc() }),
    );
    return reply;
  } catch (error) {
    return reply.code(200).send({ jsonrpc: '2.0', id, error: protocolErrorOf(error, logger).toJsonRpc() });
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
