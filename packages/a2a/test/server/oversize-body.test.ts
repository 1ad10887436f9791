import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardRequestBody } from '../../src/server/oversize-body.js';
import { type HostProcess, startHostProcess } from './start-host-process.js';

const rounds = 30;
const oversize = Buffer.alloc(12 * 1024 * 1024, 'x');
let host: HostProcess;

beforeAll(async () => {
  host = await startHostProcess();
});
afterAll(async () => {
  await host.stop();
});

type Outcome = string;

/** The status, or the error code when the connection failed: a reset shows up here as ECONNRESET or EPIPE. */
async function upload(dispatcher: Agent, body: Buffer | (() => AsyncIterable<Buffer>)): Promise<Outcome> {
  try {
    const response = await request(`${host.url}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'function' ? Readable.from(body()) : body,
      dispatcher,
    });
    const answer = (await response.body.json()) as { error?: string; limitBytes?: number };
    expect(answer.limitBytes).toBe(1024 * 1024);
    expect(answer.error).toMatch(/larger than the limit of 1048576 bytes \(A2A:BodyLimitBytes\)/);
    expect(response.headers.connection).toBe('close');
    return String(response.statusCode);
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? 'unknown';
    return `error:${code}`;
  }
}

describe('an oversize body from a client still sending (server in its own process)', () => {
  it(`answers 413 and closes cleanly, ${rounds} times in a row over a kept-alive connection`, async () => {
    const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 1 });
    try {
      const outcomes: Outcome[] = [];
      for (let round = 0; round < rounds; round += 1) outcomes.push(await upload(dispatcher, oversize));
      expect(outcomes).toEqual(Array(rounds).fill('413'));
      // The connection after a 413 is a fresh one, and it works.
      const small = await request(`${host.url}/a2a/tasks/send`, {
        method: 'POST',
        body: JSON.stringify({ skillId: 'echo', input: 'small' }),
        dispatcher,
      });
      expect(await small.body.json()).toMatchObject({ status: 'Completed', output: 'echo: small' });
    } finally {
      await dispatcher.close();
    }
  });

  it('does the same for a streamed body without Content-Length', async () => {
    const streamed = async function* () {
      for (let sent = 0; sent < oversize.length; sent += 256 * 1024) yield oversize.subarray(sent, sent + 256 * 1024);
    };
    const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 1 });
    try {
      const outcomes: Outcome[] = [];
      for (let round = 0; round < 10; round += 1) outcomes.push(await upload(dispatcher, streamed));
      expect(outcomes).toEqual(Array(10).fill('413'));
    } finally {
      await dispatcher.close();
    }
  });
});

describe('discardRequestBody', () => {
  async function withServer(handle: (request: IncomingMessage) => Promise<boolean>, size: number): Promise<boolean> {
    let verdict: Promise<boolean> = Promise.resolve(false);
    const server = createServer((incoming, response) => {
      verdict = handle(incoming);
      void verdict.then(() => response.end('done'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await request(`http://127.0.0.1:${port}/`, { method: 'POST', body: Buffer.alloc(size) }).then(
        (response) => response.body.text(),
        () => '',
      );
      return await verdict;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('reads a body to its end within the limits', async () => {
    expect(await withServer((incoming) => discardRequestBody(incoming), 3 * 1024 * 1024)).toBe(true);
  });

  it('gives up past its byte limit instead of reading forever', async () => {
    const limits = { bytes: 64 * 1024, milliseconds: 10_000 };
    expect(await withServer((incoming) => discardRequestBody(incoming, limits), 3 * 1024 * 1024)).toBe(false);
  });
});
