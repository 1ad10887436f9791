import type { DualEraDispatcher } from './dual-era-dispatcher.js';
import {
  errorResponse,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcCodes,
  readMessage,
} from './json-rpc.js';
import { LegacySession } from './legacy-session.js';

/** Longest message accepted, as the official SDK's HTTP transport: 4 MiB. */
export const defaultMaxMessageBytes = 4 * 1024 * 1024;

export interface StdioServeOptions {
  readonly dispatcher: DualEraDispatcher;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  readonly maxMessageBytes?: number;
  /** Told about anything that is not a protocol answer (a write that failed). */
  readonly onProblem?: (problem: string) => void;
}

/**
 * Serves MCP over newline-delimited JSON on a pair of streams. Requests run
 * concurrently and are answered as they finish; `notifications/cancelled` stops the
 * named request (a `subscriptions/listen` stream too); a line longer than the limit is
 * answered with a parse error and skipped. The connection is one legacy session: its
 * subscriptions' updates are written between the answers. Resolves once the input has
 * ended and every request is answered.
 */
export function serveMcpOverStdio(options: StdioServeOptions): Promise<void> {
  const limit = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const running = new Map<string, AbortController>();
  const pending = new Set<Promise<void>>();
  const live = new Set<AbortController>();
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let skipping = false;

  const send = (response: JsonRpcResponse | JsonRpcNotification | JsonRpcRequest) => {
    try {
      options.output.write(`${JSON.stringify(response)}\n`);
    } catch (error) {
      options.onProblem?.(`could not write an answer: ${(error as Error).message}`);
    }
  };

  // The connection is the legacy session: its initialize, log level and subscriptions.
  const session = new LegacySession();
  session.push = send;
  const ended = new AbortController();

  const handle = (line: string) => {
    if (line.trim() === '') return;
    const incoming = readMessage(line);
    if (incoming.kind === 'notification') {
      if (incoming.message.method === 'notifications/cancelled') {
        const id = incoming.message.params?.requestId;
        running.get(JSON.stringify(id))?.abort(new Error('the client cancelled the request'));
      }
      return;
    }
    const key = incoming.kind === 'request' ? JSON.stringify(incoming.message.id) : undefined;
    // One controller per request, kept in `live` so that the end of serving aborts them all
    // (cheaper per request than AbortSignal.any with a shared signal).
    const controller = new AbortController();
    const signal = controller.signal;
    live.add(controller);
    if (key !== undefined) running.set(key, controller);
    // Progress and log notifications of a call, and its requests to the client, go out as lines before its answer.
    const work = options.dispatcher
      .dispatch(incoming, { signal, notify: send, session, connectionEnded: ended.signal })
      .then((result) => {
        if (result.response !== undefined) send(result.response);
      })
      .finally(() => {
        live.delete(controller);
        if (key !== undefined && running.get(key) === controller) running.delete(key);
        pending.delete(work);
      });
    pending.add(work);
  };

  return new Promise<void>((resolve) => {
    options.input.on('data', (chunk: Buffer | string) => {
      let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      for (let newline = data.indexOf(10); ; newline = data.indexOf(10)) {
        const part = newline === -1 ? data : data.subarray(0, newline);
        if (!skipping) {
          bufferedBytes += part.length;
          if (bufferedBytes > limit) {
            skipping = true;
            buffered = [];
            send(
              errorResponse(
                null,
                jsonRpcCodes.parseError,
                `Parse error: a message is longer than ${limit} bytes and was skipped; send smaller messages.`,
              ),
            );
          } else buffered.push(part);
        }
        if (newline === -1) break;
        if (!skipping) handle(Buffer.concat(buffered).toString('utf8'));
        buffered = [];
        bufferedBytes = 0;
        skipping = false;
        data = data.subarray(newline + 1);
      }
    });
    const finish = () => {
      if (!skipping && bufferedBytes > 0) handle(Buffer.concat(buffered).toString('utf8'));
      buffered = [];
      bufferedBytes = 0;
      ended.abort();
      void Promise.allSettled([...pending]).then(() => resolve());
    };
    options.input.once('end', finish);
    options.input.once('close', finish);
  }).finally(() => {
    session.end();
    for (const controller of live) controller.abort(new Error('the MCP server stopped serving'));
  });
}
