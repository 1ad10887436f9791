import type { ServerResponse } from 'node:http';
import { A2A_SSE_DONE, A2A_SSE_STATUS_EVENT } from '../wire/sse.js';
import type { A2ATaskResult } from '../wire/task-result.js';

/** Writes the `sendSubscribe` stream on a hijacked response. Writes after the client left are dropped. */
export class SseWriter {
  readonly #response: ServerResponse;

  constructor(response: ServerResponse) {
    this.#response = response;
  }

  open(): void {
    this.#response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.#response.flushHeaders();
  }

  status(result: A2ATaskResult): void {
    this.#write(`event: ${A2A_SSE_STATUS_EVENT}\ndata: ${JSON.stringify(result)}\n\n`);
  }

  done(): void {
    this.#write(`data: ${A2A_SSE_DONE}\n\n`);
    if (!this.#response.writableEnded) this.#response.end();
  }

  #write(text: string): void {
    if (!this.#response.writableEnded && !this.#response.destroyed) this.#response.write(text);
  }
}
