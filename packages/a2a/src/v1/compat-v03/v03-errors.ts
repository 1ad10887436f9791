import { type V1ProtocolError, v1ErrorKinds } from '../wire/protocol-error.js';

/**
 * The JSON-RPC `error` member of an A2A 0.3 answer: `{ code, message }`. 0.3 has the same
 * codes (-32001 `TaskNotFoundError` … -32007, and the JSON-RPC standard ones) and no
 * `google.rpc.ErrorInfo` details.
 */
export function v03JsonRpcError(error: V1ProtocolError): { code: number; message: string } {
  return { code: v1ErrorKinds[error.kind].jsonRpc, message: error.message };
}
