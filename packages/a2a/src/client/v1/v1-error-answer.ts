import { a2aErrorDomain, type V1ErrorKind, V1ProtocolError, v1ErrorKinds } from '../../v1/wire/protocol-error.js';
import { A2AClientError } from '../a2a-client-error.js';
import { errorText } from '../response-parsing.js';
import { A2AV1AgentError } from './a2a-v1-agent-error.js';

const errorInfoType = 'type.googleapis.com/google.rpc.ErrorInfo';

const kinds = Object.keys(v1ErrorKinds) as V1ErrorKind[];
/** ErrorInfo reason → kind, with the reasons spelled the way the server side writes them. */
const kindsByReason = new Map(kinds.map((kind) => [new V1ProtocolError(kind, '').reason, kind]));
const kindsByJsonRpcCode = new Map<number, V1ErrorKind>(kinds.map((kind) => [v1ErrorKinds[kind].jsonRpc, kind]));

interface ErrorInfo {
  readonly reason: string;
  readonly metadata?: Readonly<Record<string, string>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first A2A `google.rpc.ErrorInfo` of a details array (another domain's reasons are not A2A's). */
function errorInfoOf(details: unknown): ErrorInfo | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (!isRecord(detail) || typeof detail.reason !== 'string') continue;
    if (detail['@type'] !== undefined && detail['@type'] !== errorInfoType) continue;
    if (detail.domain !== undefined && detail.domain !== a2aErrorDomain) continue;
    const metadata = isRecord(detail.metadata)
      ? Object.fromEntries(Object.entries(detail.metadata).filter((entry) => typeof entry[1] === 'string'))
      : undefined;
    return metadata === undefined
      ? { reason: detail.reason }
      : { reason: detail.reason, metadata: metadata as Record<string, string> };
  }
  return undefined;
}

function errorMessage(
  url: string,
  kind: V1ErrorKind | undefined,
  reason: string | undefined,
  message?: string,
): string {
  const name = kind ?? reason ?? 'an error';
  return `The agent at ${url} answered ${name}${message === undefined || message === '' ? '' : `: ${message}`}`;
}

/**
 * The error of a JSON-RPC answer (`{ code, message, data }`), when `value` is one. The
 * ErrorInfo reason in `data` names the error when present; else the code does.
 */
export function agentErrorFromJsonRpc(value: unknown, url: string, status?: number): A2AV1AgentError | undefined {
  if (!isRecord(value) || typeof value.code !== 'number' || !Number.isInteger(value.code)) return undefined;
  const message = typeof value.message === 'string' ? value.message : undefined;
  const info = errorInfoOf(value.data);
  const kind = (info === undefined ? undefined : kindsByReason.get(info.reason)) ?? kindsByJsonRpcCode.get(value.code);
  return new A2AV1AgentError(errorMessage(url, kind, info?.reason, message), {
    url,
    a2aError: kind,
    serverError: message,
    jsonRpcCode: value.code,
    ...(info === undefined ? {} : { reason: info.reason }),
    ...(info?.metadata === undefined ? {} : { metadata: info.metadata }),
    ...(status === undefined ? {} : { status }),
  });
}

/**
 * The error of an HTTP+JSON answer: the JSON form of `google.rpc.Status`
 * (`{ "error": { code, status, message, details } }`), when `value` is one. Only the
 * ErrorInfo reason names the A2A error: an HTTP status is shared by several.
 */
export function agentErrorFromStatus(value: unknown, url: string, status?: number): A2AV1AgentError | undefined {
  const error = isRecord(value) ? value.error : undefined;
  if (!isRecord(error) || (error.message === undefined && error.details === undefined && error.status === undefined)) {
    return undefined;
  }
  const message = typeof error.message === 'string' ? error.message : undefined;
  const info = errorInfoOf(error.details);
  const kind = info === undefined ? undefined : kindsByReason.get(info.reason);
  const statusName = typeof error.status === 'string' ? error.status : undefined;
  // An error event inside a stream has no HTTP status of its own: the body's code is it.
  const code = status ?? (typeof error.code === 'number' ? error.code : undefined);
  const name = info?.reason ?? statusName ?? (code === undefined ? undefined : `status ${code}`);
  return new A2AV1AgentError(errorMessage(url, kind, name, message), {
    url,
    a2aError: kind,
    serverError: message,
    ...(code === undefined ? {} : { status: code }),
    ...(info === undefined ? {} : { reason: info.reason }),
    ...(info?.metadata === undefined ? {} : { metadata: info.metadata }),
  });
}

/** A non-2xx answer that carries no A2A error: its status, and the seed-style `error` text if any. */
export function unsuccessfulStatus(url: string, status: number, text: string): A2AClientError {
  const serverError = errorText(text);
  return new A2AClientError(
    'A2A_CLIENT_STATUS_UNSUCCESSFUL',
    `The agent at ${url} answered ${status}${serverError === undefined ? '' : `: ${serverError}`}`,
    serverError === undefined ? { url, status } : { url, status, serverError },
  );
}
