import dns from 'node:dns';
import net from 'node:net';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnnxSentenceEmbeddingProvider, UniversalSentenceEncoderProvider } from '../src/index.js';
import { writeTinySentenceModel } from './support/tiny-sentence-model.js';

// Every way out of the process fails and is written down while the models load and embed:
// fetch, any socket connect (HTTP clients, undici, a raw socket) and name lookups.
const attempts: string[] = [];
const cut = new Error('the network is cut off in this test');
const original = {
  fetch: globalThis.fetch,
  connect: net.Socket.prototype.connect,
  lookup: dns.lookup,
  promisesLookup: dns.promises.lookup,
};
let folder: TemporaryDirectory;

beforeAll(async () => {
  folder = await createTemporaryDirectory('orkeon-offline-');
  await writeTinySentenceModel(join(folder.path, 'tiny'));
  globalThis.fetch = async (input) => {
    attempts.push(`fetch ${input instanceof Request ? input.url : String(input)}`);
    throw cut;
  };
  net.Socket.prototype.connect = function refuse(this: net.Socket, ...args: unknown[]): never {
    attempts.push(`connect ${JSON.stringify(args[0]).slice(0, 80)}`);
    throw cut;
  } as typeof net.Socket.prototype.connect;
  dns.lookup = ((hostname: string) => {
    attempts.push(`lookup ${hostname}`);
    throw cut;
  }) as unknown as typeof dns.lookup;
  dns.promises.lookup = (async (hostname: string) => {
    attempts.push(`lookup ${hostname}`);
    throw cut;
  }) as typeof dns.promises.lookup;
});

afterAll(async () => {
  globalThis.fetch = original.fetch;
  net.Socket.prototype.connect = original.connect;
  dns.lookup = original.lookup;
  dns.promises.lookup = original.promisesLookup;
  await folder.remove();
});

describe('the local models with the network cut off', () => {
  it('the cut-off works: fetch and sockets fail and are recorded', async () => {
    await expect(fetch('http://127.0.0.1:8080/probe')).rejects.toThrow('cut off');
    expect(() => net.connect(8080, '127.0.0.1')).toThrow('cut off');
    expect(attempts).toEqual(['fetch http://127.0.0.1:8080/probe', expect.stringMatching(/^connect .*"port":8080/)]);
  });

  it('the bundled English model loads and embeds without trying to reach anything', async () => {
    attempts.length = 0;
    const encoder = new UniversalSentenceEncoderProvider();
    try {
      const [vector] = await encoder.embed(['Offline embeddings work on a fresh machine.']);
      expect(vector).toHaveLength(512);
    } finally {
      await encoder[Symbol.asyncDispose]();
    }
    expect(attempts).toEqual([]);
  });

  it('an ONNX model loads from its folder and embeds without trying to reach anything', async () => {
    attempts.length = 0;
    const embeddings = new OnnxSentenceEmbeddingProvider({ modelPath: join(folder.path, 'tiny') });
    try {
      expect(await embeddings.embed(['cats purr', 'dogs bark'])).toHaveLength(2);
    } finally {
      await embeddings[Symbol.asyncDispose]();
    }
    expect(attempts).toEqual([]);
  });
});
